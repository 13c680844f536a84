import Engine
import Foundation
import Interaction
@testable import Lab
@testable import Output
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

    /// A new temporary folder holding `still.json`: the demo's set-up, a mouse pressed at 0 s and
    /// released without moving at `release` s (nothing takes hold, so the replay ends there),
    /// and `taken`, a file where `render` would make its folder.
    static func stillPressFolder(release: Double) throws -> (folder: String, trace: String, out: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("render-limit-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let header = try Trace.load(path: OutputFileTests.demo).header
        let trace = folder + "/still.json"
        try TraceWriter.write(Trace(header: header, events: [
            PointerEvent(pointerID: 0, kind: .mouse, phase: .down, position: Point(x: 100, y: 300), timestamp: 0),
            PointerEvent(pointerID: 0, kind: .mouse, phase: .up, position: Point(x: 100, y: 300), timestamp: release),
        ]), to: trace)
        let out = folder + "/taken"
        try Data().write(to: URL(fileURLWithPath: out))
        return (folder, trace, out)
    }

    /// `render` of a still press of `release` s at 1 fps with `options`: its exit code and what it printed.
    static func renderStillPress(release: Double, options: [String] = []) throws -> (code: ExitCode, output: String, trace: String, out: String) {
        let (folder, trace, out) = try stillPressFolder(release: release)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (code, output) = InjectionTests.captured(["render", trace, "--out", out, "--fps", "1"] + options)
        return (code, String(decoding: output, as: UTF8.self), trace, out)
    }

    @Test("3,600 frames are within the default limit (what stops them is the output folder); 3,601 are refused before it is made")
    func defaultLimitAndOnePast() throws {
        #expect(RenderCommand.defaultMaximumFrames == 3600)
        // 3599 s at 1 fps, both ends: 3600 frames.
        let atLimit = try Self.renderStillPress(release: 3599)
        #expect(atLimit.code == .badInput)
        #expect(atLimit.output.hasPrefix("gesture-lab: \(atLimit.out): cannot create the folder: "))
        let past = try Self.renderStillPress(release: 3599.001)
        #expect(past.code == .badInput)
        #expect(past.output == "gesture-lab: \(past.trace): 3601 frames at 1 fps for 3599.00 s of replay is more than --max-frames 3600; lower --fps or raise --max-frames\n")
    }

    @Test("--max-frames takes 2 to 100,000; 100,000 frames are within --max-frames 100000, 100,001 are refused")
    func maxFramesAtTheCeilingAndOnePast() throws {
        #expect(RenderCommand.maximumFramesCeiling == 100_000)
        let atLimit = try Self.renderStillPress(release: 99_999, options: ["--max-frames", "100000"])
        #expect(atLimit.code == .badInput)
        #expect(atLimit.output.hasPrefix("gesture-lab: \(atLimit.out): cannot create the folder: "))
        let past = try Self.renderStillPress(release: 99_999.001, options: ["--max-frames", "100000"])
        #expect(past.output == "gesture-lab: \(past.trace): 100001 frames at 1 fps for 99999.00 s of replay is more than --max-frames 100000; lower --fps or raise --max-frames\n")
        // 1 s at 1 fps: 2 frames.
        let (_, trace, out) = try Self.stillPressFolder(release: 1)
        defer { try? FileManager.default.removeItem(atPath: (trace as NSString).deletingLastPathComponent) }
        for (value, code) in [("2", ExitCode.badInput), ("100000", .badInput), ("1", .usage), ("100001", .usage)] {
            let (exit, output) = InjectionTests.captured(["render", trace, "--out", out, "--fps", "1", "--max-frames", value])
            #expect(exit == code, "--max-frames \(value)")
            let text = String(decoding: output, as: UTF8.self)
            #expect(text.hasPrefix(code == .usage ? "gesture-lab: option '--max-frames' needs a whole number in 2…100000, got '\(value)'\n"
                                                  : "gesture-lab: \(out): cannot create the folder: "), "--max-frames \(value): \(text)")
        }
    }
}
