/// iOS-style resistance for progress pushed past 0 or 1 while interacting:
/// `f(x) = (1 − 1/(x·c/d + 1)) · d` for an overshoot x, with d one full progress unit.
public struct RubberBand: Hashable, Sendable {
    /// The resistance coefficient c; 0.55 is how iOS scroll views feel.
    public var coefficient: Double
    /// The dimension d over which the band stretches, in progress units.
    public var dimension: Double

    /// Creates a band with coefficient `c` over `dimension` progress units.
    public init(coefficient: Double = 0.55, dimension: Double = 1) {
        self.coefficient = coefficient
        self.dimension = dimension
    }

    /// The presented offset for an overshoot of `overshoot` (≥ 0) progress units.
    public func resistance(_ overshoot: Double) -> Double {
        (1 - 1 / (overshoot * coefficient / dimension + 1)) * dimension
    }

    /// The overshoot whose ``resistance(_:)`` is `offset` (≥ 0); offsets at or beyond the
    /// dimension, which no overshoot reaches, give infinity.
    public func overshoot(forResistance offset: Double) -> Double {
        guard offset < dimension else { return .infinity }
        return offset * dimension / ((dimension - offset) * coefficient)
    }

    /// Maps a raw progress to the presented progress: unchanged inside 0…1, banded outside.
    public func apply(_ progress: Double) -> Double {
        if progress > 1 { return 1 + resistance(progress - 1) }
        if progress < 0 { return -resistance(-progress) }
        return progress
    }

    /// The raw progress that ``apply(_:)`` presents as `presented`, so that a gesture grabbing
    /// a banded transition continues from where it is shown.
    public func unapply(_ presented: Double) -> Double {
        if presented > 1 { return 1 + overshoot(forResistance: presented - 1) }
        if presented < 0 { return -overshoot(forResistance: -presented) }
        return presented
    }
}
