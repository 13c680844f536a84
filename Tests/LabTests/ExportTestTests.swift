import Engine
import Foundation
import Interaction
@testable import Lab
@testable import Output
import Testing
import Traces

/// `export-test`: the tests it writes for each platform, pinned by golden files
/// (`GESTURE_LAB_UPDATE_GOLDEN=1` rewrites them on purpose; review with git diff), their numbers
/// against the traces, names from files that cannot break out of their literals, and bad input.
@Suite("Export test")
struct ExportTestTests {
    static let folder = packageRoot.appendingPathComponent("Tests/LabTests/Golden/export-test")
    /// A flick, a hold and a two-finger pinch: what every platform can express.
    static let goldenTraces = ["recordings/swipe/flick-short.json", "recordings/swipe/hold-then-release.json", "recordings/pinch/pinch-in-fast.json"]
    static let extensions: [TestPlatform: String] = [.flutter: "dart", .android: "kt", .web: "py", .uikit: "swift"]

    @Test(arguments: TestPlatform.allCases)
    func everyPlatformsTestMatchesItsGolden(_ platform: TestPlatform) throws {
        let text = try exportedTest(platform, Self.goldenTraces).text
        let file = Self.folder.appendingPathComponent("\(platform.rawValue).\(Self.extensions[platform] ?? "txt")")
        if ProcessInfo.processInfo.environment["GESTURE_LAB_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
            return
        }
        #expect(text == (try String(contentsOf: file, encoding: .utf8)), "\(file.lastPathComponent)")
    }

