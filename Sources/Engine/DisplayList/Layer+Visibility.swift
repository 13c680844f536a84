extension Layer {
    /// The whole of `screen` shown as it is: opaque, unshaded, untransformed. Every transition
    /// starts on the from-screen and ends on the to-screen drawn like this.
    public static func fullScreen(_ screen: ScreenRole, size: Size, zOrder: Double = 0) -> Layer {
        Layer(screen: screen, sourceRect: Rect(covering: size), zOrder: zOrder)
    }

    /// The corners of `sourceRect` where they land on screen, in points, clockwise from the
    /// top-left as seen unturned; nil when a corner is at or behind the eye.
    func projectedCorners() -> [Point]? {
        let rect = sourceRect
        let corners = [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                       Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY)]
        var projected: [Point] = []
        for corner in corners {
            let image = transform.apply(x: corner.x, y: corner.y)
            guard image.w > 1e-9 else { return nil }
            projected.append(Point(x: image.x / image.w, y: image.y / image.w))
        }
        return projected
    }

    /// True when drawing the layer on a screen of `size` could change a pixel: it is not
    /// transparent, not edge-on or shrunk to nothing, not showing a back it hides, and not
    /// entirely off the screen. A layer reaching behind the eye counts as visible.
    func isVisible(on size: Size) -> Bool {
        guard opacity > 0 else { return false }
        guard let corners = projectedCorners() else { return true }
        var doubleArea = 0.0
        for index in corners.indices {
            let a = corners[index]
            let b = corners[(index + 1) % corners.count]
            doubleArea += a.x * b.y - b.x * a.y
        }
        // y grows downwards, so a quad seen from the front has a positive area here.
        let negligible = 1e-9 * size.width * size.height
        if abs(doubleArea) <= negligible { return false }
        if !isDoubleSided && doubleArea < 0 { return false }
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return false }
        return maxX > 0 && minX < size.width && maxY > 0 && minY < size.height
    }
}
