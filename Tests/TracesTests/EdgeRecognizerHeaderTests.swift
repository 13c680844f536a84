import Engine
@testable import Interaction
import Testing
@testable import Traces

/// The edge pan's recogniser in the header: written only when named, read back, and a check may
/// name another, whatever the trace or its policy say.
@Suite("Edge recogniser in the header")
struct EdgeRecognizerHeaderTests {
    static let window = Size(width: 800, height: 600)

    @Test func aNamedRecogniserIsWrittenAndReadBackAndAnUnnamedOneIsThePolicys() throws {
        #expect(SessionConfiguration().json["edge_recognizer"] == nil)
        var configuration = SessionConfiguration(policy: .preset(.flutter))
        #expect(try SessionConfiguration(json: configuration.json, windowSize: Self.window).resolvedEdgeRecognizer == .flutterCupertino)
        configuration.edgeRecognizer = .md
        #expect(configuration.json["edge_recognizer"] == .string("md"))
        let read = try SessionConfiguration(json: configuration.json, windowSize: Self.window)
        #expect(read.edgeRecognizer == .md)
        #expect(read.resolvedEdgeRecognizer == .md)
    }

    @Test func anUnknownRecogniserIsNamedWithTheChoices() {
        do {
            _ = try SessionConfiguration(json: .object([("edge_recognizer", .string("ios"))]), windowSize: Self.window)
            Issue.record("an unknown recogniser was accepted")
        } catch {
            #expect(error.message == "\"edge_recognizer\" must be one of md, uikit-screen-edge, flutter-cupertino, android-back")
        }
    }

    @Test func checkOverridesTheRecogniserAndChangesAnOutcome() throws {
        // Down at x = 19 and recognised at 28: every reference that tests the touch-down begins
        // it, MDTransitioning's does not.
        let path = packageRoot.appendingPathComponent("recordings/edge-pan/down-at-19.json").path
        let passed = { (results: [CorpusCheck.Result]) in results.filter { if case .checked(_, let check) = $0 { check.passed } else { false } }.count }
        let swiftUI = try PolicySpec.parse("swiftui-navigation")
        #expect(passed(CorpusCheck.check(path: path, overrides: ConfigurationOverrides(policy: swiftUI), expected: nil)) == 1)
        #expect(passed(CorpusCheck.check(path: path, overrides: ConfigurationOverrides(policy: swiftUI, edgeRecognizer: .md), expected: nil)) == 0)
        #expect(passed(CorpusCheck.check(path: path, overrides: ConfigurationOverrides(edgeRecognizer: .androidBack), expected: nil)) == 4)
    }
}
