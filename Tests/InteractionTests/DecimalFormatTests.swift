import Engine
import Interaction
import Testing

/// The byte writer traces use writes what the string functions return.
@Suite("Decimal format")
struct DecimalFormatTests {
    static func appended(_ value: Double, decimals: Int, trimmed: Bool) -> String {
        var bytes: [UInt8] = []
        DecimalFormat.append(value, decimals: decimals, trimmed: trimmed, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func appendingWritesExactlyTheFixedAndTrimmedStrings() {
        #expect(Self.appended(0.0000004, decimals: 6, trimmed: false) == "0.000000")
        #expect(Self.appended(-0.0000005, decimals: 6, trimmed: false) == "-0.000001")
        #expect(Self.appended(12.5, decimals: 3, trimmed: true) == "12.5")
        #expect(Self.appended(-0.0004, decimals: 3, trimmed: true) == "0")
        #expect(Self.appended(100, decimals: 3, trimmed: true) == "100")
        #expect(Self.appended(1e300, decimals: 3, trimmed: true) == DecimalFormat.string(1e300, decimals: 3))
        #expect(Self.appended(.nan, decimals: 3, trimmed: false) == "nan")
        var generator = SplitMix64(seed: 11)
        for index in 0..<20_000 {
            // Every magnitude a trace holds, positive and negative.
            let value = Double.random(in: -1...1, using: &generator) * [0.001, 1, 1000, 100_000][index % 4]
            for decimals in [0, 3, 4, 6, 9] {
                #expect(Self.appended(value, decimals: decimals, trimmed: false) == DecimalFormat.fixedString(value, decimals: decimals))
                #expect(Self.appended(value, decimals: decimals, trimmed: true) == DecimalFormat.string(value, decimals: decimals))
            }
        }
    }

    @Test func appendingAnIntegerWritesItsDecimalDigits() {
        for value in [0, 7, -7, 1_234_567, Int.max, Int.min] {
            var bytes: [UInt8] = []
            DecimalFormat.append(value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(value))
        }
    }
}
