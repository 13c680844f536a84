import Engine
import Foundation
import Glibc
@testable import Playground
import Serving
import Testing

/// The touch server over real loopback sockets: the token, its limits and deadlines (on a clock
/// the test sets), and the connection limit.
@Suite("Serve: touch server", .serialized)
struct TouchServerTests {
    struct FixedWords: RandomNumberGenerator {
        var words: [UInt64]
        mutating func next() -> UInt64 { words.removeFirst() }
    }

    static let token = "00000000000000050000000000000006"

    /// A clock the test sets, read by the server's thread.
    final class SetClock: TimeSource, @unchecked Sendable {
        private let lock = NSLock()
        private var time = 0.0
        var now: Double { lock.withLock { time } }
        func set(_ newTime: Double) { lock.withLock { time = newTime } }
    }

    /// The server's turns as they end, each with how many connections it accepted.
    final class Turns: @unchecked Sendable {
        private let condition = NSCondition()
        private var accepted: [Int] = []

        func record(_ count: Int) {
            condition.lock()
            accepted.append(count)
            condition.broadcast()
            condition.unlock()
        }

        /// The accept counts of the turns so far once `done` holds for them, or nil after 10 s.
        func wait(until done: ([Int]) -> Bool) -> [Int]? {
            condition.lock()
            defer { condition.unlock() }
            let giveUp = Date().addingTimeInterval(10)
            while !done(accepted) {
                guard condition.wait(until: giveUp) else { return nil }
            }
            return accepted
        }

        /// Waits for two more turns to end: the second began after this call, so it saw what
        /// the test set before it. False after 10 s.
        func waitForAWholeTurn() -> Bool {
            condition.lock()
            let start = accepted.count
            condition.unlock()
            return wait { $0.count >= start + 2 } != nil
        }
    }

    /// A server, started unless `starts` is false; `onTokenShown` signals `tokenShown` and
    /// `onTurn` records in `turns` when given.
    static func server(limits: ConnectionLimits = .standard, tokenShown: DispatchSemaphore? = nil, clock: any TimeSource & Sendable = SystemMonotonicClock(),
                       turns: Turns? = nil, page: [UInt8] = Array("<p>page</p>".utf8), starts: Bool = true) throws -> TouchServer {
        var generator = FixedWords(words: [5, 6])
        let router = ServeRouter(token: AccessToken(using: &generator), page: page, recordFolder: "/nonexistent", inbox: RemoteTouchInbox())
        let server = try TouchServer(options: ServeOptions(), router: router, clock: clock, limits: limits)
        if let tokenShown { server.onTokenShown = { tokenShown.signal() } }
        if let turns { server.onTurn = { turns.record($0) } }
        if starts { #expect(server.start()) }
        return server
    }

    /// Limits with `slots` slots, otherwise the standard ones.
    static func limits(slots: Int) -> ConnectionLimits {
        var limits = ConnectionLimits.standard
        limits.slots = slots
        return limits
    }

    static func sendText(_ text: String, on descriptor: Int32) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// A connected socket to the server, reads giving up after 10 s rather than hanging a test;
    /// its receive buffer `receiveBuffer` bytes when given.
    static func connect(to port: UInt16, receiveBuffer: Int32? = nil) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if var receiveBuffer { setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &receiveBuffer, socklen_t(MemoryLayout<Int32>.size)) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(connected == 0)
        return descriptor
    }

    /// Sends `text` on a new connection and returns everything the server answers.
    static func exchange(_ text: String, port: UInt16) throws -> String {
        let descriptor = try connect(to: port)
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        return readAll(descriptor)
    }

    /// Sends `rest` (when given) on `descriptor` and expects the whole answer to have `status`
    /// and `body`.
    static func expectAnswer(on descriptor: Int32, after rest: String? = nil, status: String, body: String,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        if let rest { sendText(rest, on: descriptor) }
        let answer = readAll(descriptor)
        #expect(answer.hasPrefix("HTTP/1.1 \(status)\r\n"), sourceLocation: sourceLocation)
        #expect(answer.hasSuffix("\r\n\r\n" + body), sourceLocation: sourceLocation)
    }

