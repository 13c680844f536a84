import Foundation
import Interaction
import Serving
import Traces

/// What `play --serve` answers to each request: the page, the phone's streamed touches, and
/// traces sent from the phone. Every request must carry the token; nothing in a request is
/// ever used as a path.
struct ServeRouter: Sendable {
    /// The secret every request must carry.
    let token: AccessToken
    /// The page served at `/`.
    let page: [UInt8]
    /// Where traces sent from the phone are saved, under names the server chooses.
    let recordFolder: String
    /// Where streamed touches go.
    let inbox: RemoteTouchInbox

    /// The longest stream name a page may give.
    static let streamNameLimit = 64

    /// The answer to `request`, received at `receivedAt` seconds on the window's clock.
    func respond(to request: HTTPRequest, receivedAt: Double) -> HTTPResponse {
        guard token.admits(request) else { return .text(403, "a valid token is required: use the URL the window printed") }
        switch (request.path, request.method) {
        case ("/", "GET"):
            return HTTPResponse(status: 200, contentType: "text/html; charset=utf-8", body: page)
        case ("/touches", "POST"):
            return receiveTouches(request, receivedAt: receivedAt)
        case ("/traces", "POST"):
            return receiveTrace(request)
        case ("/", _), ("/touches", _), ("/traces", _):
            return .text(405, "\(Escaped.text(request.method)) is not allowed on \(request.path)")
        default:
            return .text(404, "no such page: \(Escaped.text(request.path))")
        }
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
        guard inbox.put(events, stream: stream, receivedAt: receivedAt) else {
            return .text(503, "the window is not taking touches fast enough; try again")
        }
        return HTTPResponse(status: 200, contentType: "application/json", body: Array("{\"accepted\":\(events.count)}\n".utf8))
    }

    private func receiveTrace(_ request: HTTPRequest) -> HTTPResponse {
        let trace: Trace
        do {
            trace = try Trace.load(bytes: request.body, file: "sent trace")
        } catch {
            return .text(400, error.description)
        }
        do {
            let writer = try Recorder.createWriter(in: recordFolder, header: trace.header, wallClock: Date())
            for event in trace.events { try writer.append(event) }
            try writer.finish()
            inbox.say("saved the phone's trace (\(trace.events.count) events) to \(writer.path)")
            let name = (writer.path as NSString).lastPathComponent
            return HTTPResponse(status: 201, contentType: "application/json", body: Array("{\"saved\":\"\(name)\"}\n".utf8))
        } catch {
            return .text(500, "cannot save the trace: \(error)")
        }
    }
}
