import Engine

/// What a controller tells its session about the transition it drives.
enum ControllerReport: Hashable, Sendable {
    /// The gesture was recognised and took hold of the transition at `time` seconds.
    case began(at: Double)
    /// The gesture let go at `time` seconds and the policy decided.
    case released(ReleaseOutcome)
}

/// The facts of a release: what the policy saw and what it decided.
struct ReleaseOutcome: Hashable, Sendable {
    /// Time of release, in seconds.
    var time: Double
    /// What the policy saw.
    var measurement: ReleaseMeasurement
    /// What it decided.
    var decision: ReleaseDecision
    /// True when a pointer cancel decided, not the policy.
    var pointerCancelled = false
}

/// Turns its recognizer's gesture into the progress of the percent-driven transition and
/// decides, on release, whether it finishes or cancels.
///
/// A concrete controller says how far its gesture has moved the transition (`travel`), what a
/// release measures, and whether its gesture may begin; the rest, the same for all, is below:
/// the arena's messages go to the recognizer, and the grip takes, moves and lets go of the
/// transition.
protocol InteractionController: ArenaMember {
    associatedtype Recognizer: GestureRecognizer
    /// Which controller it is.
    var kind: ControllerKind { get }
    /// The release rule in force.
    var policy: ThresholdPolicy { get set }
    /// MDTransitioning's optional hooks.
    var hooks: InteractionHooks { get set }
    /// Where its gesture area lies in the hit-test order.
    var hitTestLayer: HitTestLayer { get }
    /// The gesture recognizer.
    var recognizer: Recognizer { get set }
    /// Its hold on the transition.
    var grip: TransitionGrip { get set }
    /// The progress the gesture has added since it took hold, in progress units, positive
    /// towards finishing (before clamping to 0…1).
    var travel: Double { get }
    /// What a release at `time` seconds would measure.
    func measure(at time: Double) -> ReleaseMeasurement
    /// The progress the transition shows for the gesture's `progress` (0…1).
    func displayedProgress(_ progress: Double) -> Double
    /// True when a cancelled pointer is decided by the policy like a lift (MDTransitioning),
    /// false when it always cancels.
    var policyDecidesPointerCancel: Bool { get }
    /// Asked when the recognizer is sure of its gesture: may it begin? False rejects the
    /// pointers, which go to the other controllers.
    mutating func shouldBegin() -> Bool
    /// Called just after it took hold of the transition.
    mutating func didTakeHold()
    /// Called when the transition it drove came to rest.
    mutating func transitionCameToRest(_ outcome: TransitionOutcome)

    // The per-event operations below have one implementation, in the extension. Declaring
    // them here makes a call through `any InteractionController` dispatch to a witness
    // specialised for the concrete controller, which reads its recognizer in place instead of
    // copying it out through a generic getter on every event.

    /// True when the recognizer follows `pointerID`.
    func follows(_ pointerID: Int) -> Bool
    /// True when its gesture has been recognised but has not yet taken hold of the transition.
    /// A mutating getter (it changes nothing) so that the session, asking on every event,
    /// reaches the controller in its array in place instead of copying the existential.
    var isReadyToTakeHold: Bool { mutating get }
    /// A pointer went down: the recognizer's answer.
    mutating func offer(_ down: PointerEvent) -> PointerOffer
    /// Feeds an event of a pointer it follows.
    mutating func track(_ event: PointerEvent) -> GestureDisposition?
    /// Gives up its gesture.
    mutating func abandon()
    /// Drives the transition after the arena has ruled on `event`.
    mutating func drive(_ event: PointerEvent, driver: inout TransitionDriver) -> ControllerReport?
}

extension InteractionController {
    var hitTestLayer: HitTestLayer { .page }

    mutating func shouldBegin() -> Bool { true }

    mutating func didTakeHold() {}

    mutating func transitionCameToRest(_ outcome: TransitionOutcome) {}

    func displayedProgress(_ progress: Double) -> Double { progress }

    var policyDecidesPointerCancel: Bool { false }

    /// True while the controller holds the transition.
    var isInteracting: Bool { grip.isHolding }

    /// True when its gesture has been recognised but has not yet taken hold of the transition.
    var isReadyToTakeHold: Bool { recognizer.state == .began && !grip.isHolding }

    /// The progress now, 0…1.
    var progress: Double { grip.progress(adding: travel) }

    /// True when the recognizer follows `pointerID`.
    func follows(_ pointerID: Int) -> Bool { recognizer.follows(pointerID) }

    /// A pointer went down: the recognizer's answer.
    mutating func offer(_ down: PointerEvent) -> PointerOffer { recognizer.offer(down) }

    /// Feeds an event of a pointer it follows; a claim the controller vetoes becomes a rejection.
    mutating func track(_ event: PointerEvent) -> GestureDisposition? {
        let claim = recognizer.track(event)
        guard claim == .accepted, !shouldBegin() else { return claim }
        recognizer.abandon()
        return .rejected
    }

    mutating func acceptGesture(pointer: Int) { recognizer.acceptGesture(pointer: pointer) }

    mutating func rejectGesture(pointer: Int) { recognizer.rejectGesture(pointer: pointer) }

    /// Gives up its gesture (another controller took the transition).
    mutating func abandon() { recognizer.abandon() }

    /// Drives the transition after the arena has ruled on `event`: takes hold once the gesture
    /// is recognised, sets the progress while it moves, and lets go when it ends.
    mutating func drive(_ event: PointerEvent, driver: inout TransitionDriver) -> ControllerReport? {
        switch recognizer.state {
        case .began where !grip.isHolding:
            grip.take(&driver)
            didTakeHold()
            hooks.onBegin?(grip.startProgress)
            update(&driver)
            return .began(at: event.timestamp)
        case .began:
            if follows(event.pointerID) { update(&driver) }
            return nil
        case .ended, .cancelled:
            guard grip.isHolding else { return nil }
            let pointerCancelled = recognizer.state == .cancelled
            if !pointerCancelled { update(&driver) }
            let outcome = grip.release(measure(at: event.timestamp), policy: policy,
                                       pointerCancelled: pointerCancelled && !policyDecidesPointerCancel,
                                       at: event.timestamp, driver: &driver)
            hooks.onEnd?(outcome.decision.verdict == .finish)
            return .released(outcome)
        case .ready, .possible, .failed:
            return nil
        }
    }

    /// What a release at `time` seconds would measure and decide now, while interacting.
    func pendingRelease(at time: Double) -> (measurement: ReleaseMeasurement, decision: ReleaseDecision)? {
        guard grip.isHolding else { return nil }
        let measurement = measure(at: time)
        return (measurement, policy.decide(measurement))
    }

    private mutating func update(_ driver: inout TransitionDriver) {
        let progress = self.progress
        driver.update(progress: displayedProgress(progress))
        hooks.onUpdate?(progress)
    }
}
