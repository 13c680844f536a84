import Serving
import Testing

/// The request parser of `play --serve`: exact results for good requests, and every rule and
/// limit refused with its status.
@Suite("HTTP request parser")
struct HTTPRequestParserTests {
    private static let small = HTTPLimits(requestLineBytes: 32, headerBytes: 64, headerCount: 3, bodyBytes: 10)

    private func parse(_ text: String, limits: HTTPLimits = .standard) -> HTTPParseResult {
        HTTPRequestParser.parse(Array(text.utf8), limits: limits)
    }

    private func status(_ text: String, limits: HTTPLimits = .standard) -> Int? {
        if case .failed(let error) = parse(text, limits: limits) { return error.status }
        return nil
    }

    @Test("a GET: method, decoded path and query, headers lowercased and trimmed, what it took")
    func get() {
        let text = "GET /a%20b/?token=ab%2Fc&stream=x+y&flag HTTP/1.1\r\nHost: 127.0.0.1:80\r\nX-Thing: \t two words \r\n\r\nextra"
        let expected = HTTPRequest(method: "GET", path: "/a b/",
                                   query: [.init(name: "token", value: "ab/c"), .init(name: "stream", value: "x y"), .init(name: "flag", value: "")],
                                   headers: [.init(name: "host", value: "127.0.0.1:80"), .init(name: "x-thing", value: "two words")], body: [])
        #expect(parse(text) == .complete(expected, consumed: text.utf8.count - 5))
    }

    @Test("a POST's body is exactly Content-Length bytes; with fewer, the whole head is given and the body awaited")
    func post() {
        let head = "POST /touches HTTP/1.0\r\nContent-Length: 5\r\n\r\n"
        let expectedHead = HTTPRequestHead(method: "POST", path: "/touches", query: [], headers: [.init(name: "content-length", value: "5")],
                                           byteCount: 45, bodyLength: 5)
        #expect(head.utf8.count == 45)
        #expect(parse(head + "[1,2") == .awaitingBody(expectedHead))
        #expect(parse(head) == .awaitingBody(expectedHead))
        let expected = HTTPRequest(method: "POST", path: "/touches", query: [], headers: [.init(name: "content-length", value: "5")], body: Array("[1,2]".utf8))
        #expect(parse(head + "[1,2]xyz") == .complete(expected, consumed: head.utf8.count + 5))
    }

    @Test("every prefix of a good request is incomplete until its head is whole, then awaits the body; never an error")
    func prefixes() {
        let text = Array("POST /t?token=1 HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nabc".utf8)
        let head = HTTPRequestHead(method: "POST", path: "/t", query: [.init(name: "token", value: "1")],
                                   headers: [.init(name: "host", value: "h"), .init(name: "content-length", value: "3")], byteCount: 56, bodyLength: 3)
        for end in 0..<56 {
            #expect(HTTPRequestParser.parse(Array(text[0..<end])) == .incomplete, "prefix of \(end) bytes")
        }
        for end in 56..<text.count {
            #expect(HTTPRequestParser.parse(Array(text[0..<end])) == .awaitingBody(head), "prefix of \(end) bytes")
        }
    }

    @Test("malformed request lines are 400; another HTTP version is 505")
    func requestLines() {
        #expect(status("GET  / HTTP/1.1\r\nHost: h\r\n\r\n") == 400)
        #expect(status("get / HTTP/1.1\r\nHost: h\r\n\r\n") == 400)
        #expect(status("GET http://x/ HTTP/1.1\r\nHost: h\r\n\r\n") == 400)
        #expect(status("GET / FTP/1.1\r\nHost: h\r\n\r\n") == 400)
        #expect(status("GET / HTTP/2.0\r\nHost: h\r\n\r\n") == 505)
        #expect(status("GET /%zz HTTP/1.1\r\nHost: h\r\n\r\n") == 400)
        #expect(status("GET /?a=%ff HTTP/1.1\r\nHost: h\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\nHost: h\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\rHost: h\r\n\r\n") == 400)
    }

    @Test("malformed headers are 400; HTTP/1.1 needs Host")
    func headers() {
        #expect(status("GET / HTTP/1.1\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\nHost: h\r\nNo colon\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\nHost: h\r\nBad name: x\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\nHost: h\r\n folded\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\nHost: h\u{1}\r\n\r\n") == 400)
    }

    @Test("Content-Length: digits only, duplicates must agree; POST needs it; chunked is 501")
    func contentLength() {
        #expect(status("POST / HTTP/1.0\r\nContent-Length: -1\r\n\r\n") == 400)
        #expect(status("POST / HTTP/1.0\r\nContent-Length: 1 2\r\n\r\n") == 400)
        #expect(status("POST / HTTP/1.0\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n") == 400)
        #expect(status("POST / HTTP/1.0\r\n\r\n") == 411)
        #expect(status("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n") == 501)
        if case .complete(let request, _) = parse("POST / HTTP/1.0\r\nContent-Length: 2\r\ncontent-length: 2\r\n\r\nab") {
            #expect(request.body == Array("ab".utf8))
        } else {
            Issue.record("two equal Content-Length values must be accepted")
        }
    }

