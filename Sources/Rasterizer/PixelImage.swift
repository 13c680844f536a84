/// Rows of 32-bit ARGB pixels (ARGB8888 in native byte order, as SDL's surfaces hold them)
/// in memory someone else owns: a surface's pixels, or a ``PixelBuffer``.
///
/// Sendable without checks because the threads that draw one frame's bands share it: each
/// writes only its own rows, and the screens it samples are only read.
package struct PixelImage: @unchecked Sendable {
    /// The first pixel of the first row.
    package let base: UnsafeMutablePointer<UInt32>
    /// Width and height in pixels.
    package let width: Int
    package let height: Int
    /// Pixels from the start of one row to the start of the next.
    package let stride: Int

    /// The image of `height` rows of `width` pixels starting at `base`, `stride` pixels apart.
    package init(base: UnsafeMutablePointer<UInt32>, width: Int, height: Int, stride: Int) {
        self.base = base
        self.width = width
        self.height = height
        self.stride = stride
    }

    /// The first pixel of row `y`.
    @inline(__always)
    package func row(_ y: Int) -> UnsafeMutablePointer<UInt32> { base + y * stride }

    /// The pixel at 16.16 fixed-point position (`u`, `v`).
    @inline(__always)
    func texelAddress(u: Int, v: Int) -> UnsafeMutablePointer<UInt32> { base + ((v &>> 16) &* stride &+ (u &>> 16)) }

    /// Every pixel set to `pixel`.
    package func fill(_ pixel: UInt32) {
        for y in 0..<height { row(y).update(repeating: pixel, count: width) }
    }
}

/// Pixels this program owns, freed with this object: what the software rasteriser draws
/// into, and the screens it samples.
package final class PixelBuffer {
    /// The pixels as an image (tightly packed rows).
    package let image: PixelImage

    /// A `width`×`height` buffer, every pixel opaque black.
    package init(width: Int, height: Int) {
        let count = max(width, 1) * max(height, 1)
        let base = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
        base.initialize(repeating: 0xFF00_0000, count: count)
        image = PixelImage(base: base, width: width, height: height, stride: width)
    }

    deinit { image.base.deallocate() }
}