    @Test func eachGestureCarriesTheRecordedTimesAndPositionsAndTheLabsDecision() throws {
        let trace = try Trace.load(path: packageRoot.appendingPathComponent("recordings/swipe/flick-short.json").path)
        let origin = trace.events[0].timestamp
        let flutter = try exportedTest(.flutter, ["recordings/swipe/flick-short.json"], policy: "flutter")
        // Every event: microseconds from the first, finger 1, logical pixels = points.
        for event in trace.events {
            let micros = Int(((event.timestamp - origin) * 1_000_000).rounded())
            #expect(flutter.text.contains("      _Event(\(micros), 1, _\(event.phase.rawValue), \(CodeLanguage.dart.number(event.position.x)), \(CodeLanguage.dart.number(event.position.y))),"))
        }
        // The lab's own replay decides: flutter's fling of 1 screen/s finishes this flick (check says so too).
        let records = HeadlessReplay.run(trace.events, configuration: try { var c = trace.header.configuration; c.policy = .preset(.flutter); return try c.resolve() }())
        #expect(records.map(\.decision) == [.finish])
        let velocity = try #require(records.first?.velocityAtRelease)
        #expect(flutter.traces[0].gestures[0].releases == [ExpectedRelease(decision: .finish, velocity: velocity, progress: records[0].progressAtRelease,
                                                                           reason: records[0].reason, controller: .swipe)])
        #expect(flutter.text.contains("], [(decision: 'finish', velocity: \(CodeLanguage.dart.number(velocity)))]),"))
        #expect(flutter.text.contains("max(50 pt/s, 10 % of the lab's)"))
        // Android: milliseconds, MotionEvent actions, dp.
        let android = try exportedTest(.android, ["recordings/swipe/flick-short.json"]).text
        #expect(android.contains("            0 DOWN 0:300:300\n"))
        #expect(android.contains(" UP 0:380:300\n"))
    }

    @Test func multiTouchKeepsPointerIDsAndShiftsThePointerIndexIntoTheAction() throws {
        let events = [
            PointerEvent(pointerID: 7, kind: .touch, phase: .down, position: Point(x: 100, y: 100), timestamp: 0),
            PointerEvent(pointerID: 9, kind: .touch, phase: .down, position: Point(x: 300, y: 100), timestamp: 0.010),
            PointerEvent(pointerID: 7, kind: .touch, phase: .move, position: Point(x: 110, y: 100), timestamp: 0.020),
            PointerEvent(pointerID: 9, kind: .touch, phase: .move, position: Point(x: 290, y: 100), timestamp: 0.020),
            PointerEvent(pointerID: 7, kind: .touch, phase: .up, position: Point(x: 110, y: 100), timestamp: 0.030),
            PointerEvent(pointerID: 9, kind: .touch, phase: .cancel, position: Point(x: 290, y: 100), timestamp: 0.040),
        ]
        #expect(AndroidTestWriter.motionEvents(events) == [
            "0 DOWN 0:100:100", "10 POINTER_DOWN@1 0:100:100 1:300:100", "20 MOVE 0:110:100 1:290:100",
            "30 POINTER_UP@0 0:110:100 1:290:100", "40 CANCEL 1:290:100",
        ])
        let touches = PlaywrightTestWriter.dispatches(events).map { "\($0.micros) \($0.type) \($0.touches.map { "\($0.id)@\($0.x)" })" }
        #expect(touches == ["0 touchStart [\"0@100.0\"]", "10000 touchStart [\"0@100.0\", \"1@300.0\"]", "20000 touchMove [\"0@110.0\", \"1@290.0\"]",
                            "30000 touchEnd [\"0@110.0\"]", "40000 touchCancel []"])
    }

    @Test func flutterDeclaresExactlyThePhasesItsDataUses() throws {
        // An unused private constant is a Dart analyzer warning (unused_element): each phase's
        // alias is declared when, and only when, an event of that phase is in the data.
        for traces in [["recordings/swipe/flick-short.json"], ["recordings/swipe/pointer-cancel.json"], Self.goldenTraces] {
            let text = try exportedTest(.flutter, traces).text
            for phase in PointerPhase.allCases {
                #expect(text.contains("_\(phase.rawValue) = _Phase.\(phase.rawValue)") == text.contains(", _\(phase.rawValue), "), "\(traces): \(phase)")
            }
        }
        #expect(try exportedTest(.flutter, ["recordings/swipe/pointer-cancel.json"]).text.contains("_cancel = _Phase.cancel"))
    }

    @Test func anXCUITestPinchAssertsTheDecisionButNotTheVelocity() throws {
        // XCTest chooses the pinch's finger spread, so the span velocity the app sees is not the recording's.
        let exported = try exportedTest(.uikit, ["recordings/pinch/pinch-in-fast.json", "recordings/swipe/flick-short.json"])
        #expect(exported.traces[0].gestures[0].releases.map(\.velocity) == [nil])
        #expect(exported.text.contains("[GestureLabRelease(\"finish\", nil)]"))
        let flick = try #require(exported.traces[1].gestures[0].releases.first?.velocity)
        #expect(exported.text.contains("[GestureLabRelease(\"cancel\", \(DecimalFormat.string(flick, decimals: 6)))]"))
    }

    @Test func namesFromFilesAreLiteralsThatMeanExactlyThem() throws {
        let hostile = "a\"b\\c$d${e}*/f\n\\(g)'h\u{2028}i\u{202E}j\tk'''.json"
        for language in [CodeLanguage.dart, .kotlin, .python, .swift] {
            let literal = language.stringLiteral(hostile)
            #expect(!literal.dropFirst().dropLast().contains("\n") && !literal.contains("\u{2028}") && !literal.contains("\u{202E}"))
        }
        #expect(CodeLanguage.dart.stringLiteral(hostile) == #""a\"b\\c\$d\${e}*/f\n\\(g)'h\u{2028}i\u{202E}j\tk'''.json""#)
        #expect(CodeLanguage.kotlin.stringLiteral("$x \u{1F600}\u{7}") == #""\$x 😀\u0007""#)
        #expect(CodeLanguage.commentText("x */\ny\u{2028}") == #"x */\u{A}y\u{2028}"#)

        // The literals, read back by the languages' own tools: Python and Swift.
        let folder = try temporaryFolder("export-test-names")
        defer { try? FileManager.default.removeItem(at: folder) }
        // A folder ending in `*` puts a block comment's end, `*/`, into the path.
        let trace = folder.appendingPathComponent("d${e}*").appendingPathComponent(hostile.replacingOccurrences(of: "*/", with: "*"))
        try FileManager.default.createDirectory(at: trace.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("recordings/swipe/flick-short.json"), to: trace)
        let exporter = TestExporter(platform: .web)
        let exported = try exporter.export(path: trace.path, name: trace.path)
        let web = TestWriters.text(TestFileHeader(platform: .web, command: ["export-test", trace.path], policy: nil, traces: [exported], tolerance: .standard))
        let test = folder.appendingPathComponent("test_names.py")
        try Data(web.utf8).write(to: test)
        if let python = toolPath("python3") {
            let check = "import ast,sys\ntree=ast.parse(open(sys.argv[1]).read())\nnames=[n.value for n in ast.walk(tree) if isinstance(n,ast.keyword) and n.arg=='name' for n in [n.value] if isinstance(n,ast.Constant)]\nsys.stdout.write(repr(names))"
            let result = try runTool(python, ["-c", check, test.path], in: folder)
            #expect(result.status == 0)
            #expect(result.output == "[\(pythonRepr(trace.path))]", "\(result.output)")
        }
        if let swiftc = toolPath("swiftc") {
            let program = folder.appendingPathComponent("names.swift")
            try Data("print(\(CodeLanguage.swift.stringLiteral(trace.path)), terminator: \"\")\n".utf8).write(to: program)
            let built = try runTool(swiftc, ["-o", folder.appendingPathComponent("names").path, program.path], in: folder)
            #expect(built.status == 0, "\(built.output)")
            #expect(try runTool(folder.appendingPathComponent("names").path, [], in: folder).output == trace.path)
            // The whole XCUITest, this name and a drag, a press and a pinch in it, type-checks against
            // stand-ins with XCUITest's signatures (Tests/Fixtures/xcuitest-stubs: no Apple SDK here to build it for real).
            let exporter = TestExporter(platform: .uikit)
            let tap = folder.appendingPathComponent("tap.json")
            try Data("""
            [
            {"format":"gesture-lab-trace","version":"1.3","window":{"width":400,"height":300}},
            {"t":0,"id":1,"kind":"touch","phase":"down","x":10,"y":10},
            {"t":0.08,"id":1,"kind":"touch","phase":"up","x":10,"y":10}
            ]

            """.utf8).write(to: tap)
            let traces = try [exporter.export(path: trace.path, name: trace.path), exporter.export(path: tap.path, name: "tap.json")]
                + ["recordings/swipe/just-past-half.json", "recordings/pinch/pinch-in-fast.json"].map {
                    try exporter.export(path: packageRoot.appendingPathComponent($0).path, name: $0)
                }
            let uikit = TestWriters.text(TestFileHeader(platform: .uikit, command: ["export-test"], policy: nil, traces: traces, tolerance: .standard))
            #expect(uikit.contains("        point(element, ") && uikit.contains(").press(forDuration: "))
            let file = folder.appendingPathComponent("GestureLabReplayTests.swift")
            try Data(uikit.utf8).write(to: file)
            let checked = try runTool(swiftc, ["-typecheck", file.path, packageRoot.appendingPathComponent("Tests/Fixtures/xcuitest-stubs/XCUIStandIns.swift").path], in: folder)
            #expect(checked.status == 0, "\(checked.output)")
        }
    }

    /// Python's repr of a str, as the check above prints it.
    private func pythonRepr(_ text: String) -> String {
        var result = "'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "'": result += "\\'"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\u{202E}": result += "\\u202e"
            case "\u{2028}": result += "\\u2028"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "'"
    }

    @Test func badInputGetsItsFileItsEventAndAnExitCode() throws {
        let folder = try temporaryFolder("export-test-bad")
        defer { try? FileManager.default.removeItem(at: folder) }
        let capture = ConsoleCapture()
        let context = CommandContext(capture: capture, root: folder.path)
        let flick = packageRoot.appendingPathComponent("recordings/swipe/flick-back.json").path
        #expect(lab(["export-test", flick, "--for", "winforms", "--out", "t.kt"], in: context) == .usage)
        #expect(lab(["export-test", flick, "--out", "t.kt"], in: context) == .usage)
        #expect(lab(["export-test", flick, "--for", "android"], in: context) == .usage)
        #expect(lab(["export-test", "missing.json", "--for", "android", "--out", "t.kt"], in: context) == .usage)
        try Data("[\n{\"format\":\"gesture-lab-trace\",\"version\":\"1.0\"},\n{\"t\":0,\"id\":0,\"kind\":\"touch\",\"phase\":\"move\",\"x\":1,\"y\":2}\n]\n".utf8)
            .write(to: folder.appendingPathComponent("broken.json"))
        #expect(lab(["export-test", "broken.json", "--for", "web", "--out", "t.py"], in: context) == .badInput)
        #expect(capture.error.contains("broken.json"))
        #expect(lab(["export-test", flick, "--for", "android", "--out", "t.kt"], in: context) == .success)
        #expect(lab(["export-test", flick, "--for", "android", "--out", "t.kt"], in: context) == .badInput)
        #expect(lab(["export-test", flick, "--for", "android", "--out", "t.kt", "--force"], in: context) == .success)
        // XCTest drags one way: a flick back is refused, with its file and event, and nothing is written.
        let before = capture.error.count
        #expect(lab(["export-test", flick, "--for", "uikit", "--out", "t.swift"], in: context) == .badInput)
        #expect(String(capture.error.dropFirst(before)).contains("\(flick): event 18: the finger is moving back at its lift"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("t.swift").path))
        // A browser's viewport gets no touch outside it; touchcancel cancels every finger.
        try Data("""
        [
        {"format":"gesture-lab-trace","version":"1.3","window":{"width":400,"height":300},"config":{"controllers":["pinch"]}},
        {"t":0,"id":1,"kind":"touch","phase":"down","x":10,"y":10},
        {"t":0.01,"id":2,"kind":"touch","phase":"down","x":390,"y":10},
        {"t":0.02,"id":2,"kind":"touch","phase":"move","x":420,"y":10},
        {"t":0.03,"id":1,"kind":"touch","phase":"cancel","x":10,"y":10},
        {"t":0.04,"id":2,"kind":"touch","phase":"up","x":380,"y":10}
        ]

        """.utf8).write(to: folder.appendingPathComponent("odd.json"))
        let start = capture.error.count
        #expect(lab(["export-test", "odd.json", "--for", "web", "--out", "t.py"], in: context) == .badInput)
        let errors = String(capture.error.dropFirst(start))
        #expect(errors.contains("odd.json: event 2: pointer 2 at (420, 10) is outside the trace's 400×300 window"))
        #expect(errors.contains("odd.json: event 3: pointer 1 is cancelled while 1 other(s) stay down"))
        #expect(lab(["export-test", "odd.json", "--for", "android", "--out", "odd.kt"], in: context) == .success)
    }
}
