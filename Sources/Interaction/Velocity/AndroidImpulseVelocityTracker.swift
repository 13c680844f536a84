import Engine

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
