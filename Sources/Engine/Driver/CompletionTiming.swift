/// How a transition animates from the progress at release to its end (1 when finishing,
/// 0 when cancelling). Chosen per transition, the way each source library did it.
///
/// The three eased forms are UIKit's rule with their own completion speed: the remaining
/// distance times the transition's duration, played ``Timing/speed(_:)`` times faster.
public enum CompletionTiming: Hashable, Sendable {
    /// UIKit's `UIPercentDrivenInteractiveTransition`: the remaining time is
    /// `(1 − p) · duration / completionSpeed` when finishing and `p · duration / completionSpeed`
    /// when cancelling, eased by `curve`.
    case uikit(curve: TimingCurve, completionSpeed: Double)
    /// VCTransitionsLibrary: UIKit's rule with `completionSpeed = 1 − p`.
    case vcTransitions(curve: TimingCurve)
    /// swiftui-navigation-transitions: UIKit's rule with
    /// `completionSpeed = min(max(0.99, |v| / 800), 2.25)`, v the release speed in points/s.
    case velocityScaled(curve: TimingCurve)
    /// A spring from the release progress to the target whose initial velocity is the release
    /// velocity divided by the remaining distance, so neither the value nor its slope jumps.
    case spring(InterpolatingSpring)

    /// UIKit's defaults: an ease-in-out curve at completion speed 1.
    public static let `default` = CompletionTiming.uikit(curve: .easeInOut, completionSpeed: 1)

    /// A critically damped spring that settles in about a third of a second.
    public static let defaultSpring = CompletionTiming.spring(InterpolatingSpring(mass: 1, stiffness: 300, damping: 2 * 300.0.squareRoot()))

    /// The named forms, as command lines and trace headers spell them.
    public enum Name: String, Hashable, Sendable, CaseIterable {
        /// UIKit's defaults (``CompletionTiming/default``).
        case uikit
        /// VCTransitionsLibrary's speed `1 − p`, eased in and out.
        case vctransitions
        /// swiftui-navigation-transitions' velocity-scaled speed, eased in and out.
        case swiftuiNavigation = "swiftui-navigation"
        /// The default spring (``CompletionTiming/defaultSpring``).
        case spring

        /// The timing of this name.
        public var timing: CompletionTiming {
            switch self {
            case .uikit: return .default
            case .vctransitions: return .vcTransitions(curve: .easeInOut)
            case .swiftuiNavigation: return .velocityScaled(curve: .easeInOut)
            case .spring: return .defaultSpring
            }
        }
    }

    /// Every named form, in the order the window cycles through them.
    public static var presets: [(name: String, timing: CompletionTiming)] {
        Name.allCases.map { ($0.rawValue, $0.timing) }
    }

    /// Looks a preset up by its stable name.
    public static func named(_ name: String) -> CompletionTiming? {
        Name(rawValue: name)?.timing
    }

    /// The kind of this form.
    public var kind: Name {
        switch self {
        case .uikit: return .uikit
        case .vcTransitions: return .vctransitions
        case .velocityScaled: return .swiftuiNavigation
        case .spring: return .spring
        }
    }

    /// The stable name of this form (`uikit`, `vctransitions`, `swiftui-navigation`, `spring`).
    public var name: String { kind.rawValue }

    /// The speed swiftui-navigation-transitions gives a finishing completion for a release
    /// velocity towards finishing in points per second, signed
    /// (`NavigationTransitionInteraction.swift`: `min(max(0.99, velocity / 800), 2.25)`). A
    /// cancelling completion keeps UIKit's speed 1.
    public static func velocityScaledSpeed(pointsPerSecond: Double) -> Double {
        min(max(0.99, pointsPerSecond / 800), 2.25)
    }

    /// The speed VCTransitionsLibrary gives a completion released at `progress`:
    /// `1 − percentComplete`, where its swipe showed 0.99 instead of a fraction of 1 or more
    /// (`if (fraction >= 1.0) fraction = 0.99`), so the speed never drops below 0.01; a fraction
    /// just under 1 is shown, and timed, as it is.
    public static func vcTransitionsSpeed(progress: Double) -> Double {
        1 - (progress >= 1 ? 0.99 : max(progress, 0))
    }

    /// How slowly `animation`, planned by this timing for a transition of `duration` seconds,
    /// plays; nil unless its speed is below ``CompletionSlowness/slowSpeed`` and it outlasts the
    /// whole transition (a spring has no speed and is never slow). For example
    /// VCTransitionsLibrary's speed `1 − p` makes a cancel released at p = 0.99 take 100 times
    /// UIKit's time, while its finish from a full swipe (speed 0.01 over the last 1%) takes one
    /// ordinary duration.
    public func slowness(of animation: CompletionAnimation, duration: Double) -> CompletionSlowness? {
        let planned = animation.timing
        guard case .curve = planned.shape, planned.speed < CompletionSlowness.slowSpeed, planned.duration > duration else { return nil }
        var progressTimed: Double?
        if case .vcTransitions = self { progressTimed = 1 - Self.vcTransitionsSpeed(progress: animation.startProgress) }
        return CompletionSlowness(timingName: name, speed: planned.speed, duration: planned.duration,
                                  durationAtSpeedOne: planned.duration * planned.speed, progressTimed: progressTimed)
    }

    /// Plans the animation from `progress` to `target` starting at `startTime` seconds.
    /// - Parameters:
    ///   - duration: the transition's full duration in seconds.
    ///   - velocity: the release velocity towards the finished end.
    public func animation(from progress: Double, to target: Double, startTime: Double,
                          duration: Double, velocity: ReleaseVelocity) -> CompletionAnimation {
        CompletionAnimation(from: progress, to: target, startTime: startTime,
                            timing: timing(from: progress, to: target, duration: duration, velocity: velocity))
    }

    /// The timing of the animation from `progress` to `target` (see ``animation(from:to:startTime:duration:velocity:)``).
    public func timing(from progress: Double, to target: Double, duration: Double, velocity: ReleaseVelocity) -> Timing {
        let signedDistance = target - progress
        func uikitRule(_ curve: TimingCurve, speed: Double) -> Timing {
            .curve(curve, duration: abs(signedDistance) * duration).speed(speed)
        }
        switch self {
        case .uikit(let curve, let completionSpeed):
            return uikitRule(curve, speed: completionSpeed)
        case .vcTransitions(let curve):
            return uikitRule(curve, speed: Self.vcTransitionsSpeed(progress: progress))
        case .velocityScaled(let curve):
            return uikitRule(curve, speed: target == 1 ? Self.velocityScaledSpeed(pointsPerSecond: velocity.pointsPerSecond) : 1)
        case .spring(let spring):
            // The spring runs in fractions of the remaining distance, so the velocity in
            // progress per second is divided by the signed distance still to travel.
            let relativeVelocity = abs(signedDistance) > 1e-9 ? velocity.progressPerSecond / signedDistance : 0
            return .spring(spring.withInitialVelocity(relativeVelocity))
        }
    }
}
