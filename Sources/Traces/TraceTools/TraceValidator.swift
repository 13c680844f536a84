import Interaction

/// One problem `trace validate` found, with the event it concerns when there is one.
public struct ValidationProblem: Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line, when known.
    public var line: Int?
    /// The 0-based event index, when the problem is in one event.
    public var eventIndex: Int?
    /// What is wrong.
    public var message: String
    /// True when the file could not be opened or read at all (exit code 3, not 1).
    public var fileIsUnreadable = false

    /// `line N: event I: message`.
    public var description: String {
        var text = ""
        if let line { text += "line \(line): " }
        if let eventIndex { text += "event \(eventIndex): " }
        return text + message
    }
}

/// Checks a whole trace against the schema and the rules of contact, reporting every problem
/// rather than stopping at the first (what `trace validate` prints).
public enum TraceValidator {
    /// Every problem in the trace held in `bytes`; empty when it is valid.
    /// - Parameter cutShortIsProblem: report a missing closing bracket as a problem.
    public static func validate(bytes: [UInt8], cutShortIsProblem: Bool = false) -> [ValidationProblem] {
        validate(source: ByteSource(bytes: bytes), cutShortIsProblem: cutShortIsProblem)
    }

    /// Every problem in the trace at `path`, read in bounded memory; empty when it is valid.
    public static func validate(path: String, cutShortIsProblem: Bool = false) -> [ValidationProblem] {
        do {
            return validate(source: try ByteSource(path: path), cutShortIsProblem: cutShortIsProblem)
        } catch let error as ByteSourceError {
            return [ValidationProblem(message: "cannot open: \(error.reason)", fileIsUnreadable: true)]
        } catch {
            return [ValidationProblem(message: "cannot open: \(error)", fileIsUnreadable: true)]
        }
    }

    /// The most problems reported for one trace; a file broken throughout says so once.
    public static let problemLimit = 100

    private static func validate(source: ByteSource, cutShortIsProblem: Bool) -> [ValidationProblem] {
        let parser = JSONParser(source: source)
        var problems: [ValidationProblem] = []
        do {
            guard let first = try parser.peekSignificant() else { return [ValidationProblem(line: 1, message: "the file is empty")] }
            guard first == UInt8(ascii: "[") else {
                return [ValidationProblem(line: parser.line, message: "a trace must be a JSON array starting with '['")]
            }
            parser.consume()
            let headerLine = parser.line
            let header = try parser.readValue(limit: TraceLimits.header)
            let headerProblems = TraceSchema.problems(inHeader: header)
            problems += headerProblems.map { ValidationProblem(line: headerLine, message: "header: \($0)") }
            if headerProblems.isEmpty {
                do {
                    let parsed = try TraceHeader(json: header)
                    // The same resolution replay makes: every name must be one the program knows.
                    do { _ = try parsed.configuration.resolve() } catch {
                        problems.append(ValidationProblem(line: headerLine, message: "the trace's configuration: \(error.description)"))
                    }
                } catch {
                    problems.append(ValidationProblem(line: headerLine, message: "header: \(error.message)"))
                }
            }
            var checker = PointerSequenceChecker()
            var index = 0
            while true {
                guard let separator = try parser.peekSignificant() else {
                    if cutShortIsProblem { problems.append(ValidationProblem(line: parser.line, message: "the trace is cut short (no closing ']')")) }
                    break
                }
                parser.consume()
                if separator == UInt8(ascii: "]") {
                    if let trailing = try parser.peekSignificant() {
                        problems.append(ValidationProblem(line: parser.line, message: "unexpected \(JSONParser.describe(trailing)) after the trace's closing ']'"))
                    }
                    break
                }
                guard separator == UInt8(ascii: ",") else {
                    problems.append(ValidationProblem(line: parser.line, eventIndex: index, message: "expected ',' or ']' between events"))
                    break
                }
                _ = try parser.peekSignificant()
                let eventLine = parser.line
                let value = try parser.readValue(limit: TraceLimits.event)
                let schemaProblems = TraceSchema.problems(inEvent: value)
                if !schemaProblems.isEmpty {
                    problems += schemaProblems.map { ValidationProblem(line: eventLine, eventIndex: index, message: $0) }
                } else if let event = try? PointerEventCoding.event(from: value) {
                    if let problem = checker.check(event) {
                        problems.append(ValidationProblem(line: eventLine, eventIndex: index, message: problem))
                    }
                }
                index += 1
                if problems.count >= problemLimit {
                    problems.append(ValidationProblem(message: "stopped after \(problemLimit) problems"))
                    return problems
                }
            }
            for pointer in checker.pointersDown.sorted() {
                problems.append(ValidationProblem(message: "pointer \(pointer) never ends with up or cancel"))
            }
        } catch let error as JSONSyntaxError {
            problems.append(ValidationProblem(line: error.line, message: error.kind == .unexpectedEnd ? "the trace is cut short inside a value" : error.message))
        } catch {
            problems.append(ValidationProblem(message: "cannot read: \(error)", fileIsUnreadable: true))
        }
        return problems
    }
}
