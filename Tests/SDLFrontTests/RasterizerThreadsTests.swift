import Engine
@testable import SDLFront
import Testing

/// The rasteriser deals a frame's bands to several threads; the picture must not depend on it.
@Suite("Rasteriser threads")
struct RasterizerThreadsTests {
    /// Two screens of seeded random pixels, so every texel a layer samples is told apart.
    static func screens(width: Int, height: Int) -> (from: PixelBuffer, to: PixelBuffer) {
        var generator = SplitMix64(seed: 18)
        let from = PixelBuffer(width: width, height: height)
        let to = PixelBuffer(width: width, height: height)
        for buffer in [from, to] {
            for y in 0..<height {
                for x in 0..<width { buffer.image.row(y)[x] = 0xFF00_0000 | UInt32(truncatingIfNeeded: generator.next()) & 0x00FF_FFFF }
            }
        }
        return (from, to)
    }

    @Test func everyTransitionDrawsTheSamePixelsOnOneThreadAsOnSeveral() {
        let size = Size(width: 400, height: 300)
        let (from, to) = Self.screens(width: 400, height: 300)
        let rasterizer = SoftwareRasterizer(from: from, to: to)
        let single = PixelBuffer(width: 400, height: 300)
        let several = PixelBuffer(width: 400, height: 300)
        var layersDrawn = 0
        for transition in TransitionRegistry.all {
            for progress in [0.2, 0.55, 0.9] {
                let list = transition.displayList(progress: progress, direction: .forward, size: size)
                layersDrawn += list.layers.count
                rasterizer.draw(list, into: single.image, scale: 1, threads: 1)
                rasterizer.draw(list, into: several.image, scale: 1, threads: 3)
                let same = (0..<300).allSatisfy { y in (0..<400).allSatisfy { x in single.image.row(y)[x] == several.image.row(y)[x] } }
                #expect(same, "\(transition.name) at \(progress) differs when drawn on three threads")
            }
        }
        #expect(layersDrawn > 3 * TransitionRegistry.all.count)
    }
}
