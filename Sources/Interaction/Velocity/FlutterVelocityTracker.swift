import Engine

/// Flutter's `VelocityTracker` for touch (`packages/flutter/lib/src/gestures/velocity_tracker.dart`),
/// rule for rule:
///
/// - it keeps the last 20 samples, samples with equal times included;
/// - walking back from the newest, it stops at the first sample more than 100 ms older than the
///   newest or more than 40 ms away from the sample after it;
/// - with at least 3 samples it fits a quadratic to position over age in milliseconds
///   (`lsq_solver.dart`, Gram–Schmidt, a column shorter than 1e-10 means no fit) and reports
///   its slope; otherwise zero;
/// - a release whose time since the newest sample is more than 40 whole milliseconds (its
///   `Stopwatch.elapsedMilliseconds`, which truncates) reports zero.
public struct FlutterVelocityTracker: VelocityTracker {
    /// `_historySize`: samples kept.
    static let historySize = 20
    /// `_horizonMilliseconds`, in µs.
    static let horizon: Int64 = 100_000
    /// `_minSampleSize`: the fewest samples for a fit.
    static let minimumSamples = 3
    /// `precisionErrorTolerance`, the solver's shortest column.
    static let minimumNorm = 1e-10

    /// `_assumePointerMoveStoppedMilliseconds` (40 ms unless the tunables say otherwise), in µs:
    /// the longest gap inside the window, and the release rule in whole milliseconds.
    let stoppedTime: Int64
    private var history = SampleHistory(capacity: historySize, replacesSameTime: false)

    /// Creates an empty tracker whose pointer is taken to have stopped after `stoppedTime` µs
    /// without a move (Flutter's 40 ms by default).
    public init(stoppedTime: Int64 = GestureTunables.standard.velocityStopMicroseconds) {
        self.stoppedTime = stoppedTime
    }

    /// Forgets every sample.
    public mutating func reset() { history.removeAll() }

    /// Adds a position (points) at `time` (seconds).
    public mutating func addSample(_ position: Point, at time: Double) {
        history.append(TimedSample(position: position, time: SampleTime.microseconds(time)))
    }

    /// The fitted velocity at the newest sample, in points per second.
    public func velocity() -> Point {
        guard let newest = history.newest else { return .zero }
        var ages: [Double] = [], xs: [Double] = [], ys: [Double] = []
        var previous = newest
        for sample in history.samples.reversed() {
            let age = newest.time - sample.time
            let gap = abs(sample.time - previous.time)
            previous = sample
            if age > Self.horizon || gap > stoppedTime { break }
            ages.append(-Double(age) / 1000)
            xs.append(sample.position.x - newest.position.x)
            ys.append(sample.position.y - newest.position.y)
        }
        guard ages.count >= Self.minimumSamples,
              let fitX = LeastSquaresSolver.fit(x: ages, y: xs, degree: 2, minimumNorm: Self.minimumNorm),
              let fitY = LeastSquaresSolver.fit(x: ages, y: ys, degree: 2, minimumNorm: Self.minimumNorm) else {
            return .zero
        }
        // Points per millisecond to points per second; adding 0 turns −0 into 0.
        return Point(x: fitX[1] * 1000 + 0, y: fitY[1] * 1000 + 0)
    }

    /// The velocity for a release at `time` seconds: zero once more than 40 whole milliseconds
    /// have passed since the newest sample.
    public func releaseVelocity(at time: Double) -> Point {
        guard let newest = history.newest,
              SampleTime.microseconds(time) - newest.time < Self.releaseBoundary(stoppedTime: stoppedTime) else { return .zero }
        return velocity()
    }

    /// The least time since the newest sample, in µs, at which a release reports zero:
    /// Flutter's `Stopwatch.elapsedMilliseconds` truncates, so with a stop time of `stoppedTime`
    /// µs a release stops counting at the first whole millisecond past the stop time's whole
    /// milliseconds.
    static func releaseBoundary(stoppedTime: Int64) -> Int64 {
        (stoppedTime / 1000 + 1) * 1000
    }
}
