import Interaction

extension HeadlessReplay {
    /// Replays every event of `reader` (streaming, in bounded memory) and returns the records.
    public static func run(_ reader: TraceReader, configuration: ResolvedConfiguration) throws(TraceError) -> [TransitionRecord] {
        var replay = HeadlessReplay(configuration: configuration)
        while let event = try reader.next() { replay.feed(event) }
        replay.finish()
        return replay.records
    }
}
