import Engine

/// Where pointer events meet a session: the one place that keeps the session, its time, the
/// pointers in contact and, for a replay, the cursor into the events still to come.
///
/// Every way of running a session is a client of a stage: live input in the window (events fed
/// as they arrive, time moved to each frame), window replay and the timeline scrubber (a
/// scripted stage advanced to the replay's time), headless replay, pictures and plots (a
/// scripted stage sampled at chosen times). So what the window shows, what a replay reports
/// and what a picture draws come from one piece of bookkeeping.
///
/// A stage is a value: a copy has its own time and its own session, and never moves the
/// original's.
public struct Stage {
    /// The session: controllers, arena and transition driver.
    public private(set) var session: InteractionSession
    /// The pointers in contact and their last events.
    public private(set) var contacts = PointersInContact()
    private var script: [PointerEvent]
    /// Index into the scripted events of the next one to feed.
    public private(set) var scriptPosition = 0

    /// A stage for live input or a streamed replay, whose time starts at `startTime` seconds.
    public init(configuration: ResolvedConfiguration, startTime: Double = 0) {
        session = InteractionSession(configuration: configuration, startTime: startTime)
        script = []
    }

    /// A stage that plays `events` (in time order) as ``advance(to:)`` moves time on; its time
    /// starts at `startTime` seconds, or at the first event's time.
    public init(configuration: ResolvedConfiguration, playing events: [PointerEvent], startTime: Double? = nil) {
        session = InteractionSession(configuration: configuration, startTime: startTime ?? events.first?.timestamp ?? 0)
        script = events
    }

    /// The stage's time in seconds.
    public var now: Double { session.now }

    /// The configuration in force.
    public var resolved: ResolvedConfiguration { session.resolved }

    /// True once every scripted event has been fed.
    public var hasPlayedScript: Bool { scriptPosition >= script.count }

    /// True when `event` would be taken: a down, or a move or lift of a pointer in contact.
    /// A move or lift of a pointer that is not down is dropped (its down was lost or
    /// happened before recording began).
    public func accepts(_ event: PointerEvent) -> Bool {
        event.phase == .down || contacts.contains(event.pointerID)
    }

    /// Feeds one event at its own time (the stage's time first moves on to it). Returns the
    /// transitions that came to rest.
    public mutating func feed(_ event: PointerEvent) -> [TransitionRecord] {
        guard accepts(event) else { return session.advance(to: event.timestamp) }
        var rested: [TransitionRecord] = []
        if event.phase == .down, let stale = contacts.cancellation(of: event.pointerID, at: event.timestamp) {
            // Down again without a lift (the lift was lost, say outside the window): the old
            // contact is cancelled first.
            contacts.record(stale)
            rested += session.handle(stale)
        }
        contacts.record(event)
        rested += session.handle(event)
        return rested
    }

    /// Feeds every scripted event due by `time` seconds, then moves the stage's time on to
    /// `time`. Returns the transitions that came to rest.
    public mutating func advance(to time: Double) -> [TransitionRecord] {
        var rested: [TransitionRecord] = []
        while scriptPosition < script.count, script[scriptPosition].timestamp <= time {
            let event = script[scriptPosition]
            scriptPosition += 1
            rested += feed(event)
        }
        rested += session.advance(to: time)
        return rested
    }

    /// Cancels every pointer in contact at `time` seconds, as the window does when it loses
    /// focus. Returns the transitions that came to rest.
    public mutating func cancelAll(at time: Double) -> [TransitionRecord] {
        var rested: [TransitionRecord] = []
        for cancellation in contacts.cancellations(at: time) { rested += feed(cancellation) }
        rested += session.advance(to: time)
        return rested
    }

    /// Lets a running completion reach its end. Returns the transitions that came to rest.
    public mutating func finishCompletion() -> [TransitionRecord] {
        guard let end = session.driver.completionEndTime else { return [] }
        return advance(to: end)
    }

    /// Gives every controller of `kind` the hooks `hooks`.
    public mutating func setHooks(_ hooks: InteractionHooks, for kind: ControllerKind) {
        session.setHooks(hooks, for: kind)
    }

    /// What there is to draw now.
    public func snapshot() -> StageSnapshot {
        let pending = session.pendingRelease()
        return StageSnapshot(time: now, progress: session.presentedProgress, state: session.driver.state,
                             pointers: contacts.positions, pendingMeasurement: pending?.measurement,
                             pendingDecision: pending?.decision, activeController: session.activeControllerKind,
                             released: session.releasedTransition)
    }
}
