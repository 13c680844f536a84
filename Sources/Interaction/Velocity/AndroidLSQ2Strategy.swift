import Engine

/// Android's default strategy, `lsq2` (`LeastSquaresVelocityTrackerStrategy` of degree 2, no
/// weighting), on the samples of `AndroidMovementHistory`: with three or more samples the
/// closed-form quadratic fit of `solveUnweightedLeastSquaresDeg2` over ages in seconds; with two,
/// the degree drops to 1 and the Gram–Schmidt fit of `solveLeastSquares` (a column shorter than
/// 1e-6 means no fit); with one, no velocity.
enum AndroidLSQ2Strategy {
    /// The shortest column `solveLeastSquares` accepts.
    static let minimumNorm = 1e-6

    /// Android's `getVelocity` for both axes from `samples` (oldest first): nil where it
    /// returns no value.
    static func estimate(_ samples: [TimedSample]) -> Point? {
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
