/// Where one connection to `play --serve` is, when it last sent something, and when it must
/// have moved on: the rules of ``ConnectionLimits`` as a value, on the server's clock
/// (seconds), so that they are tested without sockets or waiting.
public struct ConnectionState: Hashable, Sendable {
    /// What the connection is doing.
    public enum Phase: Hashable, Sendable {
        /// Sending its request head.
        case head
        /// Sending a body of `bodyLength` bytes, its head (with the token) whole since `since`.
        case body(bodyLength: Int, since: Double)
        /// Taking the server's answer, since `since`.
        case answer(since: Double)
    }

    /// When the connection was accepted, in seconds.
    public let acceptedAt: Double
    /// Its place in the order of acceptance: breaks ties between connections idle since the
    /// same instant, the older going first.
    public let sequence: Int
    /// When it last sent bytes (or was accepted), in seconds.
    public private(set) var lastActivity: Double
    /// What it is doing.
    public private(set) var phase: Phase = .head
    /// True once its head carried the token: others' new connections never close it.
    public private(set) var hasShownToken = false

    /// A connection accepted at `acceptedAt`, the `sequence`th.
    public init(acceptedAt: Double, sequence: Int) {
        self.acceptedAt = acceptedAt
        self.sequence = sequence
        lastActivity = acceptedAt
    }

    /// Bytes arrived at `time`.
    public mutating func received(at time: Double) {
        lastActivity = max(lastActivity, time)
    }

    /// Its head, carrying the token, became whole at `time`; `bodyLength` bytes of body follow.
    public mutating func headCompleted(bodyLength: Int, at time: Double) {
        hasShownToken = true
        phase = .body(bodyLength: bodyLength, since: time)
    }

    /// Its head carried the token (seen with the whole request at once).
    public mutating func showedToken() {
        hasShownToken = true
    }

    /// The server began answering at `time`.
    public mutating func answering(at time: Double) {
        phase = .answer(since: time)
    }

    /// When the connection runs out of time, in seconds, and what it was late with.
    public func deadline(_ limits: ConnectionLimits) -> (time: Double, lateWith: LateWith) {
        switch phase {
        case .head:
            return (acceptedAt + limits.headSeconds, .head)
        case .body(let bodyLength, let since):
            return (since + limits.bodyGraceSeconds + Double(bodyLength) / limits.minimumBodyBytesPerSecond, .body)
        case .answer(let since):
            return (since + limits.answerSeconds, .answer)
        }
    }

    /// What the connection is late with at `time`, or nil while it is in time: at its deadline
    /// itself it still is.
    public func lateness(at time: Double, _ limits: ConnectionLimits) -> LateWith? {
        let (deadline, lateWith) = deadline(limits)
        return time > deadline ? lateWith : nil
    }

    /// How long the current phase may take in all, in seconds (what a `408` says was allowed).
    public func allowedSeconds(_ limits: ConnectionLimits) -> Double {
        let start: Double
        switch phase {
        case .head: start = acceptedAt
        case .body(_, let since), .answer(let since): start = since
        }
        return deadline(limits).time - start
    }

    /// What a connection out of time was late with.
    public enum LateWith: Hashable, Sendable {
        /// Its request head (answered `408`).
        case head
        /// Its body (answered `408`).
        case body
        /// Taking the answer (closed).
        case answer
    }

    /// The index of the connection to close for a new one when every slot is taken: the one
    /// idle the longest among those that have not shown the token (the older first when idle
    /// since the same instant), or nil when all have.
    public static func idlestEvictable(in connections: [ConnectionState]) -> Int? {
        connections.indices.filter { !connections[$0].hasShownToken }.min { first, second in
            (connections[first].lastActivity, connections[first].sequence) < (connections[second].lastActivity, connections[second].sequence)
        }
    }
}
