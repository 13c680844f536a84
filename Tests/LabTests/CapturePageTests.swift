import Foundation
import Interaction
import Testing
import Traces
@testable import Lab

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
