import Foundation
import Glibc
@testable import SDLFront
import Serving
import Testing

/// The touch server over real loopback sockets: the token, a limit and the connection limit.
@Suite("Serve: touch server", .serialized)
struct TouchServerTests {
    struct FixedWords: RandomNumberGenerator {
        var words: [UInt64]
        mutating func next() -> UInt64 { words.removeFirst() }
    }

    static let token = "00000000000000050000000000000006"

    /// A started server; `onTokenShown` signals `tokenShown` when given.
    static func server(limits: ConnectionLimits = .standard, tokenShown: DispatchSemaphore? = nil) throws -> TouchServer {
        var generator = FixedWords(words: [5, 6])
        let router = ServeRouter(token: AccessToken(using: &generator), page: Array("<p>page</p>".utf8),
                                 recordFolder: "/nonexistent", inbox: RemoteTouchInbox())
        let server = try TouchServer(options: ServeOptions(), router: router, clock: MonotonicClock(), limits: limits)
        if let tokenShown { server.onTokenShown = { tokenShown.signal() } }
        server.start()
        return server
    }

    /// Limits with `slots` slots, otherwise the standard ones.
    static func limits(slots: Int, headSeconds: Double = 5) -> ConnectionLimits {
        var limits = ConnectionLimits.standard
        limits.slots = slots
        limits.headSeconds = headSeconds
        return limits
    }

    static func sendText(_ text: String, on descriptor: Int32) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// A connected socket to the server, reads giving up after 10 s rather than hanging a test.
    static func connect(to port: UInt16) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
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

    @Test("a head not whole by its deadline is answered 408")
    func slowHeadIsAnswered408() throws {
        let server = try Self.server(limits: Self.limits(slots: 4, headSeconds: 0.05))
        defer { server.stop() }
        let descriptor = try Self.connect(to: server.port)
        defer { close(descriptor) }
        Self.sendText("GET /?tok", on: descriptor)
        let answer = Self.readAll(descriptor)
        #expect(answer.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"))
        #expect(answer.hasSuffix("the request head took longer than 0.05 s\n"))
    }
}
