import Engine

/// The naive estimate: the slope between the two newest samples, the baseline the references
/// are measured against. Its sample rules are Android's (`AndroidMovementHistory`: equal times
/// replace, a 40 ms pause clears, a lift more than 40 ms after the last move reports zero), so
/// only the estimate itself differs.
public struct LastTwoPointsVelocityTracker: VelocityTracker {
    private var movements: AndroidMovementHistory

    /// Creates an empty tracker whose pointer is taken to have stopped after `stoppedTime` µs
    /// without a move (40 ms by default).
    public init(stoppedTime: Int64 = GestureTunables.standard.velocityStopMicroseconds) {
        movements = AndroidMovementHistory(stoppedTime: stoppedTime)
    }

    /// Forgets every sample.
    public mutating func reset() { movements.removeAll() }

    /// Adds a position (points) at `time` (seconds).
    public mutating func addSample(_ position: Point, at time: Double) { movements.add(position, at: time) }

    /// The slope between the last two samples, in points per second; zero with fewer than two.
    public func velocity() -> Point {
        let samples = movements.history.samples
        guard samples.count >= 2 else { return .zero }
        let newest = samples[samples.count - 1], older = samples[samples.count - 2]
        let interval = Double(newest.time - older.time) / 1_000_000
        return Point(x: (newest.position.x - older.position.x) / interval + 0,
                     y: (newest.position.y - older.position.y) / interval + 0)
    }

    /// The velocity for a release at `time` seconds: zero more than the stop time (40 ms) after the last move.
    public func releaseVelocity(at time: Double) -> Point {
        movements.keepsHistory(forLiftAt: time) ? velocity() : .zero
    }
}
