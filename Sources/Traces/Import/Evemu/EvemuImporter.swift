import FoundationEssentials
import Glibc
import Interaction

/// Imports evemu recordings (format 1.1) of Linux touch devices.
///
/// The events come from the `.event` file, lines `E: <sec>.<usec> <type hex> <code hex> <value>`;
/// the device (its `N:` name and `A:` axis ranges) from the `.prop` file. When no `.prop` is
/// given, the recording's own description lines are used (evemu-record writes them at the top
/// of the `.event`). Lines starting with `#`, and everything after `#` on an event line, are
/// comments. See ``EvdevDecoder`` for how events become contacts.
public enum EvemuImporter {
    /// The clock named in the headers of imported traces.
    static let clock = "kernel event time (evemu)"

    /// Imports the recording in `events` (named `eventsFile` in messages) with the device
    /// description in `description` (named `descriptionFile`), or the recording's own when nil.
    public static func importTrace(events: [UInt8], eventsFile: String, description: [UInt8]?, descriptionFile: String?,
                                   options: ImportOptions) throws(TraceError) -> ImportedTrace {
        var described: EvdevDevice?
        if let description, let descriptionFile {
            described = try device(describedIn: descriptionFile) { body throws(TraceError) in
                try ImportSource.forEachLine(description, file: descriptionFile, body)
            }
        }
        return try importTrace(eventsFile: eventsFile, described: described, descriptionFile: descriptionFile, options: options) { body throws(TraceError) in
            try ImportSource.forEachLine(events, file: eventsFile, body)
        }
    }

    /// Imports the recording at `path`, with the description at `descriptionPath`, or beside
    /// the recording (see ``descriptionPath(besideRecording:)``), or in the recording itself.
    /// The recording is read in chunks and decoded as it is read, one line held at a time.
    public static func importFile(path: String, descriptionPath: String? = nil, options: ImportOptions) throws(TraceError) -> ImportedTrace {
        var descriptionFile = descriptionPath
        if descriptionFile == nil {
            let beside = Self.descriptionPath(besideRecording: path)
            if ImportSource.exists(beside) { descriptionFile = beside }
        }
        var described: EvdevDevice?
        if let descriptionFile {
            described = try device(describedIn: descriptionFile) { body throws(TraceError) in
                try ImportSource.forEachLine(atPath: descriptionFile, body)
            }
        }
        return try importTrace(eventsFile: path, described: described, descriptionFile: descriptionFile, options: options) { body throws(TraceError) in
            try ImportSource.forEachLine(atPath: path, body)
        }
    }

    /// The device a description file (`file`, whose lines `lines` walks) describes.
    private static func device(describedIn file: String, lines: ImportSource.LineWalk) throws(TraceError) -> EvdevDevice {
        var parsed = EvemuDescription()
        try lines { number, text throws(TraceError) in
            guard let (kind, fields) = try split(text, line: number, file: file) else { return }
            guard kind != "E" else {
                throw TraceError(file: file, line: number, problem: "an E: event line in a device description (is this the .event file?)")
            }
            try parsed.read(kind: kind, fields: fields, line: number, file: file)
        }
        return try parsed.device(file: file)
    }

