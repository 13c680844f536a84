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
/// With resampling on (the configuration's ``ResamplingMode``), events go through the mode's
/// resampler, and the stage samples it at frames every ``ResamplingMode/frameInterval`` seconds
/// from its start time, whatever the caller's own frame rate, so a live session, its replay and
/// a headless run resample at the same times.
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
    /// The resampler, when resampling is on.
    private var resampler: (any PointerResampler)?
    /// True when resampling is on: read on every event, so kept apart from the resampler,
    /// whose optional existential costs a copy to test.
    private let resamples: Bool
    /// The predictor in force, read from the configuration once rather than on every event.
    private let predictorName: PredictorName
    /// How far ahead the predictor reaches, in seconds.
    private let predictionHorizon: Double
    /// Frames are at `frameOrigin + n × frameInterval` seconds.
    private let frameOrigin: Double
    /// The number of the next frame to sample.
    private var nextFrame: Int64 = 1
    /// The latest time an event was fed at, in seconds.
    private var latestInput: Double
    /// Each pointer's prediction, when prediction is on.
    private var predictions: [Int: PointerPrediction] = [:]
    /// Where the predictor puts each pointer in contact, in points, by id.
    public private(set) var predictedPositions: [Int: Point] = [:]

    /// A stage for live input or a streamed replay, whose time starts at `startTime` seconds.
    public init(configuration: ResolvedConfiguration, startTime: Double = 0) {
        self.init(configuration: configuration, script: [], startTime: startTime)
    }

    /// A stage that plays `events` (in time order) as ``advance(to:)`` moves time on; its time
    /// starts at `startTime` seconds, or at the first event's time.
    public init(configuration: ResolvedConfiguration, playing events: [PointerEvent], startTime: Double? = nil) {
        self.init(configuration: configuration, script: events, startTime: startTime ?? events.first?.timestamp ?? 0)
    }

    private init(configuration: ResolvedConfiguration, script: [PointerEvent], startTime: Double) {
        session = InteractionSession(configuration: configuration, startTime: startTime)
        self.script = script
        resampler = configuration.configuration.resampling.makeResampler()
        resamples = resampler != nil
        predictorName = configuration.configuration.prediction
        predictionHorizon = configuration.configuration.predictionHorizon
        frameOrigin = startTime
        latestInput = startTime
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
    /// transitions that came to rest. With resampling on, the event goes to the resampler, and
    /// the frames due before it are sampled first.
    public mutating func feed(_ event: PointerEvent) -> [TransitionRecord] {
        var rested: [TransitionRecord] = []
        feed(event, collectingInto: &rested)
        return rested
    }

    /// ``feed(_:)`` appending the transitions that came to rest to `rested`: a replay collects
    /// them in one array rather than receiving one, nearly always empty, per event.
    mutating func feed(_ event: PointerEvent, collectingInto rested: inout [TransitionRecord]) {
        guard resamples else {
            dispatch(event, collectingInto: &rested)
            return
        }
        rested += sampleFrames(before: event.timestamp, including: false)
        latestInput = max(latestInput, event.timestamp)
        for resampled in resampler?.add(event) ?? [] { dispatch(resampled, collectingInto: &rested) }
        session.advance(to: event.timestamp, collectingInto: &rested)
    }

    /// Samples the resampler at every frame before `time` seconds (and at `time` when
    /// `including`), dispatching what each frame gives at the frame's time.
    private mutating func sampleFrames(before time: Double, including: Bool) -> [TransitionRecord] {
        guard var active = resampler else { return [] }
        // Taken out while it works, so its buffers have one owner and are not copied.
        resampler = nil
        var rested: [TransitionRecord] = []
        while true {
            if !active.hasPendingEvents {
                // Nothing held: skip the empty frames (a trace's clock may start far from 0).
                let due = ((time - frameOrigin) / ResamplingMode.frameInterval).rounded(.down)
                if due.isFinite, due > Double(nextFrame) { nextFrame = due < Double(Int64.max / 2) ? Int64(due) : Int64.max / 2 }
            }
            let tick = frameOrigin + Double(nextFrame) * ResamplingMode.frameInterval
            guard tick < time || (including && tick == time) else { break }
            nextFrame += 1
            session.advance(to: tick, collectingInto: &rested)
            for event in active.frame(at: tick) { dispatch(event, collectingInto: &rested) }
        }
        resampler = active
        return rested
    }

    /// Hands every event the resampler still holds to the session: the frames after the last
    /// input until it has dispatched them (Flutter's lag plus a few frames), then anything left
    /// as it is. Returns the transitions that came to rest.
    private mutating func drainResampler() -> [TransitionRecord] {
        guard resampler != nil else { return [] }
        var rested: [TransitionRecord] = []
        let horizon = max(latestInput, now) + Self.drainFrames * ResamplingMode.frameInterval
        while resampler?.hasPendingEvents == true {
            let tick = frameOrigin + Double(nextFrame) * ResamplingMode.frameInterval
            guard tick <= horizon else { break }
            rested += sampleFrames(before: tick, including: true)
        }
        for event in resampler?.flush() ?? [] { dispatch(event, collectingInto: &rested) }
        return rested
    }

    /// How many frames past the last input the stage samples before flushing a resampler:
    /// Flutter's 38 ms lag is under three frames.
    private static let drainFrames = 8.0

    /// Feeds one event to the session as it is, appending the transitions that came to rest to
    /// `rested`.
    private mutating func dispatch(_ event: PointerEvent, collectingInto rested: inout [TransitionRecord]) {
        guard accepts(event) else {
            session.advance(to: event.timestamp, collectingInto: &rested)
            return
        }
        if event.phase == .down, let stale = contacts.cancellation(of: event.pointerID, at: event.timestamp) {
            // Down again without a lift (the lift was lost, say outside the window): the old
            // contact is cancelled first.
            contacts.record(stale)
            session.handle(driving(stale), collectingInto: &rested)
        }
        contacts.record(event)
        session.handle(driving(event), collectingInto: &rested)
    }

    /// The event the session sees: with prediction on, a move goes where the pointer's
    /// prediction puts it the horizon later (``PointerPrediction``: fed moves only, at most
    /// 25 ms ahead; the real position while there is no prediction); downs and lifts stay
    /// real, as browsers predict only moves.
    private mutating func driving(_ event: PointerEvent) -> PointerEvent {
        guard predictorName != .none else { return event }
        switch event.phase {
        case .down:
            var prediction = PointerPrediction(predictorName)
            prediction.take(.down, at: event.position, time: event.timestamp)
            predictions[event.pointerID] = prediction
            predictedPositions[event.pointerID] = event.position
            return event
        case .move:
            // Updated in place in the dictionary, so a predictor's history is never copied.
            guard predictions[event.pointerID] != nil else { return event }
            predictions[event.pointerID]?.take(.move, at: event.position, time: event.timestamp)
            var driven = event
            driven.position = predictions[event.pointerID]?.prediction(at: event.timestamp + predictionHorizon) ?? event.position
            predictedPositions[event.pointerID] = driven.position
            return driven
        case .up, .cancel:
            predictions[event.pointerID] = nil
            predictedPositions[event.pointerID] = nil
            return event
        }
    }

    /// Feeds every scripted event due by `time` seconds, then moves the stage's time on to
    /// `time`. Returns the transitions that came to rest.
    public mutating func advance(to time: Double) -> [TransitionRecord] {
        var rested: [TransitionRecord] = []
        while scriptPosition < script.count, script[scriptPosition].timestamp <= time {
            let event = script[scriptPosition]
            scriptPosition += 1
            feed(event, collectingInto: &rested)
        }
        rested += sampleFrames(before: time, including: true)
        session.advance(to: time, collectingInto: &rested)
        return rested
    }

    /// Cancels every pointer in contact at `time` seconds, as the window does when it loses
    /// focus; a resampler first hands over what it holds. Returns the transitions that came to
    /// rest.
    public mutating func cancelAll(at time: Double) -> [TransitionRecord] {
        var rested: [TransitionRecord] = []
        for event in resampler?.flush() ?? [] { dispatch(event, collectingInto: &rested) }
        for cancellation in contacts.cancellations(at: time) { dispatch(cancellation, collectingInto: &rested) }
        session.advance(to: time, collectingInto: &rested)
        return rested
    }

    /// Lets the resampler hand over what it holds and a running completion reach its end.
    /// Returns the transitions that came to rest.
    public mutating func finishCompletion() -> [TransitionRecord] {
        let rested = drainResampler()
        guard let end = session.driver.completionEndTime else { return rested }
        return rested + advance(to: end)
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
                             released: session.releasedTransition, predictedPointers: predictedPositions)
    }
}
