import Foundation

/// SplitMix64: a small, fast, seeded random number generator, so that "random" jitter and
/// synthesized traces are the same on every run and machine.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A uniform number in [0, 1).
    public mutating func nextUnit() -> Double {
        Double(next() >> 11) / Double(UInt64(1) << 53)
    }

    /// A normally distributed number with mean 0 and standard deviation `sigma` (Box–Muller).
    public mutating func nextGaussian(sigma: Double) -> Double {
        let u1 = max(nextUnit(), 1e-300)
        let u2 = nextUnit()
        return sigma * (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }
}
