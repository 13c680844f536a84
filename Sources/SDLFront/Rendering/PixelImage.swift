/// Rows of 32-bit ARGB pixels (ARGB8888 in native byte order, as SDL's surfaces hold them)
/// in memory someone else owns: a surface's pixels, or a ``PixelBuffer``.
///
/// Sendable without checks because the threads that draw one frame's bands share it: each
/// writes only its own rows, and the screens it samples are only read.
struct PixelImage: @unchecked Sendable {
    /// The first pixel of the first row.
    let base: UnsafeMutablePointer<UInt32>
    /// Width and height in pixels.
    let width: Int
    let height: Int
    /// Pixels from the start of one row to the start of the next.
    let stride: Int

    /// The first pixel of row `y`.
    @inline(__always)
    func row(_ y: Int) -> UnsafeMutablePointer<UInt32> { base + y * stride }

    /// The pixel at 16.16 fixed-point position (`u`, `v`).
    @inline(__always)
    func texelAddress(u: Int, v: Int) -> UnsafeMutablePointer<UInt32> { base + ((v &>> 16) &* stride &+ (u &>> 16)) }

    /// Every pixel set to `pixel`.
    func fill(_ pixel: UInt32) {
        for y in 0..<height { row(y).update(repeating: pixel, count: width) }
    }
}

/// Pixels this program owns, freed with this object: what the software rasteriser draws
/// into, and the screens it samples.
final class PixelBuffer {
    /// The pixels as an image (tightly packed rows).
    let image: PixelImage

    /// A `width`×`height` buffer, every pixel opaque black.
    init(width: Int, height: Int) {
        let count = max(width, 1) * max(height, 1)
        let base = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
        base.initialize(repeating: 0xFF00_0000, count: count)
        image = PixelImage(base: base, width: width, height: height, stride: width)
    }

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

    deinit { image.base.deallocate() }
}

extension Surface {
    /// The surface's own pixels as an image, to draw into directly (valid while it lives).
    var pixelImage: PixelImage? {
        guard let pixels = handle.pointee.pixels else { return nil }
        return PixelImage(base: pixels.assumingMemoryBound(to: UInt32.self), width: width, height: height,
                          stride: Int(handle.pointee.pitch) / 4)
    }
}
