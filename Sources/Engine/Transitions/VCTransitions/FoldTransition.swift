import Glibc

/// VCTransitionsLibrary's fold (`CEFoldAnimationController`): each screen is an accordion of
/// `folds` folds, each fold two vertical strips hinged at the fold's edges. The from-screen
/// folds up against the right edge while the to-screen unfolds from the left edge. Seen in
/// perspective from 200 points (the original's m34 = −0.005); strips darken as they fold.
///
/// Strips turn by a quarter turn times the progress (the from-screen) or times what remains
/// (the to-screen), each strip's outer hinge placed so that the two strips of a fold meet,
/// which keeps every accordion in one piece. The accordions overlap in the middle, as in the
/// original; strips are drawn from the farthest to the nearest, so a nearly flat accordion
/// hides the one folded up behind it, whose strips perspective shows as walls.
public struct FoldTransition: Transition {
    /// `fold`.
    public let name = "fold"
    /// Number of folds across the screen (2 in the original), at least 1.
    public var folds: Int
    /// Distance from the eye to the screen, in points (200 in the original).
    public var eyeDistance: Double
    /// Darkening of a strip folded flat, 0…1 (the mean of the original's black gradient).
    public var shadowOpacity: Double

    /// Creates the fold.
    public init(folds: Int = 2, eyeDistance: Double = 200, shadowOpacity: Double = 0.5) {
        self.folds = max(folds, 1)
        self.eyeDistance = eyeDistance
        self.shadowOpacity = shadowOpacity
    }

    /// Two strips per fold for each screen between the ends; the whole screen at each end.
    public func forwardLayers(progress: Double, size: Size) -> [Layer] {
        if let resting = restingLayers(progress: progress, size: size) { return resting }
        let quarterTurn = Double.pi / 2
        let from = accordion(.from, angle: quarterTurn * progress, pinnedRight: true, shade: shadowOpacity * progress, size: size)
        let to = accordion(.to, angle: quarterTurn * (1 - progress), pinnedRight: false, shade: shadowOpacity * (1 - progress), size: size)
        return from + to
    }

    /// The strips of one screen folded by `angle`, squeezed against the right edge or the left.
    private func accordion(_ screen: ScreenRole, angle: Double, pinnedRight: Bool, shade: Double, size: Size) -> [Layer] {
        let stripWidth = size.width / Double(2 * folds)
        let squeeze = cos(angle)
        // Where the accordion's left end sits once squeezed to `squeeze` of the width.
        let start = pinnedRight ? size.width * (1 - squeeze) : 0
        var layers: [Layer] = []
        for strip in 0..<(2 * folds) {
            let isLeftOfFold = strip % 2 == 0
            let source = Rect(x: Double(strip) * stripWidth, y: 0, width: stripWidth, height: size.height)
            // Each strip turns about its hinge on the fold's outer edge: its left edge for the
            // left strip of a fold, its right edge for the right strip, so the fold's middle recedes.
            let hinge = isLeftOfFold ? source.minX : source.maxX
            let placedHinge = start + hinge * squeeze
            let rotation = Transform3D.rotation(angle: isLeftOfFold ? angle : -angle, x: 0, y: 1, z: 0)
            let transform = Transform3D.about(Point(x: hinge, y: size.height / 2), rotation)
                .then(.translation(x: placedHinge - hinge, y: 0))
                .seen(fromDistance: eyeDistance, center: size.center)
            // A strip's middle recedes by half its width times the sine of its turn.
            let depth = stripWidth / 2 * sin(angle)
            layers.append(Layer(screen: screen, sourceRect: source, transform: transform, shade: shade, zOrder: -depth))
        }
        return layers
    }
}
