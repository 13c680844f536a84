import Engine
import Foundation
import Interaction
import Testing
import Traces
@testable import Lab

/// The Android test `export-test` writes, compiled with Debian's kotlinc (Kotlin 1.3) against the
/// stand-ins in Tests/Fixtures/android-stubs (what they stand in for is in its README) and run: every
/// MotionEvent it injects is printed, and checked against the recorded events.
@Suite("Export test for Android, compiled and run against stand-ins")
struct ExportTestAndroidTests {
    static let tools = ["kotlinc", "kotlin", "javac"].compactMap(toolPath)
    static let stubs = packageRoot.appendingPathComponent("Tests/Fixtures/android-stubs")
    static let traces = ["recordings/swipe/flick-back.json", "recordings/pinch/pinch-in-small.json",
                         "recordings/swipe/three-finger-swipe-left.json", "recordings/pinch/pointer-cancel.json"]

    @Test(.enabled(if: tools.count == 3, "kotlinc, kotlin and javac are not all on PATH (Debian packages kotlin and default-jdk; make deps installs them)"))
    func theAndroidTestCompilesInjectsTheRecordedGestureAndFailsWhenTheAppDecidesOtherwise() throws {
        let folder = try temporaryFolder("export-test-android")
        defer { try? FileManager.default.removeItem(at: folder) }
        // A name no Kotlin string may break: quotes, backslashes, a template, a comment's end, a line break.
        let hostile = folder.appendingPathComponent("x\"y\\z$a${b}*").appendingPathComponent("c\nd.json")
        try FileManager.default.createDirectory(at: hostile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("recordings/swipe/flick-short.json"), to: hostile)
        let exporter = TestExporter(platform: .android)
        let exported = try Self.traces.map { try exporter.export(path: packageRoot.appendingPathComponent($0).path, name: $0) }
            + [try exporter.export(path: hostile.path, name: hostile.path)]
        let text = TestWriters.text(TestFileHeader(platform: .android, command: ["export-test"], policy: nil, traces: exported, tolerance: .standard))
        try Data(text.utf8).write(to: folder.appendingPathComponent("GestureLabReplayTest.kt"))

        let classes = folder.appendingPathComponent("classes").path, out = folder.appendingPathComponent("out").path
        let java = try FileManager.default.subpathsOfDirectory(atPath: Self.stubs.path).filter { $0.hasSuffix(".java") }.map { Self.stubs.appendingPathComponent($0).path }
        let javac = try runTool(Self.tools[2], ["-d", classes] + java, in: folder)
        #expect(javac.status == 0, "\(javac.output)")
        let kotlinc = try runTool(Self.tools[0], ["-cp", classes, "GestureLabReplayTest.kt", Self.stubs.appendingPathComponent("gesturelab/GestureLabApp.kt").path,
                                                  Self.stubs.appendingPathComponent("gesturelab/Runner.kt").path, "-d", out], in: folder)
        try #require(kotlinc.status == 0, "kotlinc: \(kotlinc.output)")

        // The app decides as the lab: every test passes. It decides the other way: every test with a release fails.
        func releases(flipped: Bool) -> String {
            exported.flatMap { trace in
                trace.gestures.enumerated().flatMap { number, gesture in
                    gesture.releases.map { release in
                        let decision = flipped ? (release.decision == .finish ? "cancel" : "finish") : release.decision.rawValue
                        return "\(escape(trace.name))\t\(number + 1)\t\(decision)\t\(release.velocity.map { String($0) } ?? "-")\n"
                    }
                }
            }.joined()
        }
        try Data(releases(flipped: false).utf8).write(to: folder.appendingPathComponent("same.txt"))
        try Data(releases(flipped: true).utf8).write(to: folder.appendingPathComponent("flipped.txt"))
        let run = try runTool(Self.tools[1], ["-Dgesturelab.releases=same.txt", "-Dgesturelab.density=2", "-cp", "\(classes):\(out)", "gesturelab.RunnerKt"], in: folder)
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("PASS ") }.count == exported.count, "\(run.output.suffix(2000))")
        #expect(lines.contains("LAUNCH \(escape(hostile.path))"))
        let flipped = try runTool(Self.tools[1], ["-Dgesturelab.releases=flipped.txt", "-cp", "\(classes):\(out)", "gesturelab.RunnerKt"], in: folder)
        #expect(flipped.output.split(separator: "\n").filter { $0.hasPrefix("FAIL ") && $0.contains("the decisions of gesture-lab") }.count == exported.count)

        // What was injected, against the recorded events: each MotionEvent at its recorded
        // millisecond, every pointer at origin (10, 20) px + 2 × its position in dp.
        let injected = lines.filter { $0.hasPrefix("INJECT ") }.map { $0.split(separator: " ").map(String.init) }
        for (index, name) in Self.traces.enumerated() {
            let trace = try Trace.load(path: packageRoot.appendingPathComponent(name).path)
            let events = injected.filter { $0[1].hasPrefix("trace\(index + 1)_") }
            let origin = trace.events[0].timestamp
            var down: [Int: Point] = [:]
            var expectedFrames = Set<String>()
            for event in trace.events {
                if event.phase.endsContact { down[event.pointerID] = nil } else { down[event.pointerID] = event.position }
                expectedFrames.insert("\(Int(((event.timestamp - origin) * 1000).rounded()))")
            }
            let downTime = Int(events.first?[4] ?? "0") ?? 0
            #expect(Set(events.map { String((Int($0[5]) ?? 0) - downTime) }) == expectedFrames, "\(name): event times")
            #expect(events.allSatisfy { $0[4] == String(downTime) }, "\(name): one down time")
            // Every recorded position appears, converted, in an event of its millisecond.
            for event in trace.events where event.phase != .cancel {
                let ms = Int(((event.timestamp - origin) * 1000).rounded())
                let x = Float(10) + Float(event.position.x) * 2, y = Float(20) + Float(event.position.y) * 2
                let found = events.contains { line in
                    (Int(line[5]) ?? 0) - downTime == ms && line.dropFirst(6).contains { field in
                        let parts = field.split(separator: ":")
                        return parts.count == 3 && Float(parts[1]) == x && Float(parts[2]) == y
                    }
                }
                #expect(found, "\(name): \(event.phase) at \(event.position) (\(ms) ms)")
            }
        }
        let actions = injected.filter { $0[1].hasPrefix("trace3_") }.map { Int($0[2]) ?? -1 }
        // Three fingers: down, pointer 1 and 2 down (index shifted into the action), moves, lifts, the last an ACTION_UP.
        #expect(actions.prefix(3) == [0, 0x105, 0x205] || Array(actions.filter { $0 != 2 }.prefix(3)) == [0, 0x105, 0x205], "\(actions.filter { $0 != 2 })")
        #expect(actions.last == 1)
        #expect(injected.filter { $0[1].hasPrefix("trace4_") }.last?[2] == "3", "a pinch cancelled: ACTION_CANCEL")
    }

    private func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\t", with: "\\t").replacingOccurrences(of: "\n", with: "\\n")
            .replacingOccurrences(of: "\r", with: "\\r")
    }
}
