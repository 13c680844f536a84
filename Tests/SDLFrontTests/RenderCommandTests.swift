import Engine
import Foundation
import Interaction
@testable import SDLFront
import Testing
import Traces

/// `render TRACE`: its frame limit counts every completion, and says why one is slow.
@Suite("Render's frame limit", .serialized)
struct RenderCommandTests {
    /// The demo's set-up (swipe, vctransitions, 200 pt swipe distance) with a drag to progress
    /// 0.99 whose touch is then cancelled: a 34.65 s cancel at speed 1 − 0.99.
    static func slowCancelTrace() throws -> String {
        let header = try Trace.load(path: OutputFileTests.demo).header
        var events = [PointerEvent(pointerID: 0, kind: .mouse, phase: .down, position: Point(x: 100, y: 300), timestamp: 0)]
        for step in 1...22 {
            events.append(PointerEvent(pointerID: 0, kind: .mouse, phase: .move, position: Point(x: 100 + 9 * Double(step), y: 300),
                                       timestamp: 0.016 * Double(step)))
        }
        events.append(PointerEvent(pointerID: 0, kind: .mouse, phase: .cancel, position: Point(x: 298, y: 300), timestamp: 0.368))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("slow-cancel-\(UUID().uuidString).json").path
        try TraceWriter.write(Trace(header: header, events: events), to: path)
        return path
    }

    @Test func aSlowCompletionCountsTowardsTheLimitAndIsExplained() throws {
        let trace = try Self.slowCancelTrace()
        defer { unlink(trace) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("slow-frames-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (code, output) = InjectionTests.captured(["render", trace, "--out", folder, "--fps", "10", "--max-frames", "300"])
        #expect(code == .badInput)
        // 0.368 s of gesture and 34.65 s of cancel: 35.018 s, 352 frames at 10 fps (both ends).
        let message = "gesture-lab: \(trace): 352 frames at 10 fps for 35.02 s of replay (slow: vctransitions speed 1 − p = 0.01 → 34.65 s, not 0.35 s) is more than --max-frames 300; lower --fps or raise --max-frames"
        #expect(String(decoding: output, as: UTF8.self) == message + "\n")
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    @Test func maxFramesIsBounded() {
        #expect(GestureLab.run(["render", OutputFileTests.demo, "--out", "/tmp/never", "--max-frames", "100001"]) == .usage)
        #expect(GestureLab.run(["render", OutputFileTests.demo, "--out", "/tmp/never", "--max-frames", "1"]) == .usage)
    }
}
