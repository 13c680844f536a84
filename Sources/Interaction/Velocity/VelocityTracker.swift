import Engine

/// Estimates a pointer's velocity from its recent positions.
///
/// Injected into recognizers (as Flutter does), so a controller can be replayed with another
/// estimator to see what the estimate changes.
public protocol VelocityTracker {
    /// Forgets every sample.
    mutating func reset()
    /// Adds a position (points) sampled at `time` (seconds).
    mutating func addSample(_ position: Point, at time: Double)
    /// The velocity at the newest sample, in points per second.
    func velocity() -> Point
    /// The velocity for a release at `time` seconds, in points per second: zero when the
    /// pointer had stopped moving long enough before it lifted.
    func releaseVelocity(at time: Double) -> Point
}

/// The velocity estimators the lab offers.
public enum VelocityEstimator: String, Hashable, Sendable, CaseIterable {
    /// Least-squares quadratic fit over the last 100 ms (Flutter's and Android's default).
    case leastSquares = "lsq"
    /// The slope between the last two samples (what naive controllers use).
    case lastTwoPoints = "last-two"
    /// Android's impulse estimator: the velocity that imparts the same kinetic energy.
    case impulse

    /// A fresh tracker of this kind.
    public func makeTracker() -> any VelocityTracker {
        switch self {
        case .leastSquares: return LeastSquaresVelocityTracker()
        case .lastTwoPoints: return LastTwoPointsVelocityTracker()
        case .impulse: return ImpulseVelocityTracker()
        }
    }
}
