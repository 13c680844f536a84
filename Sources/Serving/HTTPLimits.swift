/// The limits on what one HTTP request to `play --serve` may be, so that a request takes
/// bounded memory and time; past one the request is refused with its status
/// (docs/limits.md lists them).
public struct HTTPLimits: Hashable, Sendable {
    /// The most bytes of the request line (method, target and version, without its CRLF).
    public var requestLineBytes: Int
    /// The most bytes of the header section after the request line, blank line included.
    public var headerBytes: Int
    /// The most header fields.
    public var headerCount: Int
    /// The most bytes of a body.
    public var bodyBytes: Int

    /// Limits as given.
    public init(requestLineBytes: Int, headerBytes: Int, headerCount: Int, bodyBytes: Int) {
        self.requestLineBytes = requestLineBytes
        self.headerBytes = headerBytes
        self.headerCount = headerCount
        self.bodyBytes = bodyBytes
    }

    /// What the server enforces: 8 KiB request line, 16 KiB of headers, 64 fields, 8 MiB body
    /// (a long trace saved on a phone; a streamed batch is far smaller).
    public static let standard = HTTPLimits(requestLineBytes: 8 << 10, headerBytes: 16 << 10, headerCount: 64, bodyBytes: 8 << 20)
}
