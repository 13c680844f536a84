import Engine

/// Android's `impulse` strategy (`ImpulseVelocityTrackerStrategy::getVelocity`) on the samples
/// of `AndroidMovementHistory`: each segment's velocity v pushes a unit mass, the work
/// (v − v_previous)·|v| accumulates, the first segment's work is halved (the finger was already
/// moving when the window opened), and the velocity is sign(work)·√|work|·√2. One sample gives 0.
enum AndroidImpulseStrategy {
    /// Android's `getVelocity` for both axes from `samples` (oldest first): nil where it
    /// returns no value (no samples).
    static func estimate(_ samples: [TimedSample]) -> Point? {
        guard !samples.isEmpty else { return nil }
        return Point(x: impulse(samples, \.position.x) + 0, y: impulse(samples, \.position.y) + 0)
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
