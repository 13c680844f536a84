import Engine
import Interaction

/// The exports of `trace export`: the events as CSV, and the replay's timeline as a Chrome
/// Trace Event Format file that opens in Perfetto or chrome://tracing.
public enum TraceExport {
    /// One header line, then one line per event: t,id,kind,phase,x,y,pressure,size.
    public static func csv(_ events: [PointerEvent]) -> String {
        var text = csvHeader
        for event in events { text += csvLine(event) }
        return text
    }

    /// The CSV's first line, with its newline.
    public static let csvHeader = "t,id,kind,phase,x,y,pressure,size\n"

    /// One event's CSV line, with its newline (for streaming a trace of any size).
    public static func csvLine(_ event: PointerEvent) -> String {
        var text = DecimalFormat.fixedString(event.timestamp, decimals: 6) + ",\(event.pointerID),\(event.kind.rawValue),\(event.phase.rawValue),"
        text += DecimalFormat.string(event.position.x, decimals: 3) + "," + DecimalFormat.string(event.position.y, decimals: 3) + ","
        text += (event.pressure.map { DecimalFormat.string($0, decimals: 4) } ?? "") + ","
        text += (event.contactSize.map { DecimalFormat.string($0, decimals: 3) } ?? "") + "\n"
        return text
    }

    /// How often progress is sampled during completion animations, in hertz.
    static let completionSampleRate = 120.0

    /// The replay of `events` as Chrome Trace Event Format JSON: pointer phases as instant
    /// events on one track per pointer, each gesture as a span on the controller's track,
    /// progress as a counter, the decision as an instant event with its reason, and each
    /// completion animation as a span with its outcome. Times in microseconds.
    public static func chromeTrace(_ events: [PointerEvent], configuration: ResolvedConfiguration, name: String) -> JSONValue {
        var traceEvents: [JSONValue] = []
        var iterator = events.makeIterator()
        chromeTraceEvents(next: { iterator.next() }, configuration: configuration, name: name) { traceEvents.append($0) }
        return .object([("traceEvents", .array(traceEvents)), ("displayTimeUnit", .string("ms"))])
    }

    /// The text ``chromeTrace(_:configuration:name:)`` makes, written piece by piece to `write`
    /// as the events come from `next` (a ``TraceReader``), so a trace of any size is exported
    /// in bounded memory.
    public static func writeChromeTrace(next: () throws -> PointerEvent?, configuration: ResolvedConfiguration, name: String,
                                        to write: (String) throws -> Void) throws {
        try write("{\"traceEvents\":[")
        var first = true
        try chromeTraceEvents(next: next, configuration: configuration, name: name) { event in
            try write((first ? "" : ",") + JSONWriter.compact(event))
            first = false
        }
        try write("],\"displayTimeUnit\":\"ms\"}\n")
    }

    /// The timeline's trace events, each given to `emit` in order.
    private static func chromeTraceEvents(next: () throws -> PointerEvent?, configuration: ResolvedConfiguration, name: String,
                                          emit: (JSONValue) throws -> Void) rethrows {
        try emit(metadata(name: "process_name", tid: 0, value: "gesture-lab replay of \(name)"))
        try emit(metadata(name: "thread_name", tid: 1, value: "transition"))
        var namedPointers: Set<Int> = []
        var pending = try next()
        var replay = HeadlessReplay(configuration: configuration, startTime: pending?.timestamp ?? 0)
        var recordCount = 0
        func progressCounter(_ time: Double) -> JSONValue {
            event(phase: "C", name: "progress", time: time, tid: 1, arguments: [("progress", .number(ReplayReport.rounded(replay.session.presentedProgress, 6)))])
        }
        func flushRecords() throws {
            while recordCount < replay.records.count {
                let record = replay.records[recordCount]
                recordCount += 1
                try emit(span(name: "gesture: \(record.controller)", start: record.beganAt, end: record.releasedAt, tid: 1,
                                        arguments: [("policy", .string(record.policy)), ("grabs", .number(Double(record.grabs)))]))
                try emit(event(phase: "i", name: "decision: \(record.decision.rawValue)", time: record.releasedAt, tid: 1,
                                         arguments: [("reason", .string(record.reason)),
                                                     ("progress", .number(ReplayReport.rounded(record.progressAtRelease, 6))),
                                                     ("velocity", .number(ReplayReport.rounded(record.velocityAtRelease, 3)))]))
                try emit(span(name: "completion: \(record.outcome.rawValue)", start: record.releasedAt, end: record.endedAt, tid: 1,
                                        arguments: [("outcome", .string(record.outcome.rawValue))]))
            }
        }
        while let pointerEvent = pending {
            if replay.session.driver.state.isCompleting {
                var time = replay.now + 1 / completionSampleRate
                while time < pointerEvent.timestamp && replay.session.driver.state.isCompleting {
                    replay.advance(to: time)
                    try emit(progressCounter(time))
                    time += 1 / completionSampleRate
                }
            }
            replay.feed(pointerEvent)
            let tid = 100 + pointerEvent.pointerID
            if namedPointers.insert(pointerEvent.pointerID).inserted {
                try emit(metadata(name: "thread_name", tid: tid, value: "pointer \(pointerEvent.pointerID) (\(pointerEvent.kind.rawValue))"))
            }
            try emit(event(phase: "i", name: pointerEvent.phase.rawValue, time: pointerEvent.timestamp, tid: tid,
                                     arguments: [("x", .number(pointerEvent.position.x)), ("y", .number(pointerEvent.position.y))]))
            try emit(progressCounter(pointerEvent.timestamp))
            try flushRecords()
            pending = try next()
        }
        while replay.session.driver.state.isCompleting, let end = replay.session.driver.completionEndTime {
            let time = min(replay.now + 1 / completionSampleRate, end)
            replay.advance(to: time)
            try emit(progressCounter(time))
        }
        try flushRecords()
    }

    private static func microseconds(_ seconds: Double) -> JSONValue {
        .number((seconds * 1_000_000).rounded())
    }

    private static func event(phase: String, name: String, time: Double, tid: Int, arguments: [(key: String, value: JSONValue)]) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [("name", .string(name)), ("ph", .string(phase)), ("ts", microseconds(time)),
                                                          ("pid", .number(1)), ("tid", .number(Double(tid)))]
        if phase == "i" { members.append(("s", .string("t"))) }
        members.append(("args", .object(arguments)))
        return .object(members)
    }

    private static func span(name: String, start: Double, end: Double, tid: Int, arguments: [(key: String, value: JSONValue)]) -> JSONValue {
        .object([("name", .string(name)), ("ph", .string("X")), ("ts", microseconds(start)),
                 ("dur", .number(((end - start) * 1_000_000).rounded())), ("pid", .number(1)), ("tid", .number(Double(tid))),
                 ("args", .object(arguments))])
    }

    private static func metadata(name: String, tid: Int, value: String) -> JSONValue {
        .object([("name", .string(name)), ("ph", .string("M")), ("pid", .number(1)), ("tid", .number(Double(tid))),
                 ("args", .object([("name", .string(value))]))])
    }
}
