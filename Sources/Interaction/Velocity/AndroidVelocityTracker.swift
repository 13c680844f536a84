import Engine

/// Android's `VelocityTracker`: the movement history every strategy shares (its pause, stop
/// and sample-cap rules, `AndroidMovementHistory`), read by the strategy chosen.
public struct AndroidVelocityTracker: VelocityTracker {
    /// The estimating strategies the lab reproduces.
    public enum Strategy: Hashable, Sendable {
        /// `lsq2`, Android's default (``AndroidLSQ2Strategy``).
        case lsq2
        /// `impulse` (``AndroidImpulseStrategy``).
        case impulse
    }

    /// The strategy that turns the history into a velocity.
    public let strategy: Strategy
    private var movements: AndroidMovementHistory

    /// Creates an empty tracker using `strategy`, whose pointer is taken to have stopped after
    /// `stoppedTime` µs without a move (Android's 40 ms by default).
    public init(strategy: Strategy, stoppedTime: Int64 = GestureTunables.standard.velocityStopMicroseconds) {
        self.strategy = strategy
        movements = AndroidMovementHistory(stoppedTime: stoppedTime)
    }

    /// Forgets every sample.
    public mutating func reset() { movements.removeAll() }

    /// Adds a position (points) at `time` (seconds).
    public mutating func addSample(_ position: Point, at time: Double) { movements.add(position, at: time) }

    /// The strategy's velocity at the newest sample, in points per second.
    public func velocity() -> Point { estimate() ?? .zero }

    /// The velocity for a release at `time` seconds: zero more than the stop time (40 ms) after the last move.
    public func releaseVelocity(at time: Double) -> Point { releaseEstimate(at: time) ?? .zero }

    /// Android's `getVelocity` after a lift at `time` seconds: nil where it returns no value.
    func releaseEstimate(at time: Double) -> Point? { movements.keepsHistory(forLiftAt: time) ? estimate() : nil }

    /// Android's `getVelocity` for both axes: nil where the strategy returns no value.
    func estimate() -> Point? {
        let samples = movements.history.samples
        switch strategy {
        case .lsq2: return AndroidLSQ2Strategy.estimate(samples)
        case .impulse: return AndroidImpulseStrategy.estimate(samples)
        }
    }
}
