/// How many connections `play --serve` holds and how long each may take, so that others'
/// idle, slow or half-open connections cannot keep the phone out (docs/limits.md lists them).
public struct ConnectionLimits: Hashable, Sendable {
    /// The most connections open at once. When all are taken, a new connection closes the
    /// idlest one that has not yet shown the token (``ConnectionState/idlestEvictable(in:)``).
    public var slots: Int
    /// The most connections accepted in one turn of the server's loop, so that a connection
    /// accepted in a burst is read (and its token seen) before the burst's later ones can
    /// close it as the idlest.
    public var acceptsPerTurn: Int
    /// Seconds from accepting a connection to its whole request head; then `408`.
    public var headSeconds: Double
    /// Seconds a body may take beyond what ``minimumBodyBytesPerSecond`` allows; then `408`.
    public var bodyGraceSeconds: Double
    /// The slowest average rate a body may arrive at, in bytes per second.
    public var minimumBodyBytesPerSecond: Double
    /// Seconds the client has to take the whole answer; then the connection is closed.
    public var answerSeconds: Double

    /// Limits as given.
    public init(slots: Int, acceptsPerTurn: Int, headSeconds: Double, bodyGraceSeconds: Double,
                minimumBodyBytesPerSecond: Double, answerSeconds: Double) {
        self.slots = slots
        self.acceptsPerTurn = acceptsPerTurn
        self.headSeconds = headSeconds
        self.bodyGraceSeconds = bodyGraceSeconds
        self.minimumBodyBytesPerSecond = minimumBodyBytesPerSecond
        self.answerSeconds = answerSeconds
    }

    /// What the server enforces: 256 slots, 64 accepts a turn, 5 s for the head, a body at
    /// 64 KiB/s or faster plus 5 s (an 8 MiB trace: 133 s), 10 s to take the answer. A phone
    /// sends its head in one packet and a streamed batch in milliseconds; 256 slots of at most
    /// a head each (24 KiB) hold 6 MiB, since only a connection with the token gets to send a
    /// body.
    public static let standard = ConnectionLimits(slots: 256, acceptsPerTurn: 64, headSeconds: 5, bodyGraceSeconds: 5,
                                                  minimumBodyBytesPerSecond: 65_536, answerSeconds: 10)
}
