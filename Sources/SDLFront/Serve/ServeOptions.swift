/// Where `play --serve` listens.
struct ServeOptions: Equatable {
    /// The address to bind, an IPv4 literal (`127.0.0.1` unless `--host` says otherwise).
    var host = "127.0.0.1"
    /// The TCP port; 0 lets the system choose a free one (printed in the URL).
    var port: UInt16 = 0
    /// The most connections open at once; more are answered 503 and closed.
    static let maximumConnections = 16
    /// How long one connection may take to send its whole request, in seconds; then 408.
    static let requestTimeout = 10.0
}
