import Glibc

/// Steele, Lea and Flood's SplitMix64: a tiny deterministic random number generator, so that
/// the same seed always gives the same sequence (explode's pieces, tests).
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `range`, uniform to 53 bits (the top bits of the next value).
    public mutating func nextDouble(in range: ClosedRange<Double>) -> Double {
        let unit = Double(next() >> 11) / Double(1 << 53)
        return range.lowerBound + (range.upperBound - range.lowerBound) * unit
    }
}

extension SplitMix64 {
    /// A uniform number in [0, 1).
    public mutating func nextUnit() -> Double {
        nextDouble(in: 0...1)
    }

    /// A normally distributed number with mean 0 and standard deviation `sigma` (Box–Muller).
    public mutating func nextGaussian(sigma: Double) -> Double {
        let u1 = max(nextUnit(), 1e-300)
        let u2 = nextUnit()
        return sigma * (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }
}
