import Engine
import Foundation
import Interaction
@testable import Playground
import Serving
import Testing
import Traces

/// What `play --serve` answers, without sockets: the token on every request, the page, the
/// streamed touches on the window's clock, and traces saved under names the server chooses.
@Suite("Serve: router")
struct ServeRouterTests {
    struct FixedWords: RandomNumberGenerator {
        var words: [UInt64]
        mutating func next() -> UInt64 { words.removeFirst() }
    }

    let token: AccessToken = {
        var generator = FixedWords(words: [1, 2])
        return AccessToken(using: &generator)
    }()

    func router(folder: String = "/nonexistent", inbox: RemoteTouchInbox = RemoteTouchInbox()) -> ServeRouter {
        ServeRouter(token: token, page: Array("<p>page</p>".utf8), recordFolder: folder, inbox: inbox)
    }

    func request(_ method: String, _ path: String, token: String? = nil, query: [HTTPRequest.QueryParameter] = [], body: String = "") -> HTTPRequest {
        HTTPRequest(method: method, path: path, query: (token.map { [.init(name: "token", value: $0)] } ?? []) + query, headers: [], body: Array(body.utf8))
    }

    func temporaryFolder() -> String {
        let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("gesture-lab-serve-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("every path refuses a request without the right token with 403, before anything else")
    func tokenRequired() {
        let router = router()
        for (method, path) in [("GET", "/"), ("POST", "/touches"), ("POST", "/traces"), ("POST", "/study"), ("GET", "/nothing"), ("DELETE", "/")] {
            #expect(router.respond(to: request(method, path), receivedAt: 0).status == 403)
            #expect(router.respond(to: request(method, path, token: "00000000000000010000000000000003"), receivedAt: 0).status == 403)
        }
    }

    @Test("with the token: the page, 404 elsewhere, 405 for another method")
    func routes() {
        let router = router()
        let page = router.respond(to: request("GET", "/", token: token.text), receivedAt: 0)
        #expect(page.status == 200)
        #expect(page.contentType == "text/html; charset=utf-8")
        #expect(page.body == Array("<p>page</p>".utf8))
        #expect(router.respond(to: request("GET", "/etc/passwd", token: token.text), receivedAt: 0).status == 404)
        #expect(router.respond(to: request("GET", "/touches", token: token.text), receivedAt: 0).status == 405)
    }

    @Test("streamed touches reach the inbox with window ids from 100, the phone's intervals, each handed over when its time comes")
    func touches() {
        let inbox = RemoteTouchInbox()
        let router = router(inbox: inbox)
        let body = """
        [{"t":5.0,"id":7,"kind":"touch","phase":"down","x":10,"y":20},{"t":5.125,"id":7,"kind":"touch","phase":"move","x":18,"y":20}]
        """
        let response = router.respond(to: request("POST", "/touches", token: token.text, query: [.init(name: "stream", value: "s")], body: body), receivedAt: 100)
        #expect(response.status == 200)
        #expect(response.body == Array("{\"accepted\":2}\n".utf8))
        let lift = #"[{"t":5.25,"id":7,"kind":"touch","phase":"up","x":26,"y":20}]"#
        #expect(router.respond(to: request("POST", "/touches", token: token.text, query: [.init(name: "stream", value: "s")], body: lift), receivedAt: 100.5).status == 200)
        // The first batch's newest touch lands at its arrival plus the playout delay.
        let offset = 100 - 5.125 + RemoteClockMapping.standardPlayoutDelay
        #expect(inbox.take(dueBy: 5.0 + offset - 0.001).events.isEmpty)
        #expect(inbox.take(dueBy: 5.0 + offset).events == [
            PointerEvent(pointerID: 100, kind: .touch, phase: .down, position: Point(x: 10, y: 20), timestamp: 5.0 + offset),
        ])
        #expect(inbox.take(dueBy: 1000).events == [
            PointerEvent(pointerID: 100, kind: .touch, phase: .move, position: Point(x: 18, y: 20), timestamp: 5.125 + offset),
            PointerEvent(pointerID: 100, kind: .touch, phase: .up, position: Point(x: 26, y: 20), timestamp: 5.25 + offset),
        ])
        #expect(inbox.take(dueBy: 1000).events.isEmpty)
    }

    @Test("a bad batch is 400 naming the event and the problem; nothing reaches the inbox")
    func badBatch() {
        let inbox = RemoteTouchInbox()
        let body = #"[{"t":1,"id":0,"kind":"touch","phase":"down","x":1,"y":1},{"t":1,"id":0,"kind":"finger","phase":"move","x":1,"y":1}]"#
        let response = router(inbox: inbox).respond(to: request("POST", "/touches", token: token.text, body: body), receivedAt: 0)
        #expect(response.status == 400)
        #expect(String(decoding: response.body, as: UTF8.self) == "touch batch: event 1: \"kind\" must be one of mouse, touch, pen, found \"finger\"\n")
        #expect(inbox.take(dueBy: 1000).events.isEmpty)
        #expect(router().respond(to: request("POST", "/touches", token: token.text, body: "{}"), receivedAt: 0).status == 400)
    }

    @Test("a sent trace is read by the trace reader and saved under a new name, never replacing one")
    func traces() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let inbox = RemoteTouchInbox()
        let router = router(folder: folder, inbox: inbox)
        let trace = """
        [
        {"format":"gesture-lab-trace","version":"1.1","window":{"width":390,"height":844}},
        {"t":0,"id":1,"kind":"touch","phase":"down","x":10,"y":20},
        {"t":0.1,"id":1,"kind":"touch","phase":"up","x":90,"y":20}
        ]
        """
        let first = router.respond(to: request("POST", "/traces", token: token.text, query: [.init(name: "name", value: "../../evil.json")], body: trace), receivedAt: 0)
        let second = router.respond(to: request("POST", "/traces", token: token.text, body: trace), receivedAt: 0)
        #expect(first.status == 201)
        #expect(second.status == 201)
        let saved = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(saved.count == 2)
        #expect(saved.allSatisfy { $0.hasPrefix("trace-") && $0.hasSuffix(".json") })
        for name in saved {
            let loaded = try Trace.load(path: (folder as NSString).appendingPathComponent(name))
            #expect(loaded.events.map(\.position.x) == [10, 90])
            #expect(loaded.header.windowSize == Size(width: 390, height: 844))
        }
        #expect(inbox.take(dueBy: 0).messages.count == 2)
        let bad = router.respond(to: request("POST", "/traces", token: token.text, body: "[\n{\"format\":\"other\"}\n]"), receivedAt: 0)
        #expect(bad.status == 400)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 2)
    }

    static let sentTrace = """
    [
    {"format":"gesture-lab-trace","version":"1.1","window":{"width":390,"height":844}},
    {"t":0,"id":1,"kind":"touch","phase":"down","x":10,"y":20},
    {"t":0.1,"id":1,"kind":"touch","phase":"up","x":90,"y":20}
    ]
    """

    @Test("a trace that cannot be written for a full disk is 507 with the reason, leaves nothing in the folder, and the window hears it once until a save succeeds")
    func fullDisk() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let kept = (folder as NSString).appendingPathComponent("trace-kept.json")
        try Self.sentTrace.write(toFile: kept, atomically: false, encoding: .utf8)
        let inbox = RemoteTouchInbox()
        var router = router(folder: folder, inbox: inbox)
        let attempt = Counter()
        // A file created under its real name whose writes go to /dev/full (ENOSPC), as on a full disk.
        router.createTraceFile = { folder, header in
            let path = (folder as NSString).appendingPathComponent("trace-\(attempt.next()).json")
            let created = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard created >= 0 else { throw TraceWriteError(path: path, errorNumber: errno) }
            close(created)
            let full = open("/dev/full", O_WRONLY | O_CLOEXEC)
            guard full >= 0 else { throw TraceWriteError(path: "/dev/full", errorNumber: errno) }
            return try TraceWriter(descriptor: full, path: path, header: header, bufferSize: 1 << 16, removesPathOnDiscard: true)
        }
        for _ in 0..<3 {
            let response = router.respond(to: request("POST", "/traces", token: token.text, body: Self.sentTrace), receivedAt: 0)
            #expect(response.status == 507)
            #expect(String(decoding: response.body, as: UTF8.self).hasSuffix(": cannot write: No space left on device\n"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["trace-kept.json"])
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == Self.sentTrace)
        #expect(inbox.take(dueBy: 0).messages.count == 1)
        router.createTraceFile = { folder, header in try Recorder.createWriter(in: folder, header: header, wallClock: Date()) }
        #expect(router.respond(to: request("POST", "/traces", token: token.text, body: Self.sentTrace), receivedAt: 0).status == 201)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 2)
        #expect(inbox.take(dueBy: 0).messages.count == 1)
    }

    @Test("a batch putting a 65th pointer down is 400 naming the event; nothing of it reaches the inbox")
    func sixtyFifthPointer() {
        let inbox = RemoteTouchInbox()
        let router = router(inbox: inbox)
        let downs = (0..<65).map { #"{"t":0.01,"id":\#($0),"kind":"touch","phase":"down","x":1,"y":1}"# }
        let sixtyFour = router.respond(to: request("POST", "/touches", token: token.text, body: "[" + downs.prefix(64).joined(separator: ",") + "]"), receivedAt: 0)
        #expect(sixtyFour.status == 200)
        let oneMore = router.respond(to: request("POST", "/touches", token: token.text, body: "[" + downs[64] + "]"), receivedAt: 0)
        #expect(oneMore.status == 400)
        #expect(String(decoding: oneMore.body, as: UTF8.self) == "touch batch: event 0: more than 64 pointers down at once\n")
        #expect(inbox.take(dueBy: 1000).events.count == 64)
        let inOneBatch = self.router(inbox: RemoteTouchInbox()).respond(to: request("POST", "/touches", token: token.text, body: "[" + downs.joined(separator: ",") + "]"), receivedAt: 0)
        #expect(String(decoding: inOneBatch.body, as: UTF8.self) == "touch batch: event 64: more than 64 pointers down at once\n")
    }

    /// The text of a response's body.
    func text(_ response: HTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test("a request without the token is answered 403 saying where the token is")
    func tokenMessage() {
        let response = router().respond(to: request("GET", "/", token: "00000000000000010000000000000003"), receivedAt: 0)
        #expect(response.status == 403)
        #expect(text(response) == "a valid token is required: use the URL the window printed\n")
    }

    @Test("a stream name of 64 bytes is taken; 65 bytes are 400 naming the limit")
    func streamNameAtTheLimitAndOnePast() {
        #expect(ServeRouter.streamNameLimit == 64)
        let batch = #"[{"t":1,"id":0,"kind":"touch","phase":"down","x":1,"y":1}]"#
        // Two-byte characters: the limit is in bytes.
        let atLimit = router().respond(to: request("POST", "/touches", token: token.text, query: [.init(name: "stream", value: String(repeating: "é", count: 32))], body: batch), receivedAt: 0)
        #expect(atLimit.status == 200)
        let past = router().respond(to: request("POST", "/touches", token: token.text, query: [.init(name: "stream", value: String(repeating: "é", count: 32) + "x")], body: batch), receivedAt: 0)
        #expect(past.status == 400)
        #expect(text(past) == "the stream name is longer than 64 bytes\n")
    }

    @Test("a batch of 4096 events and one of exactly 1 MiB are taken; 4097 events, or 1 MiB and a byte, are 400 naming the limit")
    func batchAtTheLimitsAndOnePast() {
        let move = #"{"t":1,"id":0,"kind":"touch","phase":"move","x":1,"y":1}"#
        let down = #"{"t":1,"id":0,"kind":"touch","phase":"down","x":1,"y":1}"#
        func events(_ count: Int) -> String { "[" + ([down] + Array(repeating: move, count: count - 1)).joined(separator: ",") + "]" }
        func padded(_ bytes: Int) -> String { "[" + down + String(repeating: " ", count: bytes - down.utf8.count - 2) + "]" }
        #expect(text(router().respond(to: request("POST", "/touches", token: token.text, body: events(4096)), receivedAt: 0)) == "{\"accepted\":4096}\n")
        let tooMany = router().respond(to: request("POST", "/touches", token: token.text, body: events(4097)), receivedAt: 0)
        #expect(tooMany.status == 400)
        #expect(text(tooMany) == "touch batch: 4097 events is more than the limit of 4096 for one batch\n")
        #expect(text(router().respond(to: request("POST", "/touches", token: token.text, body: padded(1 << 20)), receivedAt: 0)) == "{\"accepted\":1}\n")
        let tooLarge = router().respond(to: request("POST", "/touches", token: token.text, body: padded((1 << 20) + 1)), receivedAt: 0)
        #expect(tooLarge.status == 400)
        #expect(text(tooLarge) == "touch batch:1: the batch is larger than 1 MiB (the limit of one batch)\n")
    }

    @Test("the inbox takes touches up to 65,536 waiting; a batch that would pass that is 503, nothing of it kept")
    func inboxAtItsCapacityAndOnePast() {
        #expect(RemoteTouchInbox.capacity == 65_536)
        let inbox = RemoteTouchInbox()
        let moves = [PointerEvent(pointerID: 0, kind: .touch, phase: .down, position: Point(x: 1, y: 1), timestamp: 0)]
            + Array(repeating: PointerEvent(pointerID: 0, kind: .touch, phase: .move, position: Point(x: 1, y: 1), timestamp: 0), count: 65_534)
        #expect(inbox.put(moves, stream: "", receivedAt: 0) == .accepted)
        let router = router(inbox: inbox)
        let move = #"[{"t":0,"id":0,"kind":"touch","phase":"move","x":1,"y":1}]"#
        #expect(router.respond(to: request("POST", "/touches", token: token.text, body: move), receivedAt: 0).status == 200)
        let full = router.respond(to: request("POST", "/touches", token: token.text, body: move), receivedAt: 0)
        #expect(full.status == 503)
        #expect(text(full) == "the window is not taking touches fast enough; try again\n")
        #expect(inbox.take(dueBy: 1000).events.count == 65_536)
    }

    @Test("a study page's progress reaches the window's HUD, said once when it changes; a bad one is 400 and changes nothing")
    func studyProgress() {
        let inbox = RemoteTouchInbox()
        let router = router(inbox: inbox)
        #expect(inbox.take(dueBy: 0).study == nil)
        let task = #"{"plan":"back-gesture","screen":"task","participant":"K7QX3M","task":"flick","trial":1,"step":3,"steps":14}"#
        #expect(router.respond(to: request("POST", "/study", token: token.text, body: task), receivedAt: 0).status == 200)
        #expect(router.respond(to: request("POST", "/study", token: token.text, body: task), receivedAt: 0).status == 200)
        let shown = "study back-gesture · participant K7QX3M · task 3/14: flick, try 1"
        let taken = inbox.take(dueBy: 0)
        #expect(taken.study == shown)
        #expect(taken.messages == [shown])
        let bad = router.respond(to: request("POST", "/study", token: token.text, body: #"{"plan":"back-gesture","screen":"task","participant":"K7QX3M","task":"flick","trial":1,"step":15,"steps":14}"#), receivedAt: 0)
        #expect(bad.status == 400)
        #expect(String(decoding: bad.body, as: UTF8.self) == "study progress: \"step\" 15 is past \"steps\" 14\n")
        let hostile = router.respond(to: request("POST", "/study", token: token.text, body: #"{"plan":"x","screen":"end","participant":"\u001b[2J"}"#), receivedAt: 0)
        #expect(hostile.status == 200)
        #expect(inbox.take(dueBy: 0).study == "study x · participant \\u{1b}[2J · done")
        #expect(router.respond(to: request("POST", "/study", body: task), receivedAt: 0).status == 403)
        #expect(router.respond(to: request("GET", "/study", token: token.text), receivedAt: 0).status == 405)
    }
}

/// Numbers 0, 1, 2, … from any thread.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value - 1
    }
}
