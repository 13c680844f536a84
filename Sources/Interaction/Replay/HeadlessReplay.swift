import Engine

/// Replays pointer events through a session as fast as possible, on a virtual clock driven
/// by the events' own timestamps, so the same trace and configuration always give the same
/// records.
public struct HeadlessReplay {
    /// The session being replayed into.
    public private(set) var session: InteractionSession
    /// The virtual clock.
    public let clock: VirtualClock
    /// Transitions that came to rest, in order.
    public private(set) var records: [TransitionRecord] = []

    /// Creates a replay of a configuration.
    public init(configuration: ResolvedConfiguration, startTime: Double = 0) {
        clock = VirtualClock(start: startTime)
        session = InteractionSession(configuration: configuration, clock: clock)
    }

    /// Feeds one event at its own time.
    public mutating func feed(_ event: PointerEvent) {
        clock.advanceTime(to: event.timestamp)
        records += session.handle(event)
    }

    /// Moves the clock to `time` seconds, letting any completion animation progress.
    public mutating func advance(to time: Double) {
        clock.advanceTime(to: time)
        records += session.advance()
    }

    /// Lets a running completion animation reach its end.
    public mutating func finish() {
        if let end = session.driver.completionEndTime { advance(to: end) }
    }

    /// Replays every event of `reader` (streaming, in bounded memory) and returns the records.
    public static func run(_ reader: TraceReader, configuration: ResolvedConfiguration) throws(TraceError) -> [TransitionRecord] {
        var replay = HeadlessReplay(configuration: configuration)
        while let event = try reader.next() { replay.feed(event) }
        replay.finish()
        return replay.records
    }

    /// Replays every event of `reader` and hands each record to `body` as the transition comes
    /// to rest, keeping none: memory stays flat however long the trace.
    public static func run(_ reader: TraceReader, configuration: ResolvedConfiguration,
                           eachRecord body: (TransitionRecord) -> Void) throws(TraceError) {
        var replay = HeadlessReplay(configuration: configuration)
        while let event = try reader.next() {
            replay.feed(event)
            if !replay.records.isEmpty { replay.handOver(to: body) }
        }
        replay.finish()
        replay.handOver(to: body)
    }

    /// Gives the records so far to `body` and forgets them.
    private mutating func handOver(to body: (TransitionRecord) -> Void) {
        for record in records { body(record) }
        records.removeAll(keepingCapacity: true)
    }

    /// Replays `events` and returns the records.
    public static func run(_ events: [PointerEvent], configuration: ResolvedConfiguration) -> [TransitionRecord] {
        var replay = HeadlessReplay(configuration: configuration)
        for event in events { replay.feed(event) }
        replay.finish()
        return replay.records
    }
}
