import Foundation
import Interaction
import Testing
import Traces

/// Inputs that fuzzing (`make fuzz`, Sources/Fuzz) found crashing or hanging a reader, each kept
/// with the exact error it must give now. Untrusted input gets a clear error, never a crash or a hang.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static let options = ImportOptions(created: "2000-01-01T00:00:00Z", program: "gesture-lab test")

    /// A '[' that never closes, followed by many lines: the YAML reader rescanned the whole
    /// collection at every line, time in the square of the lines (a hang on a large file).
    @Test(.timeLimit(.minutes(1)))
    func aLongUnclosedFlowListInALibinputRecordingFailsFast() {
        let recording = "version: 1\ndevices: [\n" + String(repeating: "1,\n", count: 200_000)
        #expect(throws: TraceError(file: "fuzz.yml", line: 2, problem: "'[' opened here is never closed")) {
            try LibinputRecordImporter.importTrace(bytes: Array(recording.utf8), file: "fuzz.yml", options: Self.options)
        }
    }
}
