import Rasterizer

/// Pixel-for-pixel comparison of two buffers, shared by the rasteriser's and the platform's tests.
enum PixelComparison {
    /// Every pixel of `drawn` and `expected` (both `width`×`height`) equal.
    static func samePixels(_ drawn: PixelBuffer, _ expected: PixelBuffer, width: Int, height: Int) -> Bool {
        (0..<height).allSatisfy { y in (0..<width).allSatisfy { x in drawn.image.row(y)[x] == expected.image.row(y)[x] } }
    }

    /// The first pixel that differs, for the message.
    static func firstDifference(_ drawn: PixelBuffer, _ expected: PixelBuffer, width: Int, height: Int) -> String {
        for y in 0..<height {
            for x in 0..<width where drawn.image.row(y)[x] != expected.image.row(y)[x] {
                return "first at (\(x), \(y)): \(String(drawn.image.row(y)[x], radix: 16)) instead of \(String(expected.image.row(y)[x], radix: 16))"
            }
        }
        return "none"
    }
}
