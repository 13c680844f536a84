import Engine
import Interaction

/// The exports of `trace export`: the events as CSV, and the replay's timeline as a Chrome
/// Trace Event Format file that opens in Perfetto or chrome://tracing.
public enum TraceExport {
    /// One header line, then one line per event: t,id,kind,phase,x,y,pressure,size.
    public static func csv(_ events: [PointerEvent]) -> String {
        var text = "t,id,kind,phase,x,y,pressure,size\n"
        for event in events {
            text += DecimalFormat.fixedString(event.timestamp, decimals: 6) + ",\(event.pointerID),\(event.kind.rawValue),\(event.phase.rawValue),"
            text += DecimalFormat.string(event.position.x, decimals: 3) + "," + DecimalFormat.string(event.position.y, decimals: 3) + ","
            text += (event.pressure.map { DecimalFormat.string($0, decimals: 4) } ?? "") + ","
            text += (event.contactSize.map { DecimalFormat.string($0, decimals: 3) } ?? "") + "\n"
        }
        return text
    }

    /// How often progress is sampled during completion animations, in hertz.
    static let completionSampleRate = 120.0

    /// The replay of `events` as Chrome Trace Event Format JSON: pointer phases as instant
    /// events on one track per pointer, each gesture as a span on the controller's track,
    /// progress as a counter, the decision as an instant event with its reason, and each
    /// completion animation as a span with its outcome. Times in microseconds.
    public static func chromeTrace(_ events: [PointerEvent], configuration: ResolvedConfiguration, name: String) -> JSONValue {
        var traceEvents: [JSONValue] = [
            metadata(name: "process_name", tid: 0, value: "gesture-lab replay of \(name)"),
            metadata(name: "thread_name", tid: 1, value: "transition"),
        ]
        var namedPointers: Set<Int> = []
        var replay = HeadlessReplay(configuration: configuration, startTime: events.first?.timestamp ?? 0)
        var recordCount = 0
        func progressCounter(_ time: Double) -> JSONValue {
            event(phase: "C", name: "progress", time: time, tid: 1, arguments: [("progress", .number(ReplayReport.rounded(replay.session.presentedProgress, 6)))])
        }
        func flushRecords() {
            while recordCount < replay.records.count {
                let record = replay.records[recordCount]
                recordCount += 1
                traceEvents.append(span(name: "gesture: \(record.controller)", start: record.beganAt, end: record.releasedAt, tid: 1,
                                        arguments: [("policy", .string(record.policy)), ("grabs", .number(Double(record.grabs)))]))
                traceEvents.append(event(phase: "i", name: "decision: \(record.decision.rawValue)", time: record.releasedAt, tid: 1,
                                         arguments: [("reason", .string(record.reason)),
                                                     ("progress", .number(ReplayReport.rounded(record.progressAtRelease, 6))),
                                                     ("velocity", .number(ReplayReport.rounded(record.velocityAtRelease, 3)))]))
                traceEvents.append(span(name: "completion: \(record.outcome)", start: record.releasedAt, end: record.endedAt, tid: 1,
                                        arguments: [("outcome", .string(record.outcome))]))
            }
        }
        for pointerEvent in events {
            if replay.session.driver.state.isCompleting {
                var time = replay.now + 1 / completionSampleRate
                while time < pointerEvent.timestamp && replay.session.driver.state.isCompleting {
                    replay.advance(to: time)
                    traceEvents.append(progressCounter(time))
                    time += 1 / completionSampleRate
                }
            }
            replay.feed(pointerEvent)
            let tid = 100 + pointerEvent.pointerID
            if namedPointers.insert(pointerEvent.pointerID).inserted {
                traceEvents.append(metadata(name: "thread_name", tid: tid, value: "pointer \(pointerEvent.pointerID) (\(pointerEvent.kind.rawValue))"))
            }
            traceEvents.append(event(phase: "i", name: pointerEvent.phase.rawValue, time: pointerEvent.timestamp, tid: tid,
                                     arguments: [("x", .number(pointerEvent.position.x)), ("y", .number(pointerEvent.position.y))]))
            traceEvents.append(progressCounter(pointerEvent.timestamp))
            flushRecords()
        }
        while replay.session.driver.state.isCompleting, let end = replay.session.driver.completionEndTime {
            let time = min(replay.now + 1 / completionSampleRate, end)
            replay.advance(to: time)
            traceEvents.append(progressCounter(time))
        }
        flushRecords()
        return .object([("traceEvents", .array(traceEvents)), ("displayTimeUnit", .string("ms"))])
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
