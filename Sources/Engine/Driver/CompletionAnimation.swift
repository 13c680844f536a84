/// An animation of the progress from where the gesture let go to 0 or 1.
public struct CompletionAnimation: Hashable, Sendable {
    /// Progress at the start of the animation.
    public let startProgress: Double
    /// Progress at its end: 1 when finishing, 0 when cancelling.
    public let targetProgress: Double
    /// Time the animation starts, in seconds on the driver's clock.
    public let startTime: Double
    /// How the progress covers the distance from start to target.
    public let timing: Timing

    /// Creates an animation from `start` to `target` progress beginning at `startTime` seconds.
    public init(from start: Double, to target: Double, startTime: Double, timing: Timing) {
        self.startProgress = start
        self.targetProgress = target
        self.startTime = startTime
        self.timing = timing
    }

    /// How long the animation runs, in seconds.
    public var duration: Double { timing.duration }

    /// The time the animation ends, in seconds on the driver's clock.
    public var endTime: Double { startTime + duration }

    /// The presented progress at `time` seconds.
    public func progress(at time: Double) -> Double {
        if time >= endTime { return targetProgress }
        return startProgress + (targetProgress - startProgress) * timing.fraction(at: time - startTime)
    }

    /// The rate of change of progress at `time` seconds, in progress per second.
    public func velocity(at time: Double) -> Double {
        (targetProgress - startProgress) * timing.velocity(at: time - startTime)
    }
}
