import Interaction

extension HeadlessReplay {
    /// The batches of events waiting between the reading thread and the replay: four of up
    /// to ``TraceReader/batchLimit`` events (about 64 bytes each), so memory stays flat.
    static let batchesInFlight = 4

    /// Replays every event of `reader` (streaming, in bounded memory) and returns the records.
    /// The reader decodes on a second thread while this one replays (the same events in the
    /// same order, so the same records).
    public static func run(_ reader: TraceReader, configuration: ResolvedConfiguration) throws(TraceError) -> [TransitionRecord] {
        var replay = HeadlessReplay(configuration: configuration)
        try feedAll(reader, to: &replay) { _ in }
        replay.finish()
        return replay.records
    }

    /// Replays every event of `reader` and hands each record to `body` as the transition comes
    /// to rest, keeping none: memory stays flat however long the trace. The reader decodes on
    /// a second thread while this one replays.
    public static func run(_ reader: TraceReader, configuration: ResolvedConfiguration,
                           eachRecord body: (TransitionRecord) -> Void) throws(TraceError) {
        var replay = HeadlessReplay(configuration: configuration)
        try feedAll(reader, to: &replay) { replay in
            if !replay.records.isEmpty { for record in replay.takeRecords() { body(record) } }
        }
        replay.finish()
        for record in replay.takeRecords() { body(record) }
    }

    /// Feeds `replay` every event of `reader`, read on another thread, calling `afterEach`
    /// after each; a problem in the trace is thrown once the events before it are fed.
    private static func feedAll(_ reader: TraceReader, to replay: inout HeadlessReplay,
                                afterEach: (inout HeadlessReplay) -> Void) throws(TraceError) {
        let handoff = EventBatchHandoff(capacity: batchesInFlight)
        reader.readOnAnotherThread(into: handoff)
        while true {
            switch handoff.take() {
            case .events(let events):
                for event in events {
                    replay.feed(event)
                    afterEach(&replay)
                }
            case .end:
                return
            case .failure(let error):
                throw error
            }
        }
    }
}
