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

    static func server() throws -> TouchServer {
        var generator = FixedWords(words: [5, 6])
        let router = ServeRouter(token: AccessToken(using: &generator), page: Array("<p>page</p>".utf8),
                                 recordFolder: "/nonexistent", inbox: RemoteTouchInbox())
        let server = try TouchServer(options: ServeOptions(), router: router, clock: MonotonicClock())
        server.start()
        return server
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

    @Test("sixteen connections are held open; a seventeenth is answered 503 and closed")
    func connectionLimit() throws {
        let server = try Self.server()
        defer { server.stop() }
        var held: [Int32] = []
        defer { for descriptor in held { close(descriptor) } }
        for _ in 0..<ServeOptions.maximumConnections {
            let descriptor = try Self.connect(to: server.port)
            held.append(descriptor)
            // Each is accepted before the next connects: one byte of a request, then a whole
            // request on the same connection answers once it is in.
            _ = send(descriptor, "G", 1, Int32(MSG_NOSIGNAL))
        }
        // The server has taken every one of them once this answer comes back on the last one.
        let last = held.removeLast()
        let tail = Array("ET /?token=00000000000000050000000000000006 HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        _ = tail.withUnsafeBytes { send(last, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        #expect(Self.readAll(last).hasPrefix("HTTP/1.1 200 OK\r\n"))
        close(last)
        let extra = try Self.connect(to: server.port)
        held.append(extra)
        let another = try Self.connect(to: server.port)
        held.append(another)
        #expect(Self.readAll(another).hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"))
    }
}
