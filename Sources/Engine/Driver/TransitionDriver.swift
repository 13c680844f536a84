/// A percent-driven transition: a gesture sets its progress while interacting, and on release
/// it animates to the finished or cancelled end and reports that outcome exactly once.
///
/// Time is a value the driver owns, moved forward only by ``advanceTime(to:)`` (from event
/// timestamps or an injected clock), so a copy of a driver never shares its time with the
/// original. While finishing or cancelling, ``begin()`` or ``pause()`` grabs the transition
/// where it is presented now (like UIKit's interruptible animators), so a new touch continues
/// it without a jump.
public struct TransitionDriver {
    /// The driver's time in seconds: every operation happens at this time.
    public private(set) var now: Double
    /// The full duration of the transition in seconds (UIKit's `transitionDuration`).
    public var duration: Double
    /// How the progress animates after release.
    public var completionTiming: CompletionTiming
    /// Resistance beyond 0…1 while interacting; `nil` clamps instead (the default).
    public var rubberBand: RubberBand?

    /// The current state.
    public private(set) var state: DriverState = .idle
    /// The progress the gesture last set, before clamping or banding.
    public private(set) var interactiveProgress: Double = 0
    /// The running completion animation, if finishing or cancelling.
    public private(set) var completion: CompletionAnimation?
    /// The time the current transition began, in seconds.
    public private(set) var beganAt: Double?
    /// The time the last completion animation ended, in seconds (the moment the last outcome
    /// was reached, which a coarse clock may only notice later).
    public private(set) var lastCompletionEndTime: Double?
    /// The number of times the current transition was grabbed mid-completion.
    public private(set) var grabCount = 0

    /// The default transition duration, 0.35 seconds (UIKit's push).
    public static let defaultDuration = 0.35

    /// Creates an idle driver whose time starts at `startTime` seconds.
    public init(startTime: Double = 0, duration: Double = TransitionDriver.defaultDuration,
                completionTiming: CompletionTiming = .default, rubberBand: RubberBand? = nil) {
        self.now = startTime
        self.duration = duration
        self.completionTiming = completionTiming
        self.rubberBand = rubberBand
    }

    /// The progress shown right now: the gesture's while interacting, the animation's while
    /// completing, 1 when finished and 0 otherwise.
    public var presentedProgress: Double {
        switch state {
        case .idle, .cancelled: return 0
        case .finished: return 1
        case .interacting: return presented(interactiveProgress)
        case .finishing, .cancelling: return completion?.progress(at: now) ?? interactiveProgress
        }
    }

    /// The rate of change of the presented progress while completing, in progress per second
    /// (0 in every other state: the gesture's own velocity belongs to the gesture).
    public var presentedVelocity: Double {
        guard state.isCompleting, let completion else { return 0 }
        return completion.velocity(at: now)
    }

    /// Starts a transition and returns the progress it starts from: 0 for a new transition,
    /// or the presented progress when it grabs one that is finishing or cancelling.
    @discardableResult
    public mutating func begin() -> Double {
        if state.isCompleting { return pause() }
        if state == .interacting { return interactiveProgress }
        state = .interacting
        interactiveProgress = 0
        completion = nil
        beganAt = now
        grabCount = 0
        return 0
    }

    /// Stops a running completion where it is presented now and hands the progress back to
    /// the gesture. Returns that progress, as the gesture would have to set it (unbanded when
    /// rubber-banding), so that the next ``update(progress:)`` continues without a jump. Does
    /// nothing in other states.
    @discardableResult
    public mutating func pause() -> Double {
        guard state.isCompleting else { return interactiveProgress }
        let shown = presentedProgress
        interactiveProgress = rubberBand?.unapply(shown) ?? shown
        completion = nil
        state = .interacting
        grabCount += 1
        return interactiveProgress
    }

    /// Sets the progress while interacting (ignored in other states).
    public mutating func update(progress: Double) {
        guard state == .interacting else { return }
        interactiveProgress = progress
    }

    /// Releases towards the finished end.
    public mutating func finish(velocity: ReleaseVelocity = .zero) {
        release(to: 1, velocity: velocity)
    }

    /// Releases towards the cancelled end.
    public mutating func cancel(velocity: ReleaseVelocity = .zero) {
        release(to: 0, velocity: velocity)
    }

    /// The time the running completion ends, in seconds; nil when not completing.
    public var completionEndTime: Double? {
        state.isCompleting ? completion?.endTime : nil
    }

    /// How slowly the running completion plays, when it is slow (see
    /// ``CompletionTiming/slowness(of:duration:)``); nil when not completing or not slow.
    public var completionSlowness: CompletionSlowness? {
        guard state.isCompleting, let completion else { return nil }
        return completionTiming.slowness(of: completion, duration: duration)
    }

    /// Moves the driver's time forward to `time` seconds (a time in the past leaves it where it
    /// is: time never runs backwards) and the state with it. Returns the outcome the first time
    /// the completion reaches its end, and nil on every other call.
    @discardableResult
    public mutating func advanceTime(to time: Double) -> TransitionOutcome? {
        if time > now { now = time }
        guard state.isCompleting, let completion, now >= completion.endTime else { return nil }
        let outcome: TransitionOutcome = state == .finishing ? .finished : .cancelled
        lastCompletionEndTime = completion.endTime
        state = outcome == .finished ? .finished : .cancelled
        interactiveProgress = completion.targetProgress
        self.completion = nil
        return outcome
    }

    private mutating func release(to target: Double, velocity: ReleaseVelocity) {
        guard state == .interacting else { return }
        let start = presented(interactiveProgress)
        completion = completionTiming.animation(from: start, to: target, startTime: now,
                                                duration: duration, velocity: velocity)
        state = target == 1 ? .finishing : .cancelling
    }

    private func presented(_ progress: Double) -> Double {
        if let rubberBand { return rubberBand.apply(progress) }
        return progress.clampedToUnitInterval
    }
}
