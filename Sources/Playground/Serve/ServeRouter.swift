import FoundationEssentials
import Glibc
import Interaction
import Plumbing
import Serving
import Traces

/// What `play --serve` answers to each request: the page, the phone's streamed touches, traces
/// sent from the phone, and where the phone's study is. Every request must carry the token; nothing in a request is
/// ever used as a path.
package struct ServeRouter: Sendable {
    /// The secret every request must carry.
    let token: AccessToken
    /// The page served at `/`.
    let page: [UInt8]
    /// Where traces sent from the phone are saved, under names the server chooses.
    let recordFolder: String
    /// Where streamed touches go.
    let inbox: RemoteTouchInbox
    /// Creates a new trace file in a folder with a header (``Recorder/createWriter(in:header:wallClock:)``
    /// at the wall clock's time; tests give one that fails as a full disk does).
    var createTraceFile: @Sendable (String, TraceHeader) throws -> TraceWriter

    /// A router answering with `token`, serving `page`, saving traces into `recordFolder` (named
    /// by `wallClock`'s time) and streamed touches into `inbox`.
    package init(token: AccessToken, page: [UInt8], recordFolder: String, inbox: RemoteTouchInbox, wallClock: any WallClock = SystemWallClock()) {
        self.token = token
        self.page = page
        self.recordFolder = recordFolder
        self.inbox = inbox
        createTraceFile = { folder, header in try Recorder.createWriter(in: folder, header: header, wallClock: wallClock.now()) }
    }

    /// The longest stream name a page may give.
    static let streamNameLimit = 64

    /// The answer to `request`, received at `receivedAt` seconds on the window's clock.
    func respond(to request: HTTPRequest, receivedAt: Double) -> HTTPResponse {
        if let refusal = refusal(of: request) { return refusal }
        switch (request.path, request.method) {
        case ("/", "GET"):
            return HTTPResponse(status: 200, contentType: "text/html; charset=utf-8", body: page)
        case ("/touches", "POST"):
            return receiveTouches(request, receivedAt: receivedAt)
        case ("/traces", "POST"):
            return receiveTrace(request)
        case ("/study", "POST"):
            return receiveStudyProgress(request)
        case ("/", _), ("/touches", _), ("/traces", _), ("/study", _):
            return .text(405, "\(Escaped.text(request.method)) is not allowed on \(request.path)")
        default:
            return .text(404, "no such page: \(Escaped.text(request.path))")
        }
    }

    /// The `403` for a request (or a request's head, before its body) without the token; nil
    /// when it has it.
    func refusal(of request: some HTTPRequestFields) -> HTTPResponse? {
        token.admits(request) ? nil : .text(403, "a valid token is required: use the URL the window printed")
    }

    private func receiveTouches(_ request: HTTPRequest, receivedAt: Double) -> HTTPResponse {
        let stream = request.queryValue("stream") ?? ""
        guard stream.utf8.count <= Self.streamNameLimit else {
            return .text(400, "the stream name is longer than \(Self.streamNameLimit) bytes")
        }
        let events: [PointerEvent]
        do {
            events = try EventBatch.parse(request.body, file: "touch batch")
        } catch {
            return .text(400, error.description)
        }
        switch inbox.put(events, stream: stream, receivedAt: receivedAt) {
        case .accepted:
            break
        case .full:
            return .text(503, "the window is not taking touches fast enough; try again")
        case .tooManyPointers(let index):
            return .text(400, "touch batch: event \(index): more than \(PointerSequenceChecker.maximumSimultaneousPointers) pointers down at once")
        }
        return HTTPResponse(status: 200, contentType: "application/json", body: Array("{\"accepted\":\(events.count)}\n".utf8))
    }

    /// Where the phone's study is: shown on the window's HUD.
    private func receiveStudyProgress(_ request: HTTPRequest) -> HTTPResponse {
        do {
            let progress = try StudyProgress.parse(request.body, source: "study progress")
            inbox.setStudy(progress.text)
            return HTTPResponse(status: 200, contentType: "application/json", body: Array("{\"shown\":true}\n".utf8))
        } catch {
            return .text(400, error.description)
        }
    }

    private func receiveTrace(_ request: HTTPRequest) -> HTTPResponse {
        let trace: Trace
        do {
            trace = try Trace.load(bytes: request.body, file: "sent trace")
        } catch {
            return .text(400, error.description)
        }
        var writer: TraceWriter?
        do {
            let created = try createTraceFile(recordFolder, trace.header)
            writer = created
            for event in trace.events { try created.append(event) }
            try created.finish()
            inbox.saySaved("saved the phone's trace (\(trace.events.count) events) to \(created.path)")
            let name = PathName.lastComponent(created.path)
            return HTTPResponse(status: 201, contentType: "application/json", body: Array("{\"saved\":\"\(name)\"}\n".utf8))
        } catch {
            // Half a trace is not a trace: nothing of a failed save stays in the folder.
            writer?.discard()
            let outOfSpace = (error as? TraceWriteError)?.isOutOfSpace ?? false
            inbox.sayCannotSave("cannot save the phone's trace (\(trace.events.count) events): \(error)")
            return .text(outOfSpace ? 507 : 500, "cannot save the trace: \(error)")
        }
    }
}
