@testable import SDLFront
import Testing

@Suite("Row blending")
struct RowBlenderTests {
    /// The eight-lane rows give what the one-pixel formula (SDL's arithmetic, modulation
    /// included) gives, for every channel value, opacity and shade level tried, unshaded
    /// layers (which skip the modulation) among them.
    @Test func rowsBlendAsTheOnePixelFormula() {
        let source = UnsafeMutablePointer<UInt32>.allocate(capacity: 8)
        let destination = UnsafeMutablePointer<UInt32>.allocate(capacity: 8)
        defer {
            source.deallocate()
            destination.deallocate()
        }
        var mismatches = 0
        for level: UInt32 in [0, 1, 128, 254, 255] {
            for alpha: UInt32 in 0...254 {
                for value in stride(from: UInt32(0), through: 255, by: 8) {
                    for lane in 0..<8 {
                        let byte = (value + UInt32(lane)) & 0xFF
                        source[lane] = 0xFF00_0000 | byte << 16 | (255 - byte) << 8 | byte / 2
                        destination[lane] = 0xFF00_0000 | (255 - byte) << 16 | byte << 8 | (byte * 7) & 0xFF
                    }
                    let expected = (0..<8).map { RowBlender.blendPixel(source[$0], over: destination[$0], alpha: alpha, level: level) }
                    RowBlender.blend(source, over: destination, count: 8, alpha: UInt8(alpha), level: UInt8(level))
                    mismatches += (0..<8).filter { destination[$0] != expected[$0] }.count
                }
            }
        }
        #expect(mismatches == 0)
    }
}
