@testable import CapturePage
import Foundation
import Interaction
@testable import Lab
@testable import Output
@testable import PolicyExport
import Testing
import Traces

@Suite("Capture page")
struct CapturePageTests {
    static let policy = "fling:velocity=300pt/s,position=0.4"

    func page(_ spec: String = Self.policy) throws -> CapturePage {
        CapturePage(policy: try PolicySpec.parse(spec), program: "gesture-lab test capture page")
    }

    @Test func thePageRunsTheRuleExportPolicyWritesForTheWeb() throws {
        let html = try page().html
        let snippet = PolicyExporter(spec: try PolicySpec.parse(Self.policy)).snippet(for: .web)
        let rule = try page().rule
        #expect(rule == """
        /** fling:velocity=300pt/s,position=0.4,at-threshold=cancel: progress 0…1, velocity in CSS pixels per second towards finishing. */
        function shouldFinish(progress, velocity) {
            const speed = velocity;
            if (Math.abs(speed) >= 300) return speed > 0;
            return progress > 0.4;
        }
        """)
        #expect(html.contains(rule))
        // The snippet is the same function, indented by two.
        #expect(snippet.contains(rule.replacingOccurrences(of: "    ", with: "  ")))
        #expect(!html.contains("/*RULE*/") && !html.contains("/*CONFIG*/"))
    }

    @Test func servedByPlayServeThePageMayConnectOnlyToItsServerAndSaysItStreams() throws {
        var served = try page()
        served.streaming = true
        let html = served.html
        #expect(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob:; connect-src 'self'\">"))
        #expect(served.configuration["stream"] == .bool(true))
        let plain = try page()
        #expect(plain.configuration["stream"] == .bool(false))
        #expect(!html.contains("/*CONNECT*/") && !plain.html.contains("/*CONNECT*/"))
        #expect(html.contains("fetch(`/touches?token=") && html.contains("fetch(`/traces?token="))
    }

    @Test func thePageLoadsNothingFromOutside() throws {
        let html = try page().html
        #expect(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob:\">"))
        for reference in ["http://", "https://", "src=", "<link", "@import", "url("] {
            #expect(!html.contains(reference), "\(reference)")
        }
        #expect(html.contains("touch-action: none") && html.contains("overscroll-behavior: none"))
        #expect(html.contains("getCoalescedEvents") && html.contains("getPredictedEvents"))
    }

    @Test func theConfigurationIsTheLabsOwn() throws {
        let configuration = try page().configuration
        #expect(configuration["format"]?.string == TraceHeader.formatName)
        #expect(configuration["version"]?.string == "1.4")
        #expect(configuration["policy"]?.string == "fling:velocity=300pt/s,position=0.4,at-threshold=cancel")
        var swipe = SessionConfiguration(policy: try PolicySpec.parse(Self.policy))
        swipe.controllers = [.swipe]
        #expect(configuration["modes"]?["swipe"] == swipe.json)
        #expect(configuration["modes"]?["pinch"]?["controllers"] == .array([.string("pinch")]))
        #expect(configuration["predictedLimit"]?.number == Double(TraceLimits.predictedSamplesPerEvent))
        #expect(configuration["ruleArguments"] == .array([]))
        #expect(try page("projected").configuration["ruleArguments"] == .array([.string("distance")]))
        #expect(try page("flutter").configuration["ruleArguments"] == .array([.string("screenWidth")]))
    }

    @Test func theSwipeRoundsProgressToSinglePrecisionOnlyUnderTheSeedThatDoes() throws {
        #expect(try page("vctransitions").configuration["singlePrecisionProgress"] == .bool(true))
        #expect(try page("position:threshold=0.5").configuration["singlePrecisionProgress"] == .bool(false))
        #expect(try page().configuration["singlePrecisionProgress"] == .bool(false))
    }

    @Test func thePageCarriesTheLabsMeasurementBeforeItsOwnScript() throws {
        let html = try page().html
        let measurement = try #require(html.range(of: "const GestureLabMeasure = (() => {"))
        let pageScript = try #require(html.range(of: "const CONFIG = "))
        #expect(measurement.upperBound < pageScript.lowerBound)
        #expect(html.contains("new GestureLabMeasure.Session(mode, CONFIG.modes[mode], window,"))
    }

    @Test func theRuleCheckHoldsTheLabsDecisions() throws {
        let rows = try page().ruleCheck
        #expect(rows.count == CapturePage.checkedProgress.count * CapturePage.checkedVelocities.count)
        // A fling of 300 pt/s finishes whatever the progress; 299 would not, at 0.4 it cancels.
        #expect(rows.contains(.array([.number(0), .number(300), .number(200), .number(800), .bool(true)])))
        #expect(rows.contains(.array([.number(0.4), .number(0), .number(200), .number(800), .bool(false)])))
        #expect(rows.contains(.array([.number(0.45), .number(0), .number(200), .number(800), .bool(true)])))
        let finishes = rows.filter { $0.array?.last == .bool(true) }.count
        #expect(finishes > 0 && finishes < rows.count)
    }

    @Test func aConfigurationCannotEndTheScript() throws {
        let html = try page().html
        let script = try #require(html.range(of: "<script>")).upperBound
        let end = try #require(html.range(of: "</script>", range: script..<html.endIndex))
        #expect(html[end.upperBound...].contains("</body>"))
        #expect(html.components(separatedBy: "</script>").count == 2)
    }

    @Test func aStudyPageCarriesThePlanAndTheRowsOfItsOrder() throws {
        let plan = try StudyPlan.load(path: packageRoot.appendingPathComponent("studies/back-gesture.json").path)
        let page = CapturePage(policy: try PolicySpec.parse(Self.policy), program: "test", study: plan)
        let study = try #require(page.configuration["study"])
        #expect(study["id"]?.string == "back-gesture")
        #expect(study["tasks"]?.array?.map { $0["id"]?.string ?? "" } == plan.tasks.map(\.id))
        #expect(study["rows"]?.array?.count == 14)
        #expect(study["rows"]?.array?.first == .array([0, 1, 6, 2, 5, 3, 4].map { .number(Double($0)) }))
        #expect(try self.page().configuration["study"] == .null)
        #expect(page.html.contains("const study = CONFIG.study ?"))
        #expect(page.html.components(separatedBy: "</script>").count == 2)
    }

    @Test func theCommandWritesAStudyPageAndNamesABadPlan() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("study-page-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("study.html").path
        let plan = packageRoot.appendingPathComponent("studies/back-gesture.json").path
        let (code, capture) = Console.capturing { lab(["capture-page", "--out", output, "--study", plan]) }
        #expect(code == .success)
        #expect(capture.output == "wrote \(output): study 'back-gesture' (7 tasks, 14 gestures a participant, 14 orders), rule vctransitions; open it on the phone that takes part\n")
        #expect(try String(contentsOfFile: output, encoding: .utf8).contains(#""study":{"id":"back-gesture""#))
        let bad = folder.appendingPathComponent("bad.json").path
        try Data(#"{"format": "gesture-lab-study", "study": "s", "tasks": [{"id": "a", "prompt": "A.", "intent": "yes"}]}"#.utf8).write(to: URL(fileURLWithPath: bad))
        let (badCode, badCapture) = Console.capturing { lab(["capture-page", "--out", output + ".2", "--study", bad]) }
        #expect(badCode == .badInput)
        #expect(badCapture.error == "gesture-lab: \(bad): tasks[0].intent: must be \"finish\" or \"cancel\", got \"yes\"\n")
        #expect(!FileManager.default.fileExists(atPath: output + ".2"))
        #expect(lab(["capture-page", "--out", output + ".3", "--study", folder.appendingPathComponent("none.json").path]) == .badInput)
    }

    @Test func theCommandWritesANewPageAndNeverOverwrites() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("capture-page-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("capture.html").path
        #expect(lab(["capture-page", "--out", output, "--policy", Self.policy]) == .success)
        let written = try String(contentsOfFile: output, encoding: .utf8)
        #expect(written == (try page().html.replacingOccurrences(of: "gesture-lab test capture page", with: "gesture-lab \(LabVersion.current) capture page")))
        #expect(lab(["capture-page", "--out", output]) == .badInput)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == written)
        #expect(lab(["capture-page", "--out", output, "--force"]) == .success)
        #expect(try String(contentsOfFile: output, encoding: .utf8).contains("return progress > 0.5;"))
        #expect(lab(["capture-page"]) == .usage)
        #expect(lab(["capture-page", "--out", output, "--policy", "nope"]) == .usage)
    }
}