    static func readAll(_ descriptor: Int32) -> String {
        var answer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(descriptor, &chunk, chunk.count, 0)
            if count <= 0 { break }
            answer += chunk[0..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }

    @Test("the page with the token; 403 without it; every answer closes its connection")
    func token() throws {
        let server = try Self.server()
        defer { server.stop() }
        #expect(server.url == "http://127.0.0.1:\(server.port)/?token=00000000000000050000000000000006")
        let page = try Self.exchange("GET /?token=00000000000000050000000000000006 HTTP/1.1\r\nHost: x\r\n\r\n", port: server.port)
        #expect(page.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(page.contains("\r\nConnection: close\r\n"))
        #expect(page.hasSuffix("\r\n\r\n<p>page</p>"))
        let refused = try Self.exchange("GET / HTTP/1.1\r\nHost: x\r\n\r\n", port: server.port)
        #expect(refused.hasPrefix("HTTP/1.1 403 Forbidden\r\n"))
    }

    @Test("a request line over 8 KiB is answered 414 before its end arrives")
    func requestLineLimit() throws {
        let server = try Self.server()
        defer { server.stop() }
        let answer = try Self.exchange("GET /" + String(repeating: "a", count: 9000), port: server.port)
        #expect(answer.hasPrefix("HTTP/1.1 414 URI Too Long\r\n"))
    }

    @Test("with every slot held by idle connections, a request with the token is served: the idlest is closed to make room")
    func idleConnectionsCannotShutThePhoneOut() throws {
        let server = try Self.server(limits: Self.limits(slots: 4))
        defer { server.stop() }
        var idle: [Int32] = []
        defer { for descriptor in idle { close(descriptor) } }
        for _ in 0..<4 { idle.append(try Self.connect(to: server.port)) }
        let phone = try Self.exchange("GET /?token=\(Self.token) HTTP/1.1\r\nHost: x\r\n\r\n", port: server.port)
        #expect(phone.hasPrefix("HTTP/1.1 200 OK\r\n"))
        // The first idle connection was closed for the phone's, with nothing said.
        #expect(Self.readAll(idle[0]) == "")
        // The others are still open: one can still send its request and be answered.
        Self.sendText("GET /?token=\(Self.token) HTTP/1.1\r\nHost: x\r\n\r\n", on: idle[1])
        #expect(Self.readAll(idle[1]).hasPrefix("HTTP/1.1 200 OK\r\n"))
    }

    @Test("a head without the token is answered 403 at once, without waiting for its body")
    func headWithoutTheTokenIsRefusedBeforeItsBody() throws {
        let server = try Self.server()
        defer { server.stop() }
        let answer = try Self.exchange("POST /traces HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n[", port: server.port)
        #expect(answer.hasPrefix("HTTP/1.1 403 Forbidden\r\n"))
    }

    @Test("when every slot holds a connection that showed the token, a new one is answered 503")
    func slotsFullOfTokenHoldersRefuseANewcomer() throws {
        let tokenShown = DispatchSemaphore(value: 0)
        let server = try Self.server(limits: Self.limits(slots: 2), tokenShown: tokenShown)
        defer { server.stop() }
        var holders: [Int32] = []
        defer { for descriptor in holders { close(descriptor) } }
        for _ in 0..<2 {
            let descriptor = try Self.connect(to: server.port)
            holders.append(descriptor)
            Self.sendText("POST /traces?token=\(Self.token) HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n", on: descriptor)
            #expect(tokenShown.wait(timeout: .now() + 10) == .success)
        }
        let newcomer = try Self.exchange("GET /?token=\(Self.token) HTTP/1.1\r\nHost: x\r\n\r\n", port: server.port)
        #expect(newcomer.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"))
        #expect(newcomer.hasSuffix("all 2 connections are busy with requests that carry the token; try again\n"))
    }

    @Test("a head whole at 5 s after its connection was accepted is served; one not whole just past 5 s is answered 408")
    func headDeadlineAtTheLimitAndJustPast() throws {
        for time in [5, 5.0.nextUp] {
            let clock = SetClock(), turns = Turns()
            let server = try Self.server(clock: clock, turns: turns)
            defer { server.stop() }
            let descriptor = try Self.connect(to: server.port)
            defer { close(descriptor) }
            Self.sendText("GET /?tok", on: descriptor)
            // Accepted at 0 s.
            try #require(turns.wait { $0.reduce(0, +) == 1 } != nil)
            clock.set(time)
            try #require(turns.waitForAWholeTurn())
            if time == 5 {
                Self.expectAnswer(on: descriptor, after: "en=\(Self.token) HTTP/1.1\r\nHost: x\r\n\r\n", status: "200 OK", body: "<p>page</p>")
            } else {
                Self.expectAnswer(on: descriptor, status: "408 Request Timeout", body: "the request head took longer than 5 s\n")
            }
        }
    }

    @Test("a body of 64 KiB whole at 6 s (5 s plus 1 s at 64 KiB/s) after its head is taken; one not whole just past 6 s is answered 408")
    func bodyDeadlineAtTheLimitAndJustPast() throws {
        let event = #"{"t":0,"id":0,"kind":"touch","phase":"down","x":1,"y":1}"#
        let body = "[" + event + String(repeating: " ", count: 65_536 - event.utf8.count - 2) + "]"
        for time in [6, 6.0.nextUp] {
            let clock = SetClock(), turns = Turns(), tokenShown = DispatchSemaphore(value: 0)
            let server = try Self.server(tokenShown: tokenShown, clock: clock, turns: turns)
            defer { server.stop() }
            let descriptor = try Self.connect(to: server.port)
            defer { close(descriptor) }
            Self.sendText("POST /touches?token=\(Self.token) HTTP/1.1\r\nHost: x\r\nContent-Length: 65536\r\n\r\n", on: descriptor)
            // The head, with the token, whole at 0 s.
            try #require(tokenShown.wait(timeout: .now() + 10) == .success)
            clock.set(time)
            try #require(turns.waitForAWholeTurn())
            if time == 6 {
                Self.expectAnswer(on: descriptor, after: body, status: "200 OK", body: "{\"accepted\":1}\n")
            } else {
                Self.expectAnswer(on: descriptor, status: "408 Request Timeout", body: "the body took longer than 6 s to arrive\n")
            }
        }
    }

    @Test("an answer still being taken 10 s after it began goes on; just past 10 s its connection is closed")
    func answerDeadlineAtTheLimitAndJustPast() throws {
        // Far more than the kernel's buffers hold (4 MiB for the server's side), so the answer
        // is still being sent when the clock moves.
        let page = [UInt8](repeating: UInt8(ascii: "a"), count: 8 << 20)
        let whole = HTTPResponse(status: 200, contentType: "text/html; charset=utf-8", body: page).bytes.count
        for time in [10, 10.0.nextUp] {
            let clock = SetClock(), turns = Turns()
            let server = try Self.server(clock: clock, turns: turns, page: page)
            defer { server.stop() }
            let descriptor = try Self.connect(to: server.port, receiveBuffer: 64 << 10)
            defer { close(descriptor) }
            Self.sendText("GET /?token=\(Self.token) HTTP/1.1\r\nHost: x\r\n\r\n", on: descriptor)
            // The answer began at 0 s: its first bytes are here.
            var chunk = [UInt8](repeating: 0, count: 4096)
            let first = recv(descriptor, &chunk, chunk.count, 0)
            try #require(first > 0)
            clock.set(time)
            try #require(turns.waitForAWholeTurn())
            let taken = first + Self.readAll(descriptor).utf8.count
            if time == 10 {
                #expect(taken == whole)
            } else {
                #expect(taken > 0)
                #expect(taken < whole)
            }
        }
    }

    @Test("64 connections waiting are all accepted in one turn; of 65, the 65th is accepted in the next")
    func acceptsPerTurnAtTheLimitAndOnePast() throws {
        #expect(ConnectionLimits.standard.acceptsPerTurn == 64)
        for waiting in [64, 65] {
            let turns = Turns()
            let server = try Self.server(turns: turns, starts: false)
            defer { server.stop() }
            var clients: [Int32] = []
            defer { for descriptor in clients { close(descriptor) } }
            for _ in 0..<waiting { clients.append(try Self.connect(to: server.port)) }
            #expect(Self.queued(on: server.listener) == waiting)
            #expect(server.start())
            let accepted = turns.wait { $0.reduce(0, +) == waiting }
            #expect(accepted?.filter { $0 > 0 } == (waiting == 64 ? [64] : [64, 1]))
        }
    }

    /// How many connections wait in the queue of the listening socket `listener`.
    static func queued(on listener: Int32) -> Int? {
        var info = tcp_info()
        var length = socklen_t(MemoryLayout<tcp_info>.size)
        guard getsockopt(listener, Int32(IPPROTO_TCP), TCP_INFO, &info, &length) == 0 else { return nil }
        // For a listening socket the kernel gives its accept queue's length here.
        return Int(info.tcpi_unacked)
    }
}
