import Engine

/// The samples an Android velocity strategy sees (`libs/input/VelocityTracker.cpp`), for one
/// pointer:
///
/// - a move more than 40 ms after the previous one clears the history first
///   (`VelocityTracker::addMovement`, `ASSUME_POINTER_STOPPED_TIME`);
/// - a move with the newest sample's time replaces it; at most 20 samples are kept, and those
///   more than 100 ms older than the newest are dropped as each one is added
///   (`AccumulatingVelocityTrackerStrategy::addMovement`, `HISTORY_SIZE`, `HORIZON`);
/// - a lift more than 40 ms after the last move clears it, so the release reports no velocity
///   (the `ACTION_UP` case).
///
/// Android keeps one last-event time for all pointers; the lab gives each pointer its own
/// tracker, so the time is per pointer here.
struct AndroidMovementHistory: Hashable, Sendable {
    /// `HISTORY_SIZE`.
    static let historySize = 20
    /// `HORIZON` of the `lsq2` and `impulse` strategies, in µs.
    static let horizon: Int64 = 100_000
    /// `ASSUME_POINTER_STOPPED_TIME`, in µs.
    static let stoppedTime: Int64 = 40_000

    private(set) var history = SampleHistory(capacity: historySize, replacesSameTime: true)
    private var lastEventTime: Int64?

    mutating func removeAll() {
        history.removeAll()
        lastEventTime = nil
    }

    mutating func add(_ position: Point, at seconds: Double) {
        let time = SampleTime.microseconds(seconds)
        if let lastEventTime, time - lastEventTime > Self.stoppedTime { history.removeAll() }
        lastEventTime = time
        history.append(TimedSample(position: position, time: time))
        history.dropOlder(than: Self.horizon)
    }

    /// True when a lift at `seconds` keeps the history: within 40 ms of the last move.
    func keepsHistory(forLiftAt seconds: Double) -> Bool {
        guard let lastEventTime else { return false }
        return SampleTime.microseconds(seconds) - lastEventTime <= Self.stoppedTime
    }
}

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

/// Android's `impulse` strategy (`ImpulseVelocityTrackerStrategy::getVelocity`) on the samples
/// of `AndroidMovementHistory`: each segment's velocity v pushes a unit mass, the work
/// (v − v_previous)·|v| accumulates, the first segment's work is halved (the finger was already
/// moving when the window opened), and the velocity is sign(work)·√|work|·√2. One sample gives 0.
public struct AndroidImpulseVelocityTracker: VelocityTracker {
    private var movements = AndroidMovementHistory()

    /// Creates an empty tracker.
    public init() {}

    /// Forgets every sample.
    public mutating func reset() { movements.removeAll() }

    /// Adds a position (points) at `time` (seconds).
    public mutating func addSample(_ position: Point, at time: Double) { movements.add(position, at: time) }

    /// The impulse velocity at the newest sample, in points per second.
    public func velocity() -> Point { estimate() ?? .zero }

    /// The velocity for a release at `time` seconds: zero more than 40 ms after the last move.
    public func releaseVelocity(at time: Double) -> Point { releaseEstimate(at: time) ?? .zero }

    /// Android's `getVelocity` after a lift at `time` seconds: nil where it returns no value.
    func releaseEstimate(at time: Double) -> Point? { movements.keepsHistory(forLiftAt: time) ? estimate() : nil }

    /// Android's `getVelocity` for both axes: nil where it returns no value (no samples).
    func estimate() -> Point? {
        let samples = movements.history.samples
        guard !samples.isEmpty else { return nil }
        return Point(x: Self.impulse(samples, \.position.x) + 0, y: Self.impulse(samples, \.position.y) + 0)
    }

    /// One axis of the impulse velocity, samples oldest first with distinct times.
    static func impulse(_ samples: [TimedSample], _ axis: KeyPath<TimedSample, Double>) -> Double {
        var work = 0.0
        for index in samples.indices.dropLast() {
            let previousVelocity = velocity(fromKineticEnergy: work)
            let interval = Double(samples[index + 1].time - samples[index].time) / 1_000_000
            let currentVelocity = (samples[index + 1][keyPath: axis] - samples[index][keyPath: axis]) / interval
            work += (currentVelocity - previousVelocity) * abs(currentVelocity)
            if index == samples.startIndex { work *= 0.5 }
        }
        return velocity(fromKineticEnergy: work)
    }

    /// `kineticEnergyToVelocity`: sign(work) · √|work| · √2.
    static func velocity(fromKineticEnergy work: Double) -> Double {
        (work < 0 ? -1.0 : 1.0) * abs(work).squareRoot() * 2.0.squareRoot()
    }
}
