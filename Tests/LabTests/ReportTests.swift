import Foundation
import Interaction
@testable import Lab
@testable import Output
import Testing
import Traces

/// The shareable report: failures first, one plot per trace, matrices per policy.
@Suite("Report")
struct ReportTests {
    static let swipe = packageRoot.appendingPathComponent("recordings/swipe").path

    @Test func failuresComeFirstWithTheirDecisionAndReason() throws {
        let paths = try TraceInputs.expand([Self.swipe])
        let data = try ReportData.gather(paths: paths, overrides: ConfigurationOverrides(policy: try PolicySpec.parse("position:threshold=0.35")), sweepAxis: nil, title: "t")
        let failed = data.orderedTraces.prefix { $0.passed == false }.map { ($0.path as NSString).lastPathComponent }
        #expect(failed == ["flick-back-touch.json", "flick-back.json", "just-short-of-half.json"])
        let html = ReportWriter.html(data)
        #expect(html.components(separatedBy: "<section class=\"trace ").count - 1 == paths.count)
        #expect(html.components(separatedBy: "<svg class=\"plot\"").count - 1 == paths.count)
        #expect(html.contains("<b>finish</b> by swipe: progress 0.49 &gt; 0.35</li>"))
        #expect(html.contains("data-policy=\"position:threshold=0.35\""))
        // Self-contained: nothing to fetch.
        #expect(!html.contains("://") && !html.contains("src=") && !html.contains("<script"))
        let markdown = ReportWriter.markdown(data)
        #expect(markdown.contains("| `position:threshold=0.35` |"))
        #expect(markdown.contains("\n## Failures\n\n- `\(Self.swipe)/flick-back-touch.json` under `position:threshold=0.35`: expected (intent) cancelled, got finished; finish: progress 0.45 > 0.35\n"))
    }

    @Test("a file name with ESC, a C1 control and bidi controls is escaped in the HTML report (title and body) and in Markdown, never written raw")
    func hostileNamesAreEscapedInEveryReportFormat() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("report-names-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let hostile = folder + "/a\u{1B}[2Jb\u{9B}c\u{202E}d\u{2066}e.json"
        try FileManager.default.copyItem(atPath: Self.swipe + "/just-past-half.json", toPath: hostile)
        let data = try ReportData.gather(paths: [hostile], overrides: ConfigurationOverrides(policy: try PolicySpec.parse("position:threshold=0.9")), sweepAxis: nil, title: "t\u{202E}itle")
        for text in [ReportWriter.html(data), ReportWriter.markdown(data)] {
            #expect(!text.unicodeScalars.contains { [0x1B, 0x9B, 0x202E, 0x2066].contains($0.value) })
            #expect(text.contains("a\\u{1b}[2Jb\\u{9b}c\\u{202e}d\\u{2066}e.json"))
        }
        #expect(ReportWriter.html(data).contains("<title>t\\u{202e}itle"))
    }

    @Test func aTraceWithoutTransitionSaysSo() throws {
        let taps = packageRoot.appendingPathComponent("recordings/swipe/taps.json").path
        let data = try ReportData.gather(paths: [taps], overrides: ConfigurationOverrides(), sweepAxis: nil, title: "t")
        #expect(ReportWriter.html(data).contains("no transition: the gesture never took hold"))
    }

    @Test func eachProvenanceGetsItsOwnRow() throws {
        let data = try ReportData.gather(paths: try TraceInputs.expand([Self.swipe]), overrides: ConfigurationOverrides(), sweepAxis: nil, title: "t")
        #expect(data.byProvenance.map(\.provenance) == ["robot", "device"])
        #expect(data.byProvenance.map { $0.matrices.first?.total } == [14, 2])
        let html = ReportWriter.html(data)
        #expect(html.contains("<table class=\"provenance\" id=\"provenance\"><tr><th>policy</th><th data-provenance=\"robot\">robot (14)</th><th data-provenance=\"device\">device (2)</th></tr><tr><th>vctransitions</th>"))
        #expect(ReportWriter.markdown(data).contains("\n### By provenance\n"))
    }

    @Test func aSpikeIsClippedAndMarkedWhileTheAxisFollowsTheCurve() throws {
        // 300 pt/s throughout but one sample at 48,000 pt/s, as a broken clock made.
        var samples: [(time: Double, progress: Double, velocity: Double?)] = (0..<40).map { (Double($0) * 0.01, Double($0) / 40, 300) }
        samples[3].velocity = 48_000
        let entry = ReportData.TraceEntry(path: "spike.json", notes: nil, controllers: "swipe", policy: try PolicySpec.parse("fling:velocity=300pt/s,position=0.4"),
                                          records: [], expected: nil, basis: "none", samples: samples, start: 0)
        let svg = ReportSVG.tracePlot(entry)
        #expect(svg.components(separatedBy: "<path class=\"clipped\"").count - 1 == 1)
        #expect(svg.contains(">1 sample beyond ±800 pt/s clipped (▲▼; up to 48000)</text>"))
        // The rule's ±300 pt/s lines keep their own labels.
        #expect(svg.contains(">v 300</text>") && svg.contains(">v -300</text>"))
    }

    @Test func labelsTooCloseAreMovedApart() {
        let spread = ReportSVG.spreadApart([(y: 104, text: "b"), (y: 100, text: "a"), (y: 150, text: "c")], gap: 11)
        #expect(spread.map(\.y) == [100, 111, 150])
        #expect(spread.map(\.text) == ["a", "b", "c"])
    }

    @Test func roundTicks() {
        #expect(NiceTicks.values(0, 1.53, count: 6) == [0, 0.5, 1, 1.5])
        #expect(NiceTicks.values(0, 1.53, count: 8) == [0, 0.2, 0.4, 0.6, 0.8, 1, 1.2, 1.4])
        #expect(NiceTicks.values(-900, 900, count: 4) == [-500, 0, 500])
        #expect(NiceTicks.values(0.05, 0.95, count: 6) == [0.2, 0.4, 0.6, 0.8])
    }

    @Test func theReportRefusesToReplaceAFileAndAnEmptyFolder() throws {
        let existing = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(getpid()).html").path
        _ = FileManager.default.createFile(atPath: existing, contents: Data("keep".utf8))
        defer { try? FileManager.default.removeItem(atPath: existing) }
        #expect(lab(["report", Self.swipe, "--out", existing]) == .badInput)
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "keep")
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("empty-\(getpid())").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: empty) }
        #expect(lab(["report", empty, "--out", existing + ".new"]) == .usage)
        #expect(lab(["check", empty]) == .usage)
        #expect(lab(["report", Self.swipe, "--out", existing + ".x", "--sweep", "threshold=0:1:0.1"]) == .usage)
    }
}

