/// How an animation covers its distance over time: a timing curve stretched over a duration,
/// or a spring that runs until it settles; either can be sped up or slowed down with
/// ``speed(_:)``, as SwiftUI's `Animation.speed(_:)` does.
///
/// A timing speaks in fractions of the distance: 0 at the start, 1 at the end (a spring may
/// pass 1 on the way).
public struct Timing: Hashable, Sendable {
    /// The motion before any speed change.
    public enum Shape: Hashable, Sendable {
        /// `curve` stretched over `duration` seconds.
        case curve(TimingCurve, duration: Double)
        /// A spring; it ends when it settles (``InterpolatingSpring/settlingDuration(tolerance:)``).
        case spring(InterpolatingSpring)
    }

    /// The motion before any speed change.
    public let shape: Shape
    /// How many times faster than `shape` it plays (1 as designed, 2 twice as fast).
    public let speed: Double
    /// How long it runs, in seconds, with the speed applied.
    public let duration: Double

    private init(shape: Shape, speed: Double) {
        self.shape = shape
        self.speed = speed
        switch shape {
        case .curve(_, let duration): self.duration = max(duration, 0) / speed
        case .spring(let spring): self.duration = spring.settlingDuration() / speed
        }
    }

    /// `curve` over `duration` seconds.
    public static func curve(_ curve: TimingCurve, duration: Double) -> Timing {
        Timing(shape: .curve(curve, duration: duration), speed: 1)
    }

    /// The spring `spring`, ending when it settles.
    public static func spring(_ spring: InterpolatingSpring) -> Timing {
        Timing(shape: .spring(spring), speed: 1)
    }

    /// The same motion played `factor` times faster (factors below 1 slow it down). Speeds
    /// multiply; a factor that is not positive is treated as a very slow 10⁻⁶.
    public func speed(_ factor: Double) -> Timing {
        Timing(shape: shape, speed: speed * max(factor, 1e-6))
    }

    /// The fraction of the distance covered `elapsed` seconds after the start (0 before it,
    /// exactly 1 from ``duration`` on).
    public func fraction(at elapsed: Double) -> Double {
        if elapsed >= duration { return 1 }
        if elapsed <= 0 { return 0 }
        let time = elapsed * speed
        switch shape {
        case .curve(let curve, let designedDuration):
            return curve.value(at: time / designedDuration)
        case .spring(let spring):
            return spring.value(at: time)
        }
    }

    /// The rate of change of ``fraction(at:)``, in fractions per second (0 once it has ended).
    public func velocity(at elapsed: Double) -> Double {
        if elapsed >= duration { return 0 }
        // Before the start it is about to move at its initial rate.
        let time = max(elapsed, 0) * speed
        switch shape {
        case .curve(let curve, let designedDuration):
            return curve.slope(at: time / designedDuration) * speed / designedDuration
        case .spring(let spring):
            return spring.velocity(at: time) * speed
        }
    }
}
