/// Where `play --serve` listens.
struct ServeOptions: Equatable {
    /// The address to bind, an IPv4 literal (`127.0.0.1` unless `--host` says otherwise).
    var host = "127.0.0.1"
    /// The TCP port; 0 lets the system choose a free one (printed in the URL).
    var port: UInt16 = 0
}