@Suite("Commands taking specs")
struct SpecCommandTests {
    static let flickShort = packageRoot.appendingPathComponent("recordings/pan/flick-short.json").path
    static let recordings = packageRoot.appendingPathComponent("recordings").path
    /// Swipes only: every labelled release there is decided as intended under flutter and the
    /// tuned rule (the edge pans are not: five never take hold under MDTransitioning's zone rule).
    static let swipes = packageRoot.appendingPathComponent("recordings/swipe").path

    @Test func traceDiffBetweenPoliciesFailsWhenADecisionDiffers() {
        #expect(lab(["trace", "diff", Self.flickShort, "--policy", "flutter", "--versus-policy", "vctransitions"]) == .failure)
        #expect(lab(["trace", "diff", Self.flickShort, "--policy", "Flutter", "--versus-policy", "fling:velocity=1/s,position=0.5,at-threshold=finish"]) == .success)
        #expect(lab(["trace", "diff", Self.flickShort, "--policy", "flutter", "--versus-policy", "flutr"]) == .usage)
    }

    @Test func checkAgainstIntentSkipsUnlabelledTracesAndCountsTheRest() {
        #expect(lab(["check", Self.swipes, "--against", "intent", "--policy", "flutter", "--failures-only"]) == .success)
        #expect(lab(["check", Self.recordings, "--against", "intent", "--policy", "flutter", "--failures-only"]) == .failure)
        #expect(lab(["check", Self.recordings, "--against", "intent", "--policy", "position:threshold=0.35", "--failures-only"]) == .failure)
        #expect(lab(["check", Self.recordings, "--against", "intnet"]) == .usage)
    }

    @Test func namesAreCaseInsensitiveAndTyposAreUsageErrors() {
        #expect(lab(["CHECK", Self.flickShort, "--against", "INTENT", "--policy", "FLUTTER"]) == .success)
        #expect(lab(["chek", Self.flickShort]) == .usage)
        #expect(lab(["check", Self.flickShort, "--polcy", "flutter"]) == .usage)
        #expect(lab(["agree", Self.recordings, "--policy", "velocity-position:finish-velocity=fast"]) == .usage)
        #expect(lab(["agree", Self.recordings, "--policy", "x", "--policy-file", "/nonexistent/rules.json"]) == .badInput)
    }

    @Test func tuneChoosesByNestedCrossValidationAndWritesANewPolicyFile() throws {
        let rules = FileManager.default.temporaryDirectory.appendingPathComponent("rules-\(getpid()).json").path
        defer { try? FileManager.default.removeItem(atPath: rules) }
        let (code, capture) = Console.capturing { lab(["tune", Self.recordings, "--out", rules, "--name", "Mine"]) }
        #expect(code == .success, "\(capture.combined)")
        let lines = capture.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "74 labelled releases from 74 traces in 6 groups by folder")
        #expect(lines.contains("held out (5 folds by folder; on each, the whole procedure chose and fitted on the other folds only):"))
        #expect(lines.contains("  tuned                     90.5% (67/74; Wilson 95% interval 81.7–95.3%)"))
        #expect(lines.contains("  compose                   89.2% (66/74; Wilson 95% interval 80.1–94.4%)"))
        #expect(lines.contains("  tuned: as good as the best preset, flutter (67/74)"))
        #expect(lines.contains("rule to ship (the same procedure on all 74 releases): flutter"))
        let named = try PolicyFile.load(path: rules)
        #expect(named.map(\.name) == ["mine"])
        #expect(named.first?.spec.canonical == "flutter")
        #expect(lab(["tune", Self.recordings, "--out", rules]) == .badInput)
        #expect(lab(["check", Self.swipes, "--against", "intent", "--policy-file", rules, "--policy", "MINE"]) == .success)
    }

    @Test func tuneOnOneGroupRefusesAHeldOutFigureAndSaysWhy() {
        let (code, capture) = Console.capturing { lab(["tune", Self.swipes]) }
        #expect(code == .success)
        #expect(capture.output.hasPrefix("16 labelled releases from 16 traces in 1 group by folder\n"))
        #expect(capture.output.contains("\nno held-out figure: the releases fall into 1 group by folder: a held-out figure needs at least 2 groups, "))
        #expect(!capture.output.contains("held out ("))
        #expect(capture.output.contains("\nrule to ship (the same procedure on all 16 releases): flutter\n"
            + "  chosen among the fixed rules by their agreement on these releases (one group: no family can be cross-validated)\n"))
        let (_, json) = Console.capturing { lab(["tune", Self.swipes, "--json"]) }
        #expect(json.output.contains(#""folds":0,"held_out":null,"held_out_interval":null,"refusal":"the releases fall into 1 group by folder"#))
    }
}
