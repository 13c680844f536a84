@testable import Rasterizer
import Testing

@Suite("Row blending")
struct RowBlenderTests {
    /// The rows (four pixels at a time in SSE2, the rest one by one) give what the one-pixel
    /// formula (SDL's arithmetic, modulation included) gives, for every channel value, opacity
    /// and shade level tried, unshaded layers (which skip the modulation) among them, on rows of
    /// every length from 1 to 11 pixels.
    @Test func rowsBlendAsTheOnePixelFormula() {
        let width = 11
        let source = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
        let destination = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
        defer {
            source.deallocate()
            destination.deallocate()
        }
        var mismatches = 0
        var rows = 0
        for level: UInt32 in [0, 1, 128, 254, 255] {
            for alpha: UInt32 in 0...254 {
                for value in stride(from: UInt32(0), through: 255, by: 8) {
                    let count = 1 + Int((value / 8 + alpha) % UInt32(width))
                    for lane in 0..<count {
                        let byte = (value + UInt32(lane)) & 0xFF
                        source[lane] = 0xFF00_0000 | byte << 16 | (255 - byte) << 8 | byte / 2
                        destination[lane] = 0xFF00_0000 | (255 - byte) << 16 | byte << 8 | (byte * 7) & 0xFF
                    }
                    let expected = (0..<count).map { RowBlender.blendPixel(source[$0], over: destination[$0], alpha: alpha, level: level) }
                    RowBlender.blend(source, over: destination, count: count, alpha: UInt8(alpha), level: UInt8(level))
                    mismatches += (0..<count).filter { destination[$0] != expected[$0] }.count
                    rows += 1
                }
            }
        }
        #expect(mismatches == 0)
        #expect(rows == 5 * 255 * 32)
    }

    /// Modulating gives every channel c·level/255 truncated and an opaque alpha, whatever alpha
    /// the source had, in place as well as into another row.
    @Test func modulatingDarkensEveryChannelAndMakesAlphaOpaque() {
        let count = 7
        let row = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
        defer { row.deallocate() }
        let pixels: [UInt32] = [0x00FF_FFFF, 0x8012_3456, 0xFF00_0000, 0x7F80_8080, 0x0101_0101, 0xFFFE_FDFC, 0x40C0_FF00]
        for level: UInt32 in [0, 1, 100, 254, 255] {
            for (index, pixel) in pixels.enumerated() { row[index] = pixel }
            RowBlender.modulate(row, into: row, count: count, level: UInt8(level))
            let expected = pixels.map { pixel in
                [0, 8, 16].reduce(RowBlender.opaqueAlpha) { result, shift in result | RowBlender.divideBy255(((pixel >> shift) & 0xFF) * level) << shift }
            }
            #expect((0..<count).map { row[$0] } == expected, "level \(level)")
        }
        // 0xFE × 100 / 255 = 99.6…, truncated to 99 (0x63).
        row[0] = 0xFFFE_FEFE
        RowBlender.modulate(row, into: row, count: 1, level: 100)
        #expect(row[0] == 0xFF63_6363)
    }
}