    /// Decodes the recording whose lines `lines` walks, with the device `described` by
    /// `descriptionFile`, or by the recording's own description lines, which evemu-record writes
    /// before the first event.
    private static func importTrace(eventsFile: String, described: EvdevDevice?, descriptionFile: String?, options: ImportOptions,
                                    lines: ImportSource.LineWalk) throws(TraceError) -> ImportedTrace {
        var ownDescription = EvemuDescription()
        var decoder: EvdevDecoder?
        try lines { number, text throws(TraceError) in
            guard let (kind, fields) = try split(text, line: number, file: eventsFile) else { return }
            guard kind == "E" else {
                return try ownDescription.read(kind: kind, fields: fields, line: number, file: eventsFile)
            }
            let event = try event(fields, line: number, file: eventsFile)
            if decoder == nil {
                decoder = try EvdevDecoder(device: Self.described(by: described, or: ownDescription, eventsFile: eventsFile, line: number),
                                           window: options.windowSize, file: eventsFile)
            }
            try decoder?.feed(event)
        }
        if decoder == nil {
            // No events: the description is still checked, so its errors come first.
            decoder = try EvdevDecoder(device: Self.described(by: described, or: ownDescription, eventsFile: eventsFile, line: nil),
                                       window: options.windowSize, file: eventsFile)
        }
        guard var decoder else { throw TraceError(file: eventsFile, problem: "no events") }
        let decoded = try decoder.finish()
        let describedBy = described != nil ? (descriptionFile ?? "its description") : "its own description lines"
        let history = "imported from evemu recording \(eventsFile) (device: \(describedBy)), \(decoder.protocolDescription), \(decoded.statistics.sourceFrames) frames\(decoded.statistics.historyDetail)"
        let header = options.header(device: decoded.device, clock: clock, notes: nil, history: history, format: "evemu", source: eventsFile)
        return ImportedTrace(trace: Trace(header: header, events: decoded.events), statistics: decoded.statistics)
    }

    /// The device of the description file when there is one, else the one the recording's own
    /// description lines (read before its first event, at `line`) describe.
    private static func described(by file: EvdevDevice?, or description: EvemuDescription, eventsFile: String, line: Int?) throws(TraceError) -> EvdevDevice {
        if let file { return file }
        guard !description.isEmpty else {
            let problem = "no device description: expected \(descriptionPath(besideRecording: eventsFile)) beside it, or N: and A: lines in the recording itself"
            guard let line else { throw TraceError(file: eventsFile, problem: problem) }
            throw TraceError(file: eventsFile, line: line, problem: problem + ", before its first event")
        }
        return try description.device(file: eventsFile)
    }

    /// Where a recording's description is looked for: `name.prop` for `name.event`, otherwise
    /// the recording's path with `.prop` added.
    public static func descriptionPath(besideRecording path: String) -> String {
        let url = URL(fileURLWithPath: path)
        if url.pathExtension == "event" {
            return String(path.dropLast("event".count)) + "prop"
        }
        return path + ".prop"
    }

    /// A line's kind letter and its fields, or nil for blank and comment lines.
    private static func split(_ text: String, line: Int, file: String) throws(TraceError) -> (Character, Substring)? {
        let trimmed = text.trimmingSpacesAndTabs()
        guard let kind = trimmed.first, kind != "#" else { return nil }
        let rest = trimmed.dropFirst()
        guard rest.first == ":", kind == "E" || EvemuDescription.prefixes.contains(kind) else {
            throw TraceError(file: file, line: line, problem: "unknown line '\(trimmed.prefix(20))' (evemu lines start with E:, N:, I:, P:, B:, A:, L: or S:)")
        }
        var fields = rest.dropFirst()
        if kind != "N", let hash = fields.firstIndex(of: "#") { fields = fields[..<hash] }
        return (kind, fields.trimmingSpacesAndTabs())
    }

    /// The event on an `E:` line: `<sec>.<usec> <type hex> <code hex> <value>` (the time may
    /// have up to nine digits after the point: nanoseconds).
    private static func event(_ fields: Substring, line: Int, file: String) throws(TraceError) -> KernelEvent {
        let parts = fields.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard parts.count == 4 else {
            throw TraceError(file: file, line: line, problem: "an E: line needs 4 fields (time type code value), found \(parts.count)")
        }
        let time = try KernelEvent.time(parts[0], file: file, line: line)
        let type = try NumberField.integer(parts[1], radix: 16, what: "event type", file: file, line: line)
        let code = try NumberField.integer(parts[2], radix: 16, what: "event code", file: file, line: line)
        guard let type16 = UInt16(exactly: type), let code16 = UInt16(exactly: code) else {
            throw TraceError(file: file, line: line, problem: "event type \(parts[1]) or code \(parts[2]) is out of range (0…ffff)")
        }
        let value = try NumberField.int32(parts[3], what: "value", file: file, line: line)
        return KernelEvent(line: line, microseconds: time.microseconds, nanoseconds: time.nanoseconds, type: type16, code: code16, value: value)
    }
}
