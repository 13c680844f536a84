import Interaction
import Serving
import Traces

/// One parser of untrusted input that the fuzzer drives, chosen by the environment variable
/// ``environmentVariable`` (`trace`, `evemu`, `libinput`, `getevent`, `dollarone`, `chunked`,
/// `validate`, `replay`, `policy` or `http`).
///
/// Every input must end in a value or a `TraceError`: a crash, a hang or an out-of-memory is a
/// finding. Errors are the expected outcome for most inputs and are dropped. `chunked`,
/// `validate`, `replay` and `http` also check properties, and stop the program (a finding)
/// when one fails.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// A gesture-lab trace: the header and every event, as `Trace.load` reads them.
    case trace
    /// An evemu recording; see ``parts(of:)`` for how one input holds both of its files.
    case evemu
    /// A `libinput record` YAML recording.
    case libinput
    /// Android's `getevent -lt` or `-t` text: with ``parts(of:)``'s separator, `getevent -lp`
    /// output before it and the events after; without, the events alone with ``geteventRanges``.
    case getevent
    /// A $1 gesture log (XML).
    case dollarone
    /// A trace read through the chunked reader, its chunk size (1…256 bytes) taken from the
    /// input's first byte: it must give exactly what reading the whole input at once gives,
    /// and what reading each event alone (never many at a time) gives.
    case chunked
    /// `trace validate` on a trace: a trace it calls valid must load and replay.
    case validate
    /// A whole headless replay of a trace that loads, under its own configuration.
    case replay
    /// A policy file of named rules, every spec in it parsed.
    case policy
    /// An HTTP request to `play --serve`: a whole request must parse the same from exactly
    /// the bytes it took, and its body is read as a streamed batch of touches.
    case http

    /// The environment variable that names the target.
    public static let environmentVariable = "GESTURE_LAB_FUZZ_TARGET"

    /// The line that splits an evemu input into its `.prop` part (before) and its `.event` part
    /// (after), and a getevent input into its axis description and its events. It is a comment
    /// in both formats, so the seeds stay valid files either way.
    public static let partSeparator = "#EVENTS"

    /// The axes a getevent input without a description is read with: the Pixel Tablet's screen.
    static let geteventRanges = GeteventRanges(x: 0...1599, y: 0...2559, pressure: 0...256, touchMajor: 0...2559)

    /// The file name used in messages; fixed, so that messages do not vary between runs.
    static let fileName = "fuzz-input"

    /// Fixed import options: the fuzzer varies the input, not the settings.
    static let importOptions = ImportOptions(created: "2000-01-01T00:00:00Z", program: "gesture-lab fuzz")

    /// Runs one input through the target; returns the error message, or nil when it was accepted.
    @discardableResult
    public func run(_ bytes: [UInt8]) -> String? {
        if self == .policy {
            do { _ = try PolicyFile.parse(bytes, file: Self.fileName) } catch { return error.description }
            return nil
        }
        if self == .http { return Self.runHTTP(bytes) }
        do throws(TraceError) {
            switch self {
            case .trace:
                _ = try Trace.load(bytes: bytes, file: Self.fileName)
            case .evemu:
                let parts = Self.parts(of: bytes)
                _ = try EvemuImporter.importTrace(events: parts.events, eventsFile: Self.fileName + ".event",
                                                  description: parts.description,
                                                  descriptionFile: parts.description == nil ? nil : Self.fileName + ".prop",
                                                  options: Self.importOptions)
            case .libinput:
                _ = try LibinputRecordImporter.importTrace(bytes: bytes, file: Self.fileName, options: Self.importOptions)
            case .getevent:
                let parts = Self.parts(of: bytes)
                let axes = parts.description.map { GeteventImporter.Axes.description(bytes: $0, file: Self.fileName + ".axes") }
                    ?? .ranges(Self.geteventRanges)
                _ = try GeteventImporter.importTrace(bytes: parts.events, file: Self.fileName, axes: axes, options: Self.importOptions)
            case .dollarone:
                _ = try DollarOneImporter.importTrace(bytes: bytes, file: Self.fileName, options: Self.importOptions)
            case .chunked:
                guard let first = bytes.first else { return nil }
                let trace = Array(bytes.dropFirst())
                let whole = Result { () throws(TraceError) in try Trace.load(bytes: trace, file: Self.fileName) }
                let chunked = Result { () throws(TraceError) in try Trace.load(bytes: trace, chunkSize: Int(first) + 1, file: Self.fileName) }
                guard whole == chunked else { fatalError("chunk size \(Int(first) + 1) reads \(chunked), the whole input \(whole)") }
                let alone = Result { () throws(TraceError) in
                    try Trace.load(bytes: trace, chunkSize: Int(first) + 1, file: Self.fileName, readsAhead: false)
                }
                guard whole == alone else { fatalError("each event read alone gives \(alone), reading ahead \(whole)") }
                _ = try whole.get()
            case .validate:
                let problems = TraceValidator.validate(bytes: bytes, cutShortIsProblem: true)
                guard problems.isEmpty else { return problems.map(\.description).joined(separator: "; ") }
                // One truth: what validate calls valid, replay accepts.
                let trace: Trace
                do { trace = try Trace.load(bytes: bytes, file: Self.fileName) } catch { fatalError("valid, but loading says: \(error)") }
                guard (try? trace.header.configuration.resolve()) != nil else { fatalError("valid, but its configuration does not resolve") }
            case .replay:
                let trace = try Trace.load(bytes: bytes, file: Self.fileName)
                guard let configuration = try? trace.header.configuration.resolve() else { return "configuration" }
                let records = HeadlessReplay.run(trace.events, configuration: configuration)
                for record in records where !(record.releasedAt.isFinite && record.endedAt >= record.releasedAt) {
                    fatalError("a transition released at \(record.releasedAt) s ends at \(record.endedAt) s")
                }
            case .policy, .http:
                break
            }
            return nil
        } catch {
            return error.description
        }
    }

    /// The `http` target: parse, check what a complete request claims, read its body as a batch.
    static func runHTTP(_ bytes: [UInt8]) -> String? {
        let limits = HTTPLimits(requestLineBytes: 256, headerBytes: 1024, headerCount: 16, bodyBytes: 4096)
        switch HTTPRequestParser.parse(bytes, limits: limits) {
        case .incomplete:
            return "incomplete"
        case .awaitingBody(let head):
            guard head.byteCount <= bytes.count, bytes.count - head.byteCount < head.bodyLength, head.bodyLength <= limits.bodyBytes else {
                fatalError("awaits a body of \(head.bodyLength) bytes after a head of \(head.byteCount), with \(bytes.count) bytes in all")
            }
            return "awaiting the body"
        case .failed(let error):
            return error.description
        case .complete(let request, let consumed):
            guard consumed <= bytes.count, request.body.count <= limits.bodyBytes else { fatalError("took \(consumed) of \(bytes.count) bytes") }
            let again = HTTPRequestParser.parse(Array(bytes[0..<consumed]), limits: limits)
            guard again == .complete(request, consumed: consumed) else { fatalError("its own \(consumed) bytes parse as \(again)") }
            do { _ = try EventBatch.parse(request.body, file: fileName) } catch { return error.description }
            return nil
        }
    }

    /// Splits an evemu or getevent input at its first ``partSeparator`` line: the description
    /// before it and the events after it. Without that line the whole input is the recording (an
    /// evemu recording then describes itself, getevent's axes are ``geteventRanges``), so both
    /// paths of each importer get fuzzed.
    public static func parts(of bytes: [UInt8]) -> (description: [UInt8]?, events: [UInt8]) {
        let separator = Array(partSeparator.utf8)
        let newline = UInt8(ascii: "\n")
        var lineStart = 0
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: newline) ?? bytes.count
            if bytes[lineStart..<lineEnd].elementsEqual(separator) {
                let eventsStart = min(lineEnd + 1, bytes.count)
                return (Array(bytes[..<lineStart]), Array(bytes[eventsStart...]))
            }
            lineStart = lineEnd + 1
        }
        return (nil, bytes)
    }
}
