import Foundation
import Glibc
import Interaction
import Lab
import Serving

/// The HTTP/1.1 server of `play --serve`, on a thread of its own: plain POSIX sockets and
/// `poll`, one request per connection (each answered with `Connection: close`), every request
/// parsed by ``HTTPRequestParser`` within ``HTTPLimits/standard`` and answered by a
/// ``ServeRouter``. At most ``ServeOptions/maximumConnections`` connections are open at once,
/// and each has ``ServeOptions/requestTimeout`` seconds to send its request.
final class TouchServer: @unchecked Sendable {
    /// The bound address as given.
    let host: String
    /// The bound port (the system's choice when 0 was asked for).
    let port: UInt16
    private let listener: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let router: ServeRouter
    private let clock: MonotonicClock
    private let finished = DispatchSemaphore(value: 0)
    private var started = false

    /// One open connection and what it has sent so far.
    private struct Connection {
        let descriptor: Int32
        let acceptedAt: Double
        var received: [UInt8] = []
    }

    /// Binds and listens on `options`' address; throws ``InputError`` naming the address when
    /// that fails (a port in use, an address not on this machine).
    init(options: ServeOptions, router: ServeRouter, clock: MonotonicClock) throws {
        self.host = options.host
        self.router = router
        self.clock = clock
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = options.port.bigEndian
        guard inet_pton(AF_INET, options.host, &address.sin_addr) == 1 else {
            throw InputError(description: "--host \(Escaped.text(options.host)): not an IPv4 address such as 127.0.0.1 or 0.0.0.0")
        }
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw InputError(description: "cannot make a socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 32) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw InputError(description: "cannot listen on \(options.host):\(options.port): \(reason)")
        }
        var boundAddress = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &boundAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        port = UInt16(bigEndian: boundAddress.sin_port)
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            close(descriptor)
            throw InputError(description: "cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        listener = descriptor
        wakeRead = pipeEnds[0]
        wakeWrite = pipeEnds[1]
    }

    /// The page's address with the token, as the window prints it.
    var url: String { "http://\(host):\(port)/?token=\(router.token.text)" }

    /// Starts serving on a new thread.
    func start() {
        started = true
        let thread = Thread { [self] in
            serve()
            finished.signal()
        }
        thread.name = "gesture-lab serve"
        thread.start()
    }

    /// Stops serving, closing every connection, and waits for the thread to end.
    func stop() {
        if started {
            var byte: UInt8 = 1
            _ = write(wakeWrite, &byte, 1)
            finished.wait()
            started = false
        }
        close(listener)
        close(wakeRead)
        close(wakeWrite)
    }

    private func serve() {
        var connections: [Connection] = []
        while true {
            var watched = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0), pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
            watched += connections.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&watched, nfds_t(watched.count), 200)
            if ready < 0 && errno != EINTR { break }
            if watched[0].revents != 0 { break }
            let now = clock.now
            var open: [Connection] = []
            for (index, var connection) in connections.enumerated() {
                if watched[index + 2].revents != 0 {
                    switch read(into: &connection) {
                    case .closed:
                        close(connection.descriptor)
                        continue
                    case .answer(let response):
                        respond(response, on: connection.descriptor)
                        continue
                    case .waiting:
                        break
                    }
                }
                if now - connection.acceptedAt > ServeOptions.requestTimeout {
                    respond(.text(408, "the request took longer than \(Int(ServeOptions.requestTimeout)) s"), on: connection.descriptor)
                } else {
                    open.append(connection)
                }
            }
            connections = open
            if watched[1].revents != 0 {
                let descriptor = accept(listener, nil, nil)
                if descriptor >= 0 {
                    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
                    var timeout = timeval(tv_sec: 2, tv_usec: 0)
                    setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                    if connections.count >= ServeOptions.maximumConnections {
                        respond(.text(503, "more than \(ServeOptions.maximumConnections) connections at once"), on: descriptor)
                    } else {
                        connections.append(Connection(descriptor: descriptor, acceptedAt: clock.now))
                    }
                }
            }
        }
        for connection in connections { close(connection.descriptor) }
    }

    /// What reading a connection gave.
    private enum ReadResult {
        /// The request is not whole yet.
        case waiting
        /// The other end closed it (or it failed) before the request was whole.
        case closed
        /// The request is whole or refused: the answer.
        case answer(HTTPResponse)
    }

    /// Reads what has arrived on `connection`.
    private func read(into connection: inout Connection) -> ReadResult {
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        let count = recv(connection.descriptor, &chunk, chunk.count, 0)
        guard count > 0 else { return .closed }
        connection.received += chunk[0..<count]
        switch HTTPRequestParser.parse(connection.received) {
        case .incomplete:
            return .waiting
        case .failed(let error):
            return .answer(.text(error.status, error.problem))
        case .complete(let request, _):
            return .answer(router.respond(to: request, receivedAt: clock.now))
        }
    }

    /// Sends `response` whole (or until the peer stops taking it) and closes the connection.
    private func respond(_ response: HTTPResponse, on descriptor: Int32) {
        let bytes = response.bytes
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count <= 0 { break }
            sent += count
        }
        shutdown(descriptor, Int32(SHUT_WR))
        close(descriptor)
    }
}
