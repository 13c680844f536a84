import Foundation
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
        var ownDescription = EvemuDescription()
        var kernelEvents: [KernelEvent] = []
        try ImportSource.forEachLine(events, file: eventsFile) { number, text throws(TraceError) in
            guard let (kind, fields) = try split(text, line: number, file: eventsFile) else { return }
            if kind == "E" {
                kernelEvents.append(try event(fields, line: number, file: eventsFile))
            } else {
                try ownDescription.read(kind: kind, fields: fields, line: number, file: eventsFile)
            }
        }
        let device: EvdevDevice
        let describedBy: String
        if let description, let descriptionFile {
            var parsed = EvemuDescription()
            try ImportSource.forEachLine(description, file: descriptionFile) { number, text throws(TraceError) in
                guard let (kind, fields) = try split(text, line: number, file: descriptionFile) else { return }
                guard kind != "E" else {
                    throw TraceError(file: descriptionFile, line: number, problem: "an E: event line in a device description (is this the .event file?)")
                }
                try parsed.read(kind: kind, fields: fields, line: number, file: descriptionFile)
            }
            device = try parsed.device(file: descriptionFile)
            describedBy = descriptionFile
        } else if !ownDescription.isEmpty {
            device = try ownDescription.device(file: eventsFile)
            describedBy = "its own description lines"
        } else {
            throw TraceError(file: eventsFile, problem: "no device description: expected \(descriptionPath(besideRecording: eventsFile)) beside it, or N: and A: lines in the recording itself")
        }
        var decoder = try EvdevDecoder(device: device, window: options.windowSize, file: eventsFile)
        for event in kernelEvents { try decoder.feed(event) }
        let decoded = try decoder.finish()
        let history = "imported from evemu recording \(eventsFile) (device: \(describedBy)), \(decoder.protocolDescription), \(decoded.statistics.sourceFrames) frames"
        let header = options.header(device: decoded.device, clock: clock, notes: nil, history: history)
        return ImportedTrace(trace: Trace(header: header, events: decoded.events), statistics: decoded.statistics)
    }

    /// Imports the recording at `path`, with the description at `descriptionPath`, or beside
    /// the recording (see ``descriptionPath(besideRecording:)``), or in the recording itself.
    public static func importFile(path: String, descriptionPath: String? = nil, options: ImportOptions) throws(TraceError) -> ImportedTrace {
        let events = try ImportSource.bytes(atPath: path)
        var descriptionFile = descriptionPath
        if descriptionFile == nil {
            let beside = Self.descriptionPath(besideRecording: path)
            if ImportSource.exists(beside) { descriptionFile = beside }
        }
        var description: [UInt8]?
        if let descriptionFile { description = try ImportSource.bytes(atPath: descriptionFile) }
        return try importTrace(events: events, eventsFile: path, description: description, descriptionFile: descriptionFile, options: options)
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
        let trimmed = ImportSource.trimmed(Substring(text))
        guard let kind = trimmed.first, kind != "#" else { return nil }
        let rest = trimmed.dropFirst()
        guard rest.first == ":", kind == "E" || EvemuDescription.prefixes.contains(kind) else {
            throw TraceError(file: file, line: line, problem: "unknown line '\(trimmed.prefix(20))' (evemu lines start with E:, N:, I:, P:, B:, A:, L: or S:)")
        }
        var fields = rest.dropFirst()
        if kind != "N", let hash = fields.firstIndex(of: "#") { fields = fields[..<hash] }
        return (kind, ImportSource.trimmed(fields))
    }

    /// The event on an `E:` line: `<sec>.<usec> <type hex> <code hex> <value>`.
    private static func event(_ fields: Substring, line: Int, file: String) throws(TraceError) -> KernelEvent {
        let parts = fields.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard parts.count == 4 else {
            throw TraceError(file: file, line: line, problem: "an E: line needs 4 fields (time type code value), found \(parts.count)")
        }
        let time = parts[0].split(separator: ".", omittingEmptySubsequences: false)
        guard time.count == 2, time[1].count == 6, time.allSatisfy({ !$0.isEmpty && $0.allSatisfy(ImportSource.isDigit) }) else {
            throw TraceError(file: file, line: line, problem: "time '\(parts[0].prefix(30))' is not SECONDS.MICROSECONDS with six digits after the point")
        }
        let microseconds = try KernelEvent.microseconds(
            seconds: NumberField.integer(time[0], what: "seconds", file: file, line: line),
            microseconds: NumberField.integer(time[1], what: "microseconds", file: file, line: line), file: file, line: line)
        let type = try NumberField.integer(parts[1], radix: 16, what: "event type", file: file, line: line)
        let code = try NumberField.integer(parts[2], radix: 16, what: "event code", file: file, line: line)
        guard let type16 = UInt16(exactly: type), let code16 = UInt16(exactly: code) else {
            throw TraceError(file: file, line: line, problem: "event type \(parts[1]) or code \(parts[2]) is out of range (0…ffff)")
        }
        let value = try NumberField.int32(parts[3], what: "value", file: file, line: line)
        return KernelEvent(line: line, microseconds: microseconds, type: type16, code: code16, value: value)
    }
}
