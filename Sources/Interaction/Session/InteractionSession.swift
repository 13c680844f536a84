import Engine

/// A screen with its interaction controllers and its percent-driven transition: pointer
/// events in, progress and finished transitions out. The window and headless replay both run
/// one, so what the window shows and what a replay reports come from the same code.
///
/// The controllers compete for pointers in a gesture arena (Flutter's rules, see
/// ``GestureArena``), in hit-test order: edge strips first, then the page, each in the
/// configuration's order. One transition has one holder: once a controller takes hold, every
/// other one gives up its gesture, and new pointers are offered only to the holder until it
/// lets go.
public struct InteractionSession {
    /// The configuration in force, with its names looked up.
    public let resolved: ResolvedConfiguration
    /// The transition driver (read it for the state and the presented progress).
    public private(set) var driver: TransitionDriver
    private var controllers: [any InteractionController]
    private var arena = GestureArena()
    private var activeController: Int?
    private var openRecord: TransitionRecord?
    private var recordController: Int?

    /// Creates a session whose time starts at `startTime` seconds.
    public init(configuration: ResolvedConfiguration, startTime: Double = 0) {
        resolved = configuration
        controllers = configuration.controllers.enumerated()
            .sorted { ($0.element.hitTestLayer, $0.offset) < ($1.element.hitTestLayer, $1.offset) }
            .map(\.element)
        driver = TransitionDriver(startTime: startTime, duration: configuration.configuration.duration,
                                  completionTiming: configuration.completionTiming)
    }

    /// The progress shown now, 0…1.
    public var presentedProgress: Double { driver.presentedProgress }

    /// The controller holding the transition, if a gesture is in progress.
    public var activeControllerKind: ControllerKind? { activeController.map { controllers[$0].kind } }

    /// The transition released and still completing: which controller released it, its
    /// decision and reason, until it comes to rest (then it is the record ``advance(to:)``
    /// returns).
    public var releasedTransition: TransitionRecord? { activeController == nil && driver.state.isCompleting ? openRecord : nil }

    /// What the display shows now, for a screen of `size` points.
    public func displayList(size: Size) -> DisplayList {
        resolved.transition.displayList(progress: presentedProgress, direction: resolved.configuration.direction, size: size)
    }

    /// What a release now would measure and decide, while a gesture holds the transition.
    public func pendingRelease() -> (measurement: ReleaseMeasurement, decision: ReleaseDecision)? {
        guard let activeController else { return nil }
        return controllers[activeController].pendingRelease(at: driver.now)
    }

    /// Gives every controller of `kind` the hooks `hooks` (MDTransitioning's callbacks and
    /// overrides).
    public mutating func setHooks(_ hooks: InteractionHooks, for kind: ControllerKind) {
        for index in controllers.indices where controllers[index].kind == kind { controllers[index].hooks = hooks }
    }

    /// Feeds one pointer event, first moving the session's time on to the event's (an event
    /// stamped earlier than the session's time happens at the session's time). Returns the
    /// transitions that came to rest.
    ///
    /// The caller keeps the contacts valid (a ``Stage`` does): no move or lift of a pointer
    /// that is not down, and no second down without a lift or cancel in between.
    public mutating func handle(_ event: PointerEvent) -> [TransitionRecord] {
        var rested: [TransitionRecord] = []
        handle(event, collectingInto: &rested)
        return rested
    }

    /// ``handle(_:)`` appending the transitions that came to rest to `rested`: a replay
    /// collects them in one array rather than receiving one, nearly always empty, per event.
    mutating func handle(_ event: PointerEvent, collectingInto rested: inout [TransitionRecord]) {
        advance(to: event.timestamp, collectingInto: &rested)
        dispatch(event)
        advance(to: event.timestamp, collectingInto: &rested)
    }

    /// The session's time in seconds.
    public var now: Double { driver.now }

    /// Moves the session's time on to `time` seconds (never backwards) and the transition
    /// with it. Returns the transitions that came to rest.
    public mutating func advance(to time: Double) -> [TransitionRecord] {
        var rested: [TransitionRecord] = []
        advance(to: time, collectingInto: &rested)
        return rested
    }

