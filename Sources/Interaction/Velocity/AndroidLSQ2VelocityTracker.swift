import Engine

/// Android's default strategy, `lsq2` (`LeastSquaresVelocityTrackerStrategy` of degree 2, no
/// weighting), on the samples of `AndroidMovementHistory`: with three or more samples the
/// closed-form quadratic fit of `solveUnweightedLeastSquaresDeg2` over ages in seconds; with two,
/// the degree drops to 1 and the Gram–Schmidt fit of `solveLeastSquares` (a column shorter than
/// 1e-6 means no fit); with one, no velocity.
public struct AndroidLSQ2VelocityTracker: VelocityTracker {
    /// The shortest column `solveLeastSquares` accepts.
    static let minimumNorm = 1e-6

    private var movements = AndroidMovementHistory()

    /// Creates an empty tracker.
    public init() {}

    /// Forgets every sample.
    public mutating func reset() { movements.removeAll() }

    /// Adds a position (points) at `time` (seconds).
    public mutating func addSample(_ position: Point, at time: Double) { movements.add(position, at: time) }

    /// The fitted velocity at the newest sample, in points per second.
    public func velocity() -> Point { estimate() ?? .zero }

    /// The velocity for a release at `time` seconds: zero more than 40 ms after the last move.
    public func releaseVelocity(at time: Double) -> Point { releaseEstimate(at: time) ?? .zero }

    /// Android's `getVelocity` after a lift at `time` seconds: nil where it returns no value.
    func releaseEstimate(at time: Double) -> Point? { movements.keepsHistory(forLiftAt: time) ? estimate() : nil }

    /// Android's `getVelocity` for both axes: nil where it returns no value.
    func estimate() -> Point? {
        let samples = movements.history.samples
        guard let newest = samples.last, samples.count >= 2 else { return nil }
        let ages = samples.map { -Double(newest.time - $0.time) / 1_000_000 }
        let xs = samples.map { $0.position.x - newest.position.x }
        let ys = samples.map { $0.position.y - newest.position.y }
        if samples.count == 2 {
            guard let fitX = LeastSquaresSolver.fit(x: ages, y: xs, degree: 1, minimumNorm: Self.minimumNorm),
                  let fitY = LeastSquaresSolver.fit(x: ages, y: ys, degree: 1, minimumNorm: Self.minimumNorm) else { return nil }
            return Point(x: fitX[1] + 0, y: fitY[1] + 0)
        }
        guard let slopeX = LeastSquaresSolver.quadraticSlope(x: ages, y: xs),
              let slopeY = LeastSquaresSolver.quadraticSlope(x: ages, y: ys) else { return nil }
        return Point(x: slopeX + 0, y: slopeY + 0)
    }
}
