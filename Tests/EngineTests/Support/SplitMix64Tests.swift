import Engine
import Testing

@Suite("SplitMix64")
struct SplitMix64Tests {
    @Test func matchesTheReferenceSequences() {
        var zero = SplitMix64(seed: 0)
        #expect([zero.next(), zero.next(), zero.next()] == [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
        var other = SplitMix64(seed: 1_234_567)
        #expect([other.next(), other.next(), other.next()] == [6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423])
    }

    @Test func doublesStayInTheirRangeAndRepeatForTheSameSeed() {
        var first = SplitMix64(seed: 42)
        var second = SplitMix64(seed: 42)
        for _ in 0..<1000 {
            let value = first.nextDouble(in: -3...5)
            #expect((-3...5).contains(value))
            #expect(value == second.nextDouble(in: -3...5))
        }
    }
}
