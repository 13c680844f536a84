import Interaction

extension HeadlessReplay {
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
            for record in replay.takeRecords() { body(record) }
        }
        replay.finish()
        for record in replay.takeRecords() { body(record) }
    }
}
