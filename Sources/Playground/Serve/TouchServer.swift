import Dispatch
import Engine
import FoundationEssentials
import Glibc
import Interaction
import Output
import Plumbing
import Serving
import Traces

/// The HTTP/1.1 server of `play --serve`, on a thread of its own: plain POSIX sockets,
/// non-blocking, and `poll`; one request per connection (each answered with
/// `Connection: close`), every request parsed by ``HTTPRequestParser`` within
/// ``HTTPLimits/standard`` and answered by a ``ServeRouter``. Others' idle, slow or half-open
/// connections cannot keep the phone out: each connection has deadlines for its head, its body
/// and taking its answer, a head without the token is refused before its body, and when every
/// slot is taken a new connection closes the idlest one that has not shown the token
/// (``ConnectionLimits``, ``ConnectionState``).
package final class TouchServer: @unchecked Sendable {
    /// The bound address as given.
    let host: String
    /// The bound port (the system's choice when 0 was asked for).
    let port: UInt16
    /// The listening socket (tests read how many connections wait in its queue).
    let listener: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let router: ServeRouter
    private let clock: any TimeSource & Sendable
    private let limits: ConnectionLimits
    private let finished = DispatchSemaphore(value: 0)
    private static let lineFeed = UInt8(ascii: "\n")
    private var started = false
    /// Called on the server's thread each time a connection's head shows the token (set before
    /// ``start()``; tests wait on it rather than on time).
    var onTokenShown: (@Sendable () -> Void)?
    /// Called on the server's thread at the end of each turn of its loop with how many
    /// connections it accepted and kept in that turn (set before ``start()``; tests follow the
    /// loop, and a clock they move, with it rather than with time).
    var onTurn: (@Sendable (Int) -> Void)?

    /// One open connection: its state, what it has sent so far, and the answer being sent.
    private struct Connection {
        let descriptor: Int32
        var state: ConnectionState
        var received: [UInt8] = []
        /// Its head once whole (then only the body's length is waited for).
        var head: HTTPRequestHead?
        /// The answer's bytes, once there is one, and how many have been sent.
        var answer: [UInt8]?
        var answerSent = 0
    }

    /// Binds and listens on `options`' address; throws ``InputError`` naming the address when
    /// that fails (a port in use, an address not on this machine).
    package init(options: ServeOptions, router: ServeRouter, clock: any TimeSource & Sendable, limits: ConnectionLimits = .standard) throws {
        self.host = options.host
        self.router = router
        self.clock = clock
        self.limits = limits
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = options.port.bigEndian
        guard inet_pton(AF_INET, options.host, &address.sin_addr) == 1 else {
            throw InputError(description: "--host \(Escaped.text(options.host)): not an IPv4 address such as 127.0.0.1 or 0.0.0.0")
        }
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard descriptor >= 0 else { throw InputError(description: "cannot make a socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, SOMAXCONN) == 0 else {
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
    package var url: String { "http://\(host):\(port)/?token=\(router.token.text)" }

    /// Starts serving on a new thread; false when the system cannot start one.
    package func start() -> Bool {
        started = DetachedThread.start { [self] in
            serve()
            finished.signal()
        }
        return started
    }

    /// Stops serving, closing every connection, and waits for the thread to end.
    package func stop() {
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
        var accepted = 0
        while true {
            var watched = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0), pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
            watched += connections.map { pollfd(fd: $0.descriptor, events: Int16($0.answer == nil ? POLLIN : POLLOUT), revents: 0) }
            let ready = poll(&watched, nfds_t(watched.count), 100)
            if ready < 0 && errno != EINTR { break }
            if watched[0].revents != 0 { break }
            let now = clock.now
            var open: [Connection] = []
            for (index, var connection) in connections.enumerated() {
                if watched[index + 2].revents != 0 {
                    if connection.answer == nil { read(&connection, now: now) }
                    if connection.answer != nil, !sendAnswer(&connection) {
                        finish(connection)
                        continue
                    }
                }
                if let lateWith = connection.state.lateness(at: now, limits) {
                    switch lateWith {
                    case .head:
                        startAnswer(.text(408, "the request head took longer than \(Self.seconds(connection.state.allowedSeconds(limits)))"), on: &connection, now: now)
                    case .body:
                        startAnswer(.text(408, "the body took longer than \(Self.seconds(connection.state.allowedSeconds(limits))) to arrive"), on: &connection, now: now)
                    case .answer:
                        finish(connection)
                        continue
                    }
                    if !sendAnswer(&connection) {
                        finish(connection)
                        continue
                    }
                }
                open.append(connection)
            }
            connections = open
            let acceptedBefore = accepted
            if watched[1].revents != 0 {
                acceptWaiting(into: &connections, accepted: &accepted)
            }
            onTurn?(accepted - acceptedBefore)
        }
        for connection in connections { close(connection.descriptor) }
    }

    /// Accepts up to ``ConnectionLimits/acceptsPerTurn`` waiting connections; each one past the
    /// slots closes the idlest connection that has not shown the token, or is answered `503`
    /// when every open one has.
    private func acceptWaiting(into connections: inout [Connection], accepted: inout Int) {
        for _ in 0..<limits.acceptsPerTurn {
            let descriptor = accept(listener, nil, nil)
            guard descriptor >= 0 else { return }
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            let now = clock.now
            if connections.count >= limits.slots {
                guard let idlest = ConnectionState.idlestEvictable(in: connections.map(\.state)) else {
                    var refused = Connection(descriptor: descriptor, state: ConnectionState(acceptedAt: now, sequence: accepted))
                    startAnswer(.text(503, "all \(limits.slots) connections are busy with requests that carry the token; try again"), on: &refused, now: now)
                    _ = sendAnswer(&refused)
                    finish(refused)
                    continue
                }
                finish(connections.remove(at: idlest))
            }
            connections.append(Connection(descriptor: descriptor, state: ConnectionState(acceptedAt: now, sequence: accepted)))
            accepted += 1
        }
    }

    /// Reads what has arrived on `connection` and, once its head or its whole request is in,
    /// moves it on: an answer to a refused or whole request, the body phase for a head with the
    /// token.
    private func read(_ connection: inout Connection, now: Double) {
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        let count = recv(connection.descriptor, &chunk, chunk.count, 0)
        if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return }
        guard count > 0 else {
            // Closed (or failed) before the request was whole: nothing to answer.
            connection.answer = []
            return
        }
        connection.received += chunk[0..<count]
        connection.state.received(at: now)
        if let head = connection.head {
            guard connection.received.count >= head.byteCount + head.bodyLength else { return }
        } else {
            // The head is parsed again only when a line may have ended, or when what has come
            // is past a head limit (the request line's, while no line has ended, or the whole
            // head's), so that a head sent a byte at a time costs a parse a line rather than a
            // parse a byte, and an overlong request line is refused as soon as it is overlong.
            let limits = HTTPLimits.standard
            let lineMayHaveEnded = chunk[0..<count].contains(Self.lineFeed)
            let pastRequestLine = connection.received.count > limits.requestLineBytes
                && !connection.received.contains(Self.lineFeed)
            let pastHead = connection.received.count > limits.requestLineBytes + limits.headerBytes + 2
            guard lineMayHaveEnded || pastRequestLine || pastHead else { return }
        }
        switch HTTPRequestParser.parse(connection.received) {
        case .incomplete:
            return
        case .awaitingBody(let head):
            if let refusal = router.refusal(of: head) {
                startAnswer(refusal, on: &connection, now: now)
            } else {
                connection.head = head
                connection.state.headCompleted(bodyLength: head.bodyLength, at: now)
                onTokenShown?()
            }
        case .failed(let error):
            startAnswer(.text(error.status, error.problem), on: &connection, now: now)
        case .complete(let request, _):
            if router.refusal(of: request) == nil {
                connection.state.showedToken()
                onTokenShown?()
            }
            startAnswer(router.respond(to: request, receivedAt: now), on: &connection, now: now)
        }
    }

    private func startAnswer(_ response: HTTPResponse, on connection: inout Connection, now: Double) {
        connection.answer = response.bytes
        connection.answerSent = 0
        connection.received = []
        connection.state.answering(at: now)
    }

    /// Sends what the socket takes of the answer; false once the connection is done with
    /// (the answer sent whole, or the peer gone).
    private func sendAnswer(_ connection: inout Connection) -> Bool {
        guard let answer = connection.answer else { return true }
        while connection.answerSent < answer.count {
            let count = answer[connection.answerSent...].withUnsafeBytes { send(connection.descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return true }
            if count <= 0 { return false }
            connection.answerSent += count
        }
        return false
    }

    /// Ends the answer and closes the connection, first reading what the peer has already sent
    /// so that closing does not reset the connection before the answer reaches it.
    private func finish(_ connection: Connection) {
        shutdown(connection.descriptor, Int32(SHUT_WR))
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        for _ in 0..<4 where recv(connection.descriptor, &chunk, chunk.count, 0) > 0 {}
        close(connection.descriptor)
    }

    /// `seconds` as the messages print it, to the hundredth (`5 s`, `133 s`, `0.05 s`).
    private static func seconds(_ seconds: Double) -> String {
        let hundredths = (seconds * 100).rounded()
        return hundredths.truncatingRemainder(dividingBy: 100) == 0 ? "\(Int(hundredths / 100)) s" : "\(hundredths / 100) s"
    }
}
