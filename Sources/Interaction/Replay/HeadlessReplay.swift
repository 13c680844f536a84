import Engine

/// Replays pointer events through a stage as fast as possible, its time driven by the
/// events' own timestamps, so the same trace and configuration always give the same records.
public struct HeadlessReplay {
    /// The stage being replayed into.
    public private(set) var stage: Stage
    /// Transitions that came to rest, in order.
    public private(set) var records: [TransitionRecord] = []

    /// Creates a replay of a configuration whose time starts at `startTime` seconds.
    public init(configuration: ResolvedConfiguration, startTime: Double = 0) {
        stage = Stage(configuration: configuration, startTime: startTime)
    }

    /// The stage's session.
    public var session: InteractionSession { stage.session }

    /// The replay's time in seconds.
    public var now: Double { stage.now }

    /// Feeds one event at its own time.
    public mutating func feed(_ event: PointerEvent) {
        stage.feed(event, collectingInto: &records)
    }

    /// Moves time on to `time` seconds, letting any completion animation progress.
    public mutating func advance(to time: Double) {
        records += stage.advance(to: time)
    }

    /// Lets a running completion animation reach its end.
    public mutating func finish() {
        records += stage.finishCompletion()
    }

    /// The records so far, forgotten here, so a long replay keeps none.
    public mutating func takeRecords() -> [TransitionRecord] {
        defer { records.removeAll(keepingCapacity: true) }
        return records
    }

    /// Replays `events` and returns the records.
    public static func run(_ events: [PointerEvent], configuration: ResolvedConfiguration) -> [TransitionRecord] {
        var replay = HeadlessReplay(configuration: configuration)
        for event in events { replay.feed(event) }
        replay.finish()
        return replay.records
    }
}
