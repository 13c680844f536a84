import CPixels

/// Blends rows of ARGB8888 pixels onto others with the arithmetic of SDL's own blitters: colour
/// modulated by the shade's `level` (s·level/255), then over the destination with the layer's
/// `alpha` (s·alpha/255 + d·(255 − alpha)/255), each division truncating. The rows are done
/// four pixels at a time in SSE2 by CPixels (`gesture_lab_blend`, `gesture_lab_modulate`);
/// ``blendPixel(_:over:alpha:level:)`` is the same arithmetic for one pixel, which the tests
/// hold every row to.
package enum RowBlender {
    /// Alpha fully opaque in ARGB8888.
    static let opaqueAlpha: UInt32 = 0xFF00_0000

    /// `x / 255`, truncated, exactly for every product of two bytes (x ≤ 65,025).
    @inline(__always)
    static func divideBy255(_ x: UInt32) -> UInt32 { (x + 1 + (x >> 8)) >> 8 }

    /// Draws `count` pixels of `source` over `destination`, modulated by `level` (0…255, the
    /// brightness left by the layer's shade) and blended with `alpha` (0…255, its opacity).
    @inline(__always)
    static func blend(_ source: UnsafePointer<UInt32>, over destination: UnsafeMutablePointer<UInt32>, count: Int,
                      alpha: UInt8, level: UInt8) {
        if alpha == 255 {
            modulate(source, into: destination, count: count, level: level)
            return
        }
        gesture_lab_blend(source, destination, count, alpha, level)
    }

    /// Writes `count` pixels of `source` darkened to `level` (0…255) into `destination`:
    /// an opaque layer's shade, with nothing of the destination showing through.
    @inline(__always)
    static func modulate(_ source: UnsafePointer<UInt32>, into destination: UnsafeMutablePointer<UInt32>, count: Int, level: UInt8) {
        gesture_lab_modulate(source, destination, count, level)
    }

    /// Blends `color` over a rectangle of `image` (in pixels) as SDL's software renderer fills
    /// one with blending, at no scale and on a viewport of the whole image (`SDL_RenderFillRectF`,
    /// `SDL_BlendFillRect`): x and y truncated, width and height truncated and at least one pixel,
    /// clipped to the image; each channel c·a/255 + d·(255 − a)/255, each term truncated. A row at
    /// a time in SSE2 instead of SDL's pixel at a time. The fourth byte is written opaque, where
    /// SDL writes zero on a surface without alpha (which nothing reads).
    package static func blendRectangle(_ color: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8), over image: PixelImage,
                               x: Double, y: Double, width: Double, height: Double) {
        // SDL takes the rectangle as Float and casts each number to int.
        func truncated(_ value: Double) -> Int {
            let single = Float(value)
            return single.isFinite ? Int(max(min(single, 1e9), -1e9)) : 0
        }
        let left = truncated(x), top = truncated(y)
        let right = min(left + max(truncated(width), 1), image.width), bottom = min(top + max(truncated(height), 1), image.height)
        guard max(left, 0) < right, max(top, 0) < bottom else { return }
        let columns = max(left, 0)..<right, rows = max(top, 0)..<bottom
        let pixel = opaqueAlpha | UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue)
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: columns.count) { source in
            guard let base = source.baseAddress else { return }
            base.initialize(repeating: pixel, count: columns.count)
            for y in rows { blend(base, over: image.row(y) + columns.lowerBound, count: columns.count, alpha: color.alpha, level: 255) }
        }
    }

    /// One pixel of ``blend(_:over:count:alpha:level:)``.
    @inline(__always)
    static func blendPixel(_ source: UInt32, over destination: UInt32, alpha: UInt32, level: UInt32) -> UInt32 {
        var result = opaqueAlpha
        for shift: UInt32 in [0, 8, 16] {
            let sourceChannel = divideBy255(((source >> shift) & 0xFF) * level)
            let channel = divideBy255(sourceChannel * alpha) + divideBy255(((destination >> shift) & 0xFF) * (255 - alpha))
            result |= channel << shift
        }
        return result
    }
}
