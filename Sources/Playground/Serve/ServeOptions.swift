/// Where `play --serve` listens.
package struct ServeOptions: Equatable {
    /// The address to bind, an IPv4 literal (`127.0.0.1` unless `--host` says otherwise).
    package var host = "127.0.0.1"
    /// The TCP port; 0 lets the system choose a free one (printed in the URL).
    package var port: UInt16 = 0

    /// Listens on `host`:`port`.
    package init(host: String = "127.0.0.1", port: UInt16 = 0) {
        self.host = host
        self.port = port
    }
}
