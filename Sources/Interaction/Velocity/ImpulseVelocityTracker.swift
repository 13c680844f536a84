import Engine

/// Android's impulse estimator: treats each move as a push on a unit mass and returns the
/// velocity whose kinetic energy equals the work done, over the same 100 ms window as the
/// least-squares tracker.
public struct ImpulseVelocityTracker: VelocityTracker {
    private var history = SampleHistory(capacity: VelocityTrackingRules.historySize)

    /// Creates an empty tracker.
    public init() {}

    /// Forgets every sample.
    public mutating func reset() { history.removeAll() }

    /// Adds a position (points) at `time` (seconds).
    public mutating func addSample(_ position: Point, at time: Double) {
        history.append(TimedSample(position: position, time: time))
    }

    /// The impulse velocity at the newest sample, in points per second.
    public func velocity() -> Point {
        let window = history.recentWindow(horizon: VelocityTrackingRules.horizon, maximumGap: VelocityTrackingRules.maximumGap)
        let oldestFirst = Array(window.reversed())
        guard oldestFirst.count >= 2 else { return .zero }
        let impulse = Point(x: Self.impulse(oldestFirst, \.position.x), y: Self.impulse(oldestFirst, \.position.y))
        return VelocityTrackingRules.zeroingComponentsAgainstDisplacement(impulse, window: window)
    }

    /// The velocity for a release at `time` seconds: zero after 80 ms without a move.
    public func releaseVelocity(at time: Double) -> Point {
        VelocityTrackingRules.releaseVelocity(newestTime: history.newest?.time, releaseTime: time, velocity: velocity)
    }

    /// One axis of Android's `ImpulseVelocityTrackerStrategy::getVelocity`, samples oldest
    /// first: the work of each segment is (v − v_prev)·|v|, the first segment's halved (the
    /// pointer was already moving when the window opened). Two samples give their slope.
    static func impulse(_ samples: [TimedSample], _ axis: KeyPath<TimedSample, Double>) -> Double {
        var work = 0.0
        var firstSegment = true
        for index in 1..<samples.count {
            let interval = samples[index].time - samples[index - 1].time
            guard interval > 0 else { continue }
            let previousVelocity = velocity(fromKineticEnergy: work)
            let currentVelocity = (samples[index][keyPath: axis] - samples[index - 1][keyPath: axis]) / interval
            work += (currentVelocity - previousVelocity) * abs(currentVelocity)
            if firstSegment {
                work *= 0.5
                firstSegment = false
            }
        }
        return velocity(fromKineticEnergy: work)
    }

    /// The signed velocity of a unit mass with kinetic energy |work|: sign · √(2|work|).
    static func velocity(fromKineticEnergy work: Double) -> Double {
        (work < 0 ? -1.0 : 1.0) * (2 * abs(work)).squareRoot()
    }
}
