import Engine

/// The windowing rules every estimator shares, from Flutter's and Android's trackers.
enum VelocityTrackingRules {
    /// Samples older than this, relative to the newest, are ignored (seconds).
    static let horizon = 0.100
    /// A gap longer than this between moves means the pointer had stopped; older samples are
    /// ignored (seconds).
    static let maximumGap = 0.040
    /// A release later than this after the last move reports zero velocity (seconds). Android
    /// clears its history on a lift more than 40 ms after the last move and Flutter reports zero
    /// after 40 ms without a sample; the lab waits twice as long before calling the pointer stopped.
    static let releaseStopTime = 0.080
    /// How many samples are kept.
    static let historySize = 20
    /// The fewest samples for a least-squares fit.
    static let minimumFitSamples = 3

    /// The slope between the two newest samples of `window` (newest first) that have distinct
    /// times, in points per second; zero when there is no such pair.
    static func lastTwoPointsVelocity(_ window: [TimedSample]) -> Point {
        guard let newest = window.first else { return .zero }
        for older in window.dropFirst() where newest.time - older.time > 0 {
            return (newest.position - older.position) * (1 / (newest.time - older.time))
        }
        return .zero
    }

    /// `velocity` with each axis that points against the displacement across `window` set to 0.
    static func zeroingComponentsAgainstDisplacement(_ velocity: Point, window: [TimedSample]) -> Point {
        guard let newest = window.first, let oldest = window.last else { return velocity }
        let displacement = newest.position - oldest.position
        return Point(x: velocity.x * displacement.x < 0 ? 0 : velocity.x,
                     y: velocity.y * displacement.y < 0 ? 0 : velocity.y)
    }

    /// The release rule: zero if the pointer lifted long after its last move.
    static func releaseVelocity(newestTime: Double?, releaseTime: Double, velocity: () -> Point) -> Point {
        guard let newestTime, releaseTime - newestTime <= releaseStopTime else { return .zero }
        return velocity()
    }
}
