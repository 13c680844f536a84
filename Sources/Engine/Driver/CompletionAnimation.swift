/// An animation of the progress from where the gesture let go to 0 or 1.
public struct CompletionAnimation: Hashable, Sendable {
    /// The shape of the motion.
    public enum Motion: Hashable, Sendable {
        /// Eased by a timing curve over a fixed duration in seconds.
        case eased(TimingCurve, duration: Double)
        /// Driven by a spring; ends when the spring settles.
        case sprung(InterpolatingSpring, settlingDuration: Double)
    }

    /// Progress at the start of the animation (0…1).
    public let startProgress: Double
    /// Progress at its end: 1 when finishing, 0 when cancelling.
    public let targetProgress: Double
    /// Time the animation starts, in seconds on the driver's clock.
    public let startTime: Double
    /// How the progress moves.
    public let motion: Motion

    /// An animation eased by `curve` over `duration` seconds.
    public static func eased(_ curve: TimingCurve, from start: Double, to target: Double,
                             startTime: Double, duration: Double) -> CompletionAnimation {
        CompletionAnimation(startProgress: start, targetProgress: target, startTime: startTime,
                            motion: .eased(curve, duration: max(duration, 0)))
    }

    /// An animation driven by `spring` (which runs from 0 to 1 of the distance).
    public static func sprung(_ spring: InterpolatingSpring, from start: Double, to target: Double,
                              startTime: Double) -> CompletionAnimation {
        CompletionAnimation(startProgress: start, targetProgress: target, startTime: startTime,
                            motion: .sprung(spring, settlingDuration: spring.settlingDuration()))
    }

    /// How long the animation runs, in seconds.
    public var duration: Double {
        switch motion {
        case .eased(_, let duration): return duration
        case .sprung(_, let settlingDuration): return settlingDuration
        }
    }

    /// The time the animation ends, in seconds on the driver's clock.
    public var endTime: Double { startTime + duration }

    /// The fraction of the distance covered at `time` (0 at the start, 1 at the end).
    func fractionCovered(at time: Double) -> Double {
        let elapsed = time - startTime
        switch motion {
        case .eased(let curve, let duration):
            guard duration > 0 else { return 1 }
            return curve.value(at: elapsed / duration)
        case .sprung(let spring, let settlingDuration):
            return elapsed >= settlingDuration ? 1 : spring.value(at: elapsed)
        }
    }

    /// The presented progress at `time` seconds.
    public func progress(at time: Double) -> Double {
        if time >= endTime { return targetProgress }
        return startProgress + (targetProgress - startProgress) * fractionCovered(at: max(time, startTime))
    }

    /// The rate of change of progress at `time`, in progress units per second.
    public func velocity(at time: Double) -> Double {
        let elapsed = max(time - startTime, 0)
        if time >= endTime { return 0 }
        let distance = targetProgress - startProgress
        switch motion {
        case .eased(let curve, let duration):
            guard duration > 0 else { return 0 }
            return distance * curve.slope(at: elapsed / duration) / duration
        case .sprung(let spring, _):
            return distance * spring.velocity(at: elapsed)
        }
    }
}
