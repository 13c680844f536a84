import Engine

/// The naive estimate: the slope between the two newest samples. Kept as the baseline the
/// least-squares tracker is measured against.
public struct LastTwoPointsVelocityTracker: VelocityTracker {
    private var history = SampleHistory(capacity: 2)

    /// Creates an empty tracker.
    public init() {}

    /// Forgets every sample.
    public mutating func reset() { history.removeAll() }

    /// Adds a position (points) at `time` (seconds).
    public mutating func addSample(_ position: Point, at time: Double) {
        history.append(TimedSample(position: position, time: time))
    }

    /// The slope between the last two samples, in points per second.
    public func velocity() -> Point {
        VelocityTrackingRules.lastTwoPointsVelocity(history.recentWindow(horizon: .infinity, maximumGap: .infinity))
    }

    /// The velocity for a release at `time` seconds: zero after 80 ms without a move.
    public func releaseVelocity(at time: Double) -> Point {
        VelocityTrackingRules.releaseVelocity(newestTime: history.newest?.time, releaseTime: time, velocity: velocity)
    }
}
