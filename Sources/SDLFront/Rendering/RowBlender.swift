import CPixels

/// Blends rows of ARGB8888 pixels onto others with the arithmetic of SDL's own blitters: colour
/// modulated by the shade's `level` (s·level/255), then over the destination with the layer's
/// `alpha` (s·alpha/255 + d·(255 − alpha)/255), each division truncating. The rows are done
/// four pixels at a time in SSE2 by CPixels (`gesture_lab_blend`, `gesture_lab_modulate`);
/// ``blendPixel(_:over:alpha:level:)`` is the same arithmetic for one pixel, which the tests
/// hold every row to.
enum RowBlender {
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