    @Test("the request line's limit: exactly at it parses, one byte over is 414, even before its CRLF")
    func requestLineLimit() {
        let atLimit = "GET /" + String(repeating: "a", count: 32 - 14) + " HTTP/1.0"
        #expect(atLimit.utf8.count == 32)
        if case .complete = parse(atLimit + "\r\n\r\n", limits: Self.small) {} else { Issue.record("a line at the limit must parse") }
        #expect(status("GET /" + String(repeating: "a", count: 19) + " HTTP/1.0\r\n\r\n", limits: Self.small) == 414)
        #expect(status(String(repeating: "G", count: 33), limits: Self.small) == 414)
        #expect(parse(String(repeating: "G", count: 32), limits: Self.small) == .incomplete)
        #expect(parse(String(repeating: "G", count: 32) + "\r", limits: Self.small) == .incomplete)
    }

    @Test("the header section's limit counts every byte to the blank line: at it parses, one over is 431")
    func headerBytesLimit() {
        // "X: " + value + CRLF, then the blank line's CRLF: 64 bytes with a 57-byte value.
        let atLimit = "GET / HTTP/1.0\r\nX: " + String(repeating: "v", count: 57) + "\r\n\r\n"
        if case .complete = parse(atLimit, limits: Self.small) {} else { Issue.record("a header section at the limit must parse") }
        #expect(status("GET / HTTP/1.0\r\nX: " + String(repeating: "v", count: 58) + "\r\n\r\n", limits: Self.small) == 431)
        #expect(status("GET / HTTP/1.0\r\nX: " + String(repeating: "v", count: 80), limits: Self.small) == 431)
    }

    @Test("the header count's limit: three fields parse, a fourth is 431")
    func headerCountLimit() {
        if case .complete = parse("GET / HTTP/1.0\r\nA: 1\r\nB: 2\r\nC: 3\r\n\r\n", limits: Self.small) {} else { Issue.record("three fields must parse") }
        #expect(status("GET / HTTP/1.0\r\nA: 1\r\nB: 2\r\nC: 3\r\nD: 4\r\n\r\n", limits: Self.small) == 431)
    }

    @Test("the body's limit: at it parses, one over is 413 as soon as the headers end")
    func bodyLimit() {
        if case .complete(let request, _) = parse("POST / HTTP/1.0\r\nContent-Length: 10\r\n\r\n0123456789", limits: Self.small) {
            #expect(request.body.count == 10)
        } else {
            Issue.record("a body at the limit must parse")
        }
        #expect(status("POST / HTTP/1.0\r\nContent-Length: 11\r\n\r\n", limits: Self.small) == 413)
    }

    @Test("the standard limits are the documented ones: 8 KiB request line, 16 KiB header section, 64 fields, 8 MiB body")
    func standardLimits() {
        #expect(HTTPLimits.standard == HTTPLimits(requestLineBytes: 8192, headerBytes: 16_384, headerCount: 64, bodyBytes: 8_388_608))
    }

    @Test("the standard request line: 8192 bytes parse, 8193 are 414 with the limit named")
    func standardRequestLineAtTheLimitAndOnePast() {
        func line(_ bytes: Int) -> String { "GET /" + String(repeating: "a", count: bytes - 14) + " HTTP/1.0" }
        #expect(line(8192).utf8.count == 8192)
        if case .complete = parse(line(8192) + "\r\n\r\n") {} else { Issue.record("a line of 8192 bytes must parse") }
        #expect(parse(line(8193) + "\r\n\r\n") == .failed(HTTPParseError(status: 414, problem: "the request line is longer than 8192 bytes")))
    }

    @Test("the standard header section: 16384 bytes with the blank line parse, 16385 are 431 with the limit named")
    func standardHeaderSectionAtTheLimitAndOnePast() {
        // "X: " + value + CRLF, then the blank line's CRLF.
        func section(_ bytes: Int) -> String { "X: " + String(repeating: "v", count: bytes - 7) + "\r\n\r\n" }
        #expect(section(16_384).utf8.count == 16_384)
        if case .complete = parse("GET / HTTP/1.0\r\n" + section(16_384)) {} else { Issue.record("a header section of 16384 bytes must parse") }
        #expect(parse("GET / HTTP/1.0\r\n" + section(16_385)) == .failed(HTTPParseError(status: 431, problem: "the header section is longer than 16384 bytes")))
    }

    @Test("the standard header count: 64 fields parse, 65 are 431 with the limit named")
    func standardHeaderCountAtTheLimitAndOnePast() {
        func fields(_ count: Int) -> String { (0..<count).map { "X\($0): 1\r\n" }.joined() }
        if case .complete(let request, _) = parse("GET / HTTP/1.0\r\n" + fields(64) + "\r\n") {
            #expect(request.headers.count == 64)
        } else {
            Issue.record("64 fields must parse")
        }
        #expect(parse("GET / HTTP/1.0\r\n" + fields(65) + "\r\n") == .failed(HTTPParseError(status: 431, problem: "more than 64 header fields")))
    }

    @Test("the standard body: a Content-Length of 8388608 is awaited, 8388609 is 413 with the limit named, before any of it arrives")
    func standardBodyAtTheLimitAndOnePast() {
        let head = "POST /traces HTTP/1.0\r\nContent-Length: 8388608\r\n\r\n"
        #expect(parse(head) == .awaitingBody(HTTPRequestHead(method: "POST", path: "/traces", query: [],
                                                             headers: [.init(name: "content-length", value: "8388608")],
                                                             byteCount: head.utf8.count, bodyLength: 8_388_608)))
        #expect(parse("POST /traces HTTP/1.0\r\nContent-Length: 8388609\r\n\r\n")
                == .failed(HTTPParseError(status: 413, problem: "a body of 8388609 bytes is more than the limit of 8388608")))
    }
}
