import Engine

/// Flutter's and Android's default estimator: a least-squares quadratic fit of position over
/// time, per axis, through the samples of the last 100 ms (at most 20), evaluated at the
/// newest sample.
///
/// Stays accurate on whole-millisecond timestamps because the fit spreads their rounding over
/// the whole window instead of dividing by one short interval.
public struct LeastSquaresVelocityTracker: VelocityTracker {
    private var history = SampleHistory(capacity: VelocityTrackingRules.historySize)

    /// Creates an empty tracker.
    public init() {}

    /// Forgets every sample.
    public mutating func reset() { history.removeAll() }

    /// Adds a position (points) at `time` (seconds).
    public mutating func addSample(_ position: Point, at time: Double) {
        history.append(TimedSample(position: position, time: time))
    }

    /// The fitted velocity at the newest sample, in points per second. With fewer than three
    /// samples in the window it falls back to the last two points, as Android's tracker does
    /// by lowering the fit's degree (Flutter reports zero).
    public func velocity() -> Point {
        let window = history.recentWindow(horizon: VelocityTrackingRules.horizon, maximumGap: VelocityTrackingRules.maximumGap)
        guard window.count >= VelocityTrackingRules.minimumFitSamples, let newest = window.first else {
            return VelocityTrackingRules.lastTwoPointsVelocity(window)
        }
        // Time in milliseconds before the newest sample keeps the normal equations well scaled.
        let ages = window.map { ($0.time - newest.time) * 1000 }
        let fitX = LeastSquaresSolver(x: ages, y: window.map(\.position.x)).solve(degree: 2)
        let fitY = LeastSquaresSolver(x: ages, y: window.map(\.position.y)).solve(degree: 2)
        guard let fitX, let fitY else { return VelocityTrackingRules.lastTwoPointsVelocity(window) }
        let fitted = Point(x: fitX[1] * 1000, y: fitY[1] * 1000)
        return VelocityTrackingRules.zeroingComponentsAgainstDisplacement(fitted, window: window)
    }

    /// The velocity for a release at `time` seconds: zero after 80 ms without a move.
    public func releaseVelocity(at time: Double) -> Point {
        VelocityTrackingRules.releaseVelocity(newestTime: history.newest?.time, releaseTime: time, velocity: velocity)
    }
}
