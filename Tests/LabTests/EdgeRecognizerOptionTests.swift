import Foundation
@testable import Lab
@testable import Output
import Testing

/// `--edge-recognizer` on the command line: a name the lab knows, which a check honours.
@Suite("The --edge-recognizer option")
struct EdgeRecognizerOptionTests {
    static let trace = packageRoot.appendingPathComponent("recordings/edge-pan/down-at-19.json").path

    @Test func aCheckUnderTheNamedRecogniserFailsWhereThePolicysPasses() {
        let quiet = CommandContext(capture: ConsoleCapture())
        #expect(lab(["check", Self.trace, "--policy", "flutter"], in: quiet) == .success)
        #expect(lab(["check", Self.trace, "--policy", "flutter", "--edge-recognizer", "md"], in: quiet) == .failure)
    }

    @Test func anUnknownNameIsAUsageErrorNamingTheChoices() {
        let capture = ConsoleCapture()
        #expect(lab(["check", Self.trace, "--edge-recognizer", "uikit"], in: CommandContext(capture: capture)) == .usage)
        #expect(capture.error.contains("option '--edge-recognizer' must be one of md, uikit-screen-edge, flutter-cupertino, android-back, got 'uikit'"))
    }
}
