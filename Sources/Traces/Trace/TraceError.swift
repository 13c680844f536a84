import Interaction

/// A trace that cannot be read, saying which file, where and what is wrong.
public struct TraceError: Error, Hashable, CustomStringConvertible {
    /// The file's path as the user gave it (or a label for bytes in memory).
    public let file: String
    /// The 1-based line, when known.
    public let line: Int?
    /// The 0-based index of the event, when the problem is in one.
    public let eventIndex: Int?
    /// What is wrong.
    public let problem: String

    /// Creates an error.
    public init(file: String, line: Int? = nil, eventIndex: Int? = nil, problem: String) {
        self.file = file
        self.line = line
        self.eventIndex = eventIndex
        self.problem = problem
    }

    /// `file:line: event N: problem`.
    public var description: String {
        var text = file
        if let line { text += ":\(line)" }
        text += ": "
        if let eventIndex { text += "event \(eventIndex): " }
        return text + problem
    }
}
