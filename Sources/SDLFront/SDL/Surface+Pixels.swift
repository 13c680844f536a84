import Rasterizer

extension PixelBuffer {
    /// A copy of `surface`'s pixels (ARGB8888).
    convenience init(copying surface: Surface) {
        self.init(width: surface.width, height: surface.height)
        guard let pixels = surface.handle.pointee.pixels else { return }
        let pitch = Int(surface.handle.pointee.pitch)
        for y in 0..<image.height {
            let source = (pixels + y * pitch).assumingMemoryBound(to: UInt32.self)
            image.row(y).update(from: source, count: image.width)
        }
    }
}

extension Surface {
    /// The surface's own pixels as an image, to draw into directly (valid while it lives).
    var pixelImage: PixelImage? {
        guard let pixels = handle.pointee.pixels else { return nil }
        return PixelImage(base: pixels.assumingMemoryBound(to: UInt32.self), width: width, height: height,
                          stride: Int(handle.pointee.pitch) / 4)
    }
}
