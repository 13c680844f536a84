import Foundation
import Interaction
@testable import Lab
@testable import PolicyExport
import Testing

/// Every preset and one custom rule exported for every platform, pinned by golden files
/// (`GESTURE_LAB_UPDATE_GOLDEN=1` rewrites them on purpose; review with git diff).
@Suite("Policy export")
struct PolicyExportTests {
    static let folder = packageRoot.appendingPathComponent("Tests/LabTests/Golden/policies")
    /// The custom rule of the goldens: a fling in points per second that finishes at the threshold.
    static let custom = "fling:velocity=300pt/s,position=0.4,at-threshold=finish"
    static let rules: [(name: String, spec: String)] = PolicySpec.presets.map { ($0.canonical, $0.canonical) }
        + [("custom", custom), ("tuned", "velocity-position:finish-velocity=650,position=0.5,cancel-velocity=-200")]

    @Test(arguments: PolicyExporter.Platform.allCases)
    func everyRuleMatchesItsGolden(_ platform: PolicyExporter.Platform) throws {
        for rule in Self.rules {
            let snippet = PolicyExporter(spec: try PolicySpec.parse(rule.spec)).snippet(for: platform)
            let file = Self.folder.appendingPathComponent("\(platform.rawValue)-\(rule.name).txt")
            if ProcessInfo.processInfo.environment["GESTURE_LAB_UPDATE_GOLDEN"] == "1" {
                try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
                try Data(snippet.utf8).write(to: file)
                continue
            }
            #expect(snippet == (try String(contentsOf: file, encoding: .utf8)), "\(file.lastPathComponent)")
        }
    }

    @Test func theDecisionIsTheRuleInEachLanguage() throws {
        let fling = PolicyExporter(spec: try PolicySpec.parse(Self.custom))
        let flutter = fling.snippet(for: .flutter)
        #expect(flutter.contains("  if (speed.abs() >= 300.0) return speed > 0.0;\n  return progress >= 0.4;\n"))
        #expect(flutter.contains("DragEndDetails.velocity is in logical pixels per second"))
        let compose = fling.snippet(for: .compose)
        #expect(compose.contains("    if (abs(speed) >= 300.0) return speed > 0.0\n    return progress >= 0.4\n"))
        #expect(compose.contains("val velocityDp = velocityPxPerSecond.toDouble() / density"))
        let projected = PolicyExporter(spec: .preset(.projected)).snippet(for: .uikit)
        #expect(projected.contains("        if velocity < -200 { return false }\n        let projected = progress + (velocity / distance / 1000) * 0.998 / (1 - 0.998)\n        return projected > 0.5\n"))
        let screens = PolicyExporter(spec: .preset(.flutter)).snippet(for: .android)
        #expect(screens.contains("fun shouldFinish(progress: Double, velocity: Double, screenWidth: Double): Boolean {\n    val speed = velocity / screenWidth\n"))
        #expect(screens.contains("return shouldFinish(progress.toDouble(), velocityDp, screenWidthDp)"))
        let web = fling.snippet(for: .web)
        #expect(web.contains("function shouldFinish(progress, velocity) {\n  const speed = velocity;\n  if (Math.abs(speed) >= 300) return speed > 0;\n  return progress >= 0.4;\n}\n"))
        #expect(PolicyExporter(spec: .preset(.projected)).snippet(for: .web).contains("function shouldFinish(progress, velocity, distance) {"))
    }

    @Test func exportPolicyTakesSpecsAndRuleNamesAndRefusesBadOnes() {
        #expect(lab(["export-policy", "position:threshold=0.35", "--for", "android", "--out", "/dev/null"]) == .badInput)
        #expect(lab(["export-policy", "position:treshold=0.35", "--for", "uikit"]) == .usage)
        #expect(lab(["export-policy", "flutter", "--for", "winforms"]) == .usage)
        #expect(lab(["export-policy", "flutter"]) == .usage)
    }
}
