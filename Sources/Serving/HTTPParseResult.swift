/// What parsing the bytes received so far on a connection gives.
public enum HTTPParseResult: Hashable, Sendable {
    /// The request is not complete yet, and nothing seen so far breaks a rule.
    case incomplete
    /// The head is whole and keeps every rule; its body (``HTTPRequestHead/bodyLength`` bytes)
    /// has not all arrived.
    case awaitingBody(HTTPRequestHead)
    /// A whole request, which took the first `consumed` bytes.
    case complete(HTTPRequest, consumed: Int)
    /// The bytes break a rule or a limit: answer with the error's status and close.
    case failed(HTTPParseError)
}

/// Why a request is refused, with the status to answer it with.
public struct HTTPParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The HTTP status code (400, 411, 413, 414, 431, 501 or 505).
    public let status: Int
    /// What is wrong, in words.
    public let problem: String

    /// An error as given.
    public init(status: Int, problem: String) {
        self.status = status
        self.problem = problem
    }

    /// `STATUS: problem`.
    public var description: String { "\(status): \(problem)" }
}
