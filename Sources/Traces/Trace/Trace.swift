import Interaction

/// A whole trace in memory: its header and its events.
public struct Trace: Hashable, Sendable {
    /// The header.
    public var header: TraceHeader
    /// The events in time order.
    public var events: [PointerEvent]
    /// The samples a browser predicted after an event, by the event's index in ``events``
    /// (format 1.2): kept apart so that nothing replaying the events can take them for real ones.
    public var predictions: [Int: [PredictedSample]]
    /// True when the file ended before its closing bracket (a recording cut off by a crash).
    public var wasCutShort: Bool

    /// Creates a trace.
    public init(header: TraceHeader, events: [PointerEvent], predictions: [Int: [PredictedSample]] = [:], wasCutShort: Bool = false) {
        self.header = header
        self.events = events
        self.predictions = predictions
        self.wasCutShort = wasCutShort
    }

    /// Loads the whole trace at `path`.
    public static func load(path: String) throws(TraceError) -> Trace {
        try load(TraceReader(path: path))
    }

    /// Loads a whole trace from bytes in memory; `file` names it in messages.
    public static func load(bytes: [UInt8], file: String) throws(TraceError) -> Trace {
        try load(TraceReader(bytes: bytes, file: file))
    }

    /// Loads a whole trace from bytes in memory handed to the reader `chunkSize` bytes at a
    /// time, as a file's are: the same result as ``load(bytes:file:)`` (for fuzzing). With
    /// `readsAhead` false each event is read alone, never many at a time: the same result too.
    public static func load(bytes: [UInt8], chunkSize: Int, file: String, readsAhead: Bool = true) throws(TraceError) -> Trace {
        try load(TraceReader(source: ByteSource(bytes: bytes, chunkSize: chunkSize), file: file, readsAhead: readsAhead))
    }

    private static func load(_ reader: TraceReader) throws(TraceError) -> Trace {
        var events: [PointerEvent] = []
        var predictions: [Int: [PredictedSample]] = [:]
        while let event = try reader.next() {
            if !reader.predicted.isEmpty { predictions[events.count] = reader.predicted }
            events.append(event)
        }
        return Trace(header: reader.header, events: events, predictions: predictions, wasCutShort: reader.wasCutShort)
    }

    /// The trace as the text a ``TraceWriter`` would write.
    public var text: String {
        var output = "[\n" + JSONWriter.compact(header.json)
        for (index, event) in events.enumerated() {
            output += ",\n" + PointerEventCoding.line(event, predicted: predictions[index] ?? [])
        }
        return output + "\n]\n"
    }
}
