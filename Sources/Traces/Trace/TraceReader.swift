import Interaction

/// Reads a trace one event at a time, in bounded memory, checking each event as it comes.
///
/// A trace is a JSON array: the header object, then one object per event. The closing bracket
/// is optional (the convention of Chrome's Trace Event Format), so a recording cut off by a
/// crash still loads: the reader then sets ``wasCutShort`` and drops an incomplete last event.
public final class TraceReader {
    /// The path or label used in messages.
    public let file: String
    /// The trace's header.
    public let header: TraceHeader
    /// True once the reader found the trace cut off before its closing bracket.
    public private(set) var wasCutShort = false
    /// Events read so far.
    public private(set) var eventCount = 0
    /// The samples the browser predicted after the event ``next()`` last returned (format 1.2),
    /// apart from it: nothing that replays the events sees them.
    public private(set) var predicted: [PredictedSample] = []
    private let parser: JSONParser
    private var checker = PointerSequenceChecker()
    private var finished = false

    /// Opens the trace at `path` and reads its header.
    public convenience init(path: String) throws(TraceError) {
        let source: ByteSource
        do { source = try ByteSource(path: path) } catch let error as ByteSourceError {
            throw TraceError(file: path, problem: "cannot open: \(error.reason)")
        } catch {
            throw TraceError(file: path, problem: "cannot open: \(error)")
        }
        try self.init(source: source, file: path)
    }

    /// Reads a trace held in memory; `file` names it in messages.
    public convenience init(bytes: [UInt8], file: String) throws(TraceError) {
        try self.init(source: ByteSource(bytes: bytes), file: file)
    }

    init(source: ByteSource, file: String) throws(TraceError) {
        self.file = file
        parser = JSONParser(source: source)
        do {
            guard let first = try parser.peekSignificant() else {
                throw TraceError(file: file, line: parser.line, problem: "the file is empty")
            }
            if first == 0xEF {
                throw TraceError(file: file, line: 1, problem: "the file starts with a UTF-8 byte order mark; save it without one")
            }
            guard first == UInt8(ascii: "[") else {
                throw TraceError(file: file, line: parser.line, problem: "a trace must be a JSON array starting with '[', found \(JSONParser.describe(first)) (\(TraceHeader.importHint))")
            }
            parser.consume()
            guard try parser.peekSignificant() != nil else {
                throw TraceError(file: file, line: parser.line, problem: "the trace is cut short before its header")
            }
            if try parser.peekSignificant() == UInt8(ascii: "]") {
                throw TraceError(file: file, line: parser.line, problem: "the trace has no header (the array is empty)")
            }
            let line = parser.line
            let headerJSON: JSONValue
            do { headerJSON = try parser.readValue(limit: (TraceLimits.headerBytes, "the header")) } catch let error as JSONSyntaxError {
                let problem = error.kind == .unexpectedEnd ? "the trace is cut short inside its header" : error.message
                throw TraceError(file: file, line: error.line, problem: problem)
            }
            do { header = try TraceHeader(json: headerJSON) } catch { throw TraceError(file: file, line: line, problem: error.message) }
        } catch let error as TraceError {
            throw error
        } catch let error as ByteSourceError {
            throw TraceError(file: file, problem: "cannot read: \(error.reason)")
        } catch {
            throw TraceError(file: file, problem: "cannot read: \(error)")
        }
    }

    /// The next event, or nil at the end of the trace.
    public func next() throws(TraceError) -> PointerEvent? {
        guard !finished else { return nil }
        do {
            guard let separator = try parser.peekSignificant() else { return endCutShort() }
            if separator == UInt8(ascii: "]") {
                parser.consume()
                finished = true
                if let trailing = try parser.peekSignificant() {
                    throw TraceError(file: file, line: parser.line, problem: "unexpected \(JSONParser.describe(trailing)) after the trace's closing ']'")
                }
                return nil
            }
            guard separator == UInt8(ascii: ",") else {
                throw TraceError(file: file, line: parser.line, eventIndex: eventCount,
                                 problem: "expected ',' or ']' between events, found \(JSONParser.describe(separator))")
            }
            parser.consume()
            guard try parser.peekSignificant() != nil else { return endCutShort() }
            let line = parser.line
            let event: PointerEvent
            do {
                if let fields = try parser.withUnreadLine(FastEventScanner.scan) {
                    event = try PointerEventCoding.event(from: fields)
                    predicted = []
                } else {
                    // Escapes, unknown keys, predictions, odd numbers or bad text: the general
                    // parser reads it (rarely, so building a JSONValue costs nothing that matters).
                    (event, predicted) = try PointerEventCoding.eventAndPredictions(
                        from: parser.readValue(limit: (TraceLimits.eventBytes, "the event")))
                }
            } catch let error as JSONSyntaxError {
                if error.kind == .unexpectedEnd { return endCutShort() }
                throw TraceError(file: file, line: error.line, eventIndex: eventCount, problem: error.message)
            } catch let problem as EventProblem {
                throw TraceError(file: file, line: line, eventIndex: eventCount, problem: problem.message)
            }
            if let problem = checker.check(event) {
                throw TraceError(file: file, line: line, eventIndex: eventCount, problem: problem)
            }
            eventCount += 1
            return event
        } catch let error as TraceError {
            finished = true
            throw error
        } catch let error as ByteSourceError {
            finished = true
            throw TraceError(file: file, problem: "cannot read: \(error.reason)")
        } catch {
            finished = true
            throw TraceError(file: file, problem: "cannot read: \(error)")
        }
    }

    /// The pointers still down when the reader stopped (a cut-short recording leaves some).
    public var pointersStillDown: Set<Int> { checker.pointersDown }

    private func endCutShort() -> PointerEvent? {
        wasCutShort = true
        finished = true
        return nil
    }
}
