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

    /// Invalid UTF-8 in an event's "kind" (fuzz target chunked): read whole, the fast path took
    /// the line and said the kind was unknown; read in small chunks, the general parser said the
    /// string was not UTF-8. One message now, however the file is read.
    @Test func invalidUTF8InAnEventGivesOneMessageWhateverTheChunkSize() {
        let header = #"{"format":"gesture-lab-trace","version":"1.0","window":{"width":800,"height":600}}"#
        let bytes = Array(("[\n" + header + ",\n" + #"{"t":0,"id":1,"kind":"touch","phase":"down","x":1,"y":1}"# + ",\n").utf8)
            + Array(#"{"t":0.2,"id":1,"kind":"tou"#.utf8) + [0xA3] + Array(#"h","phase":"up","x":340,"y":300}"#.utf8) + Array("\n]\n".utf8)
        let expected = TraceError(file: "fuzz.json", line: 4, eventIndex: 1, problem: "a string is not valid UTF-8")
        #expect(throws: expected) { try Trace.load(bytes: bytes, file: "fuzz.json") }
        for chunkSize in [1, 2, 7, 64] {
            #expect(throws: expected) { try Trace.load(bytes: bytes, chunkSize: chunkSize, file: "fuzz.json") }
        }
    }
}
