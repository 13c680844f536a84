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
    // Unchecked exclusivity, here and on the read-ahead buffer: `next()` touches them once per
    // event, and no access to them ever overlaps another (each method reads or writes them
    // directly), so the runtime's checks would cost time and catch nothing.
    @exclusivity(unchecked) public private(set) var eventCount = 0
    /// The samples the browser predicted after the event ``next()`` last returned, or the last
    /// of those ``nextEvents(into:)`` last gave (format 1.2), apart from it: nothing that
    /// replays the events sees them.
    public private(set) var predicted: [PredictedSample] = []
    private let parser: JSONParser
    private var checker = PointerSequenceChecker()
    private var finished = false
    /// Events read ahead of ``next()`` by the fast path, handed out in order from `aheadIndex`.
    @exclusivity(unchecked) private var ahead: [PointerEvent] = []
    @exclusivity(unchecked) private var aheadIndex = 0
    /// Whether events are read many at a time from the bytes in memory; false reads each alone,
    /// the way every event the fast path leaves is read (tests compare the two).
    private let readsAhead: Bool
    /// The most events read ahead at once: a chunk of the file holds fewer, so this only
    /// bounds a caller's batch.
    static let batchLimit = 1024

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

    init(source: ByteSource, file: String, readsAhead: Bool = true) throws(TraceError) {
        self.file = file
        self.readsAhead = readsAhead
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
            do { headerJSON = try parser.readValue(limit: TraceLimits.header) } catch let error as JSONSyntaxError {
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
        if aheadIndex == ahead.count, readsAhead, !finished {
            ahead.removeAll(keepingCapacity: true)
            aheadIndex = 0
            readAhead(into: &ahead)
        }
        if aheadIndex < ahead.count {
            let event = ahead[aheadIndex]
            aheadIndex += 1
            eventCount += 1
            if !predicted.isEmpty { predicted = [] }
            return event
        }
        return try nextAlone()
    }

    /// The next events, replacing what `events` held: at least one, or none at the end of the
    /// trace (then ``wasCutShort`` tells how it ended). The same events and errors as calling
    /// ``next()`` until it returns nil or throws, in batches of up to 1024 (a problem in an
    /// event is thrown once the events before it have been given); ``predicted`` holds the
    /// samples predicted after the last event given.
    public func nextEvents(into events: inout [PointerEvent]) throws(TraceError) {
        events.removeAll(keepingCapacity: true)
        if aheadIndex < ahead.count {
            events.append(contentsOf: ahead[aheadIndex...])
            eventCount += ahead.count - aheadIndex
            aheadIndex = ahead.count
        } else if readsAhead, !finished {
            readAhead(into: &events)
            eventCount += events.count
        }
        if !events.isEmpty {
            if !predicted.isEmpty { predicted = [] }
            return
        }
        if let event = try nextAlone() { events.append(event) }
    }

    /// Appends the events that follow in the bytes already in memory, as long as each is
    /// written as ``TraceWriter`` writes it and passes every check (up to ``batchLimit``).
    /// It stops before anything else — the end of the buffer, the closing bracket, an event
    /// the fast path leaves, any problem — without consuming it, so ``nextAlone()`` reads that
    /// and gives the message it always gave.
    private func readAhead(into events: inout [PointerEvent]) {
        var checker = self.checker
        defer { self.checker = checker }
        let limit = Self.batchLimit
        parser.withBufferedBytes { bytes in
            let count = bytes.count
            var position = 0, newlines = 0
            var kept = 0, keptNewlines = 0, read = 0
            @inline(__always) func skipWhitespace() {
                while position < count {
                    let byte = bytes[position]
                    if byte == 0x0A {
                        newlines += 1
                    } else if byte != 0x20, byte != 0x09, byte != 0x0D {
                        return
                    }
                    position += 1
                }
            }
            while read < limit {
                skipWhitespace()
                guard position < count, bytes[position] == UInt8(ascii: ",") else { break }
                position += 1
                skipWhitespace()
                guard let (end, event) = FastEventScanner.scanEvent(bytes, from: position), checker.check(event) == nil else { break }
                events.append(event)
                position = end
                kept = end
                keptNewlines = newlines
                read += 1
            }
            return (kept, keptNewlines, ())
        }
    }

    /// The next event read on its own: the path for everything ``readAhead(into:)`` leaves.
    private func nextAlone() throws(TraceError) -> PointerEvent? {
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
                if let scanned = try parser.withUnreadLine({ FastEventScanner.scanEvent($0, from: 0).map { (consumed: $0.end, result: $0.event) } }) {
                    event = scanned
                    predicted = []
                } else {
                    // Escapes, unknown keys, predictions, odd numbers or bad text: the general
                    // parser reads it (rarely, so building a JSONValue costs nothing that matters).
                    (event, predicted) = try PointerEventCoding.eventAndPredictions(
                        from: parser.readValue(limit: TraceLimits.event))
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
