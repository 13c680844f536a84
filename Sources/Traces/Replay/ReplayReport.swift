import Interaction

/// The JSON report of a replay: one record per interactive transition, written the same way
/// byte for byte on every run and machine (fixed key order, fixed decimals). Progress keeps nine
/// decimals and velocity six, so a differential test can hold another implementation to the
/// lab's measurement within a millionth.
public enum ReplayReport {
    /// One record as a JSON object.
    public static func json(_ record: TransitionRecord) -> JSONValue {
        .object([
            ("controller", .string(record.controller.rawValue)),
            ("policy", .string(record.policy)),
            ("began_at", .number(rounded(record.beganAt, 6))),
            ("released_at", .number(rounded(record.releasedAt, 6))),
            ("progress_at_release", .number(rounded(record.progressAtRelease, 9))),
            ("velocity_at_release", .number(rounded(record.velocityAtRelease, 6))),
            ("decision", .string(record.decision.rawValue)),
            ("reason", .string(record.reason)),
            ("pointer_cancelled", .bool(record.pointerCancelled)),
            ("outcome", .string(record.outcome.rawValue)),
            ("ended_at", .number(rounded(record.endedAt, 6))),
            ("grabs", .number(Double(record.grabs))),
        ])
    }

    /// One record on one line, as `--events-out` writes it.
    public static func line(_ record: TransitionRecord) -> String {
        JSONWriter.compact(json(record))
    }

    /// The whole report of a trace: its name, the configuration and the records.
    public static func text(trace: String, configuration: SessionConfiguration, records: [TransitionRecord]) -> String {
        var output = opening(trace: trace, configuration: configuration)
        for (index, record) in records.enumerated() { output += entry(record, index: index) }
        return output + closing(count: records.count)
    }

    /// The report up to its first record, for writing it as the records come (with
    /// ``entry(_:index:)`` and ``closing(count:)``) in memory that does not grow with the trace.
    public static func opening(trace: String, configuration: SessionConfiguration) -> String {
        var output = "{\n  \"trace\": "
        JSONWriter.writeString(trace, into: &output)
        output += ",\n  \"config\": " + JSONWriter.compact(configuration.json)
        return output + ",\n  \"transitions\": ["
    }

    /// Record number `index` (from 0) of the report, with what separates it from the one before.
    public static func entry(_ record: TransitionRecord, index: Int) -> String {
        (index == 0 ? "\n    " : ",\n    ") + line(record)
    }

    /// The end of a report of `count` records.
    public static func closing(count: Int) -> String {
        count == 0 ? "]\n}\n" : "\n  ]\n}\n"
    }

    /// `value` rounded half away from zero to `decimals` places, so reports do not depend on the last bits of a
    /// floating-point sum.
    public static func rounded(_ value: Double, _ decimals: Int) -> Double {
        guard value.isFinite else { return value }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        return (value * scale).rounded(.toNearestOrAwayFromZero) / scale
    }
}