    /// ``advance(to:)`` appending the transition that came to rest, if any, to `rested`.
    mutating func advance(to time: Double, collectingInto rested: inout [TransitionRecord]) {
        guard let outcome = driver.advanceTime(to: time), var record = openRecord else { return }
        record.outcome = outcome
        record.endedAt = driver.now
        if let endTime = driver.lastCompletionEndTime { record.endedAt = endTime }
        openRecord = nil
        if let recordController { controllers[recordController].transitionCameToRest(outcome) }
        recordController = nil
        rested.append(record)
    }

    /// One event through the arena, then to the controller that holds (or now takes) the transition.
    private mutating func dispatch(_ event: PointerEvent) {
        if event.phase == .down { offer(event) } else { track(event) }
        if activeController == nil, let ready = firstControllerReadyToTakeHold() {
            activeController = ready
            for other in controllers.indices where other != ready {
                controllers[other].abandon()
                deliver(arena.resolveEverywhere(by: other, .rejected))
            }
        }
        if let index = activeController, let report = controllers[index].drive(event, driver: &driver) {
            apply(report, from: index)
        }
        if event.phase.endsContact { deliver(arena.sweep(event.pointerID)) }
    }

    /// Offers a new pointer to the controllers (only to the holder while one holds the
    /// transition), then closes its arena.
    private mutating func offer(_ down: PointerEvent) {
        let candidates = activeController.map { [$0] } ?? Array(controllers.indices)
        for index in candidates {
            switch controllers[index].offer(down) {
            case .join: arena.add(index, competingFor: down.pointerID)
            case .pass: break
            case .withdraw: deliver(arena.resolveEverywhere(by: index, .rejected))
            }
        }
        deliver(arena.close(down.pointerID))
    }

    /// Hands an event to every controller following its pointer, in hit-test order, and
    /// passes their claims and rejections to the arena as they come.
    private mutating func track(_ event: PointerEvent) {
        // Every controller is asked: one that does not follow the pointer answers nil, and a
        // mutating call reaches the controller in place where a query would copy it first.
        for index in controllers.indices {
            guard let claim = controllers[index].track(event) else { continue }
            if claim == .accepted, let holder = activeController, holder != index {
                controllers[index].abandon()
                deliver(arena.resolveEverywhere(by: index, .rejected))
                continue
            }
            deliver(arena.resolveEverywhere(by: index, claim))
        }
    }

    /// The first controller, in hit-test order, whose gesture is ready to take hold.
    private mutating func firstControllerReadyToTakeHold() -> Int? {
        for index in controllers.indices where controllers[index].isReadyToTakeHold { return index }
        return nil
    }

    private mutating func deliver(_ notices: [ArenaNotice]) {
        for notice in notices {
            switch notice {
            case .won(let member, let pointer): controllers[member].acceptGesture(pointer: pointer)
            case .lost(let member, let pointer): controllers[member].rejectGesture(pointer: pointer)
            }
        }
    }

    private mutating func apply(_ report: ControllerReport, from index: Int) {
        switch report {
        case .began(let time):
            if openRecord == nil {
                openRecord = TransitionRecord(controller: controllers[index].kind, policy: controllers[index].policy.name,
                                              beganAt: time, releasedAt: time, progressAtRelease: 0, velocityAtRelease: 0,
                                              decision: .cancel, reason: "", outcome: .cancelled, endedAt: time, grabs: 0)
            } else {
                openRecord?.grabs += 1
            }
            recordController = index
        case .released(let release):
            activeController = nil
            openRecord?.releasedAt = release.time
            openRecord?.progressAtRelease = release.measurement.progress
            openRecord?.velocityAtRelease = release.measurement.velocity
            openRecord?.decision = release.decision.verdict
            openRecord?.reason = release.decision.reason
            openRecord?.pointsPerProgress = release.measurement.pointsPerProgress
            openRecord?.screenExtent = release.measurement.screenExtent
            openRecord?.pointerCancelled = release.pointerCancelled
            openRecord?.completionSlowness = driver.completionSlowness
        }
    }
}
