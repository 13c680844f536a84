import Foundation
import Interaction
import Testing
import Traces

/// A trace is untrusted input: every kind of bad file gets a specific error naming the file,
/// the line and, where there is one, the event — never a crash.
@Suite("Bad traces")
struct BadTraceTests {
    static let header = #"{"format":"gesture-lab-trace","version":"1.0","window":{"width":800,"height":600}}"#

    func load(_ text: String) throws -> Trace {
        try Trace.load(bytes: Array(text.utf8), file: "bad.json")
    }

    func expectError(_ text: String, line: Int?, event: Int? = nil, _ problem: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: TraceError(file: "bad.json", line: line, eventIndex: event, problem: problem), sourceLocation: sourceLocation) {
            try load(text)
        }
    }

    func withHeader(_ events: String...) -> String {
        "[" + Self.header + events.map { ",\n" + $0 }.joined() + "\n]\n"
    }

    @Test func anEmptyFile() {
        expectError("", line: 1, "the file is empty")
        expectError("  \n\n", line: 3, "the file is empty")
    }

    @Test func binaryGarbage() {
        #expect(throws: TraceError(file: "bad.json", line: 1, problem: "a trace must be a JSON array starting with '[', found byte 0x0 (a recording from another tool can be converted with 'gesture-lab import'; the format is described in docs/trace-format.md)")) {
            try Trace.load(bytes: [0x00, 0xFF, 0xFE, 0x12, 0x80], file: "bad.json")
        }
    }

    @Test func aByteOrderMark() {
        #expect(throws: TraceError(file: "bad.json", line: 1, problem: "the file starts with a UTF-8 byte order mark; save it without one")) {
            try Trace.load(bytes: [0xEF, 0xBB, 0xBF] + Array(withHeader().utf8), file: "bad.json")
        }
    }

    @Test func notJSON() {
        expectError("hello, world", line: 1, "a trace must be a JSON array starting with '[', found 'h' (a recording from another tool can be converted with 'gesture-lab import'; the format is described in docs/trace-format.md)")
    }

    @Test func jsonOfTheWrongShape() {
        expectError(#"{"events":[]}"#, line: 1, "a trace must be a JSON array starting with '[', found '{' (a recording from another tool can be converted with 'gesture-lab import'; the format is described in docs/trace-format.md)")
        expectError("[1, 2, 3]", line: 1, "the first element must be the header object, found a number")
    }

    @Test func aMissingHeader() {
        expectError("[]", line: 1, "the trace has no header (the array is empty)")
        expectError(#"[{"t":0,"id":0,"kind":"mouse","phase":"down","x":1,"y":1}]"#, line: 1,
                    "the header's \"format\" must be \"gesture-lab-trace\" (is this a gesture-lab trace? a recording from another tool can be converted with 'gesture-lab import'; the format is described in docs/trace-format.md)")
        expectError(#"[{"format":"gesture-lab-trace","version":"1.0"}]"#, line: 1,
                    "the header needs a \"window\" object with \"width\" and \"height\" in points")
    }

    @Test func aMajorVersionFromTheFuture() {
        expectError(#"[{"format":"gesture-lab-trace","version":"7.2","window":{"width":800,"height":600}}]"#, line: 1,
                    "trace format version 7.2 is newer than this program reads (1.x); update gesture-lab")
    }

    @Test func wrongTypes() {
        expectError(withHeader(#"{"t":"soon","id":0,"kind":"mouse","phase":"down","x":1,"y":1}"#), line: 2, event: 0,
                    "\"t\" must be a number, found \"soon\"")
        expectError(withHeader(#"{"t":0,"id":[0],"kind":"mouse","phase":"down","x":1,"y":1}"#), line: 2, event: 0,
                    "\"id\" must be a number, found an array")
        expectError(withHeader(#"{"t":0,"id":0,"kind":3,"phase":"down","x":1,"y":1}"#), line: 2, event: 0,
                    "\"kind\" must be one of mouse, touch, pen, found a number")
        expectError(withHeader(#"{"t":0,"id":0,"kind":"mouse","phase":"hover","x":1,"y":1}"#), line: 2, event: 0,
                    "\"phase\" must be one of down, move, up, cancel, found \"hover\"")
        expectError(withHeader(#"{"t":0,"id":0.5,"kind":"mouse","phase":"down","x":1,"y":1}"#), line: 2, event: 0,
                    "\"id\" must be a whole number in 0…2147483647")
        expectError(withHeader(#"{"t":0,"id":0,"kind":"mouse","phase":"down","x":1}"#), line: 2, event: 0, "missing \"y\"")
        expectError(withHeader("[1]"), line: 2, event: 0, "an event must be an object, found an array")
    }

    @Test func absurdOrNonFiniteCoordinates() {
        expectError(withHeader(#"{"t":0,"id":0,"kind":"mouse","phase":"down","x":1e300,"y":1}"#), line: 2, event: 0,
                    "\"x\" 1e+300 is out of range (|x| <= 1000000 points)")
        expectError(withHeader(#"{"t":0,"id":0,"kind":"mouse","phase":"down","x":1e999,"y":1}"#), line: 2, event: 0,
                    "a number too large to represent")
        expectError(withHeader(#"{"t":0,"id":0,"kind":"mouse","phase":"down","x":NaN,"y":1}"#), line: 2, event: 0,
                    "unexpected 'N' where a JSON value should start")
        expectError(withHeader(#"{"t":1e9,"id":0,"kind":"mouse","phase":"down","x":1,"y":1}"#), line: 2, event: 0,
                    "\"t\" 1000000000 s is out of range (0…604800 s from the trace's start)")
    }

    @Test func timeGoingBackwards() {
        expectError(withHeader(#"{"t":0.5,"id":0,"kind":"mouse","phase":"down","x":1,"y":1}"#,
                               #"{"t":0.25,"id":0,"kind":"mouse","phase":"up","x":1,"y":1}"#), line: 3, event: 1,
                    "time goes backwards: 0.250000 s after 0.500000 s")
    }

    @Test func pointersThatMoveOrLiftWithoutGoingDown() {
        expectError(withHeader(#"{"t":0,"id":4,"kind":"touch","phase":"move","x":1,"y":1}"#), line: 2, event: 0,
                    "pointer 4 moves without going down first")
        expectError(withHeader(#"{"t":0,"id":4,"kind":"touch","phase":"up","x":1,"y":1}"#), line: 2, event: 0,
                    "pointer 4 lifts without going down first")
        expectError(withHeader(#"{"t":0,"id":4,"kind":"touch","phase":"cancel","x":1,"y":1}"#), line: 2, event: 0,
                    "pointer 4 is cancelled without going down first")
    }

    @Test func aSecondDownForAPointerAlreadyDown() {
        expectError(withHeader(#"{"t":0,"id":2,"kind":"touch","phase":"down","x":1,"y":1}"#,
                               #"{"t":0.1,"id":2,"kind":"touch","phase":"down","x":1,"y":1}"#), line: 3, event: 1,
                    "pointer 2 goes down while it is already down")
    }

    @Test func tenThousandSimultaneousPointers() {
        let downs = (0..<10_000).map { #"{"t":0,"id":\#($0),"kind":"touch","phase":"down","x":1,"y":1}"# }
        let text = "[" + Self.header + downs.map { ",\n" + $0 }.joined() + "\n]"
        expectError(text, line: 66, event: 64, "more than 64 pointers down at once")
    }

    @Test func deeplyNestedJSON() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        expectError("[{\"format\":\"gesture-lab-trace\",\"deep\":\(deep)}]", line: 1, "JSON nested deeper than 64 levels")
        expectError(withHeader(#"{"t":0,"id":0,"kind":"mouse","phase":"down","x":1,"y":1,"extra":"# + deep + "}"), line: 2, event: 0,
                    "JSON nested deeper than 64 levels")
    }

    @Test func syntaxErrorsNameTheirLine() {
        expectError(withHeader(#"{"t":0,"id":0,"kind":"mouse","phase":"down","x":1,"y":1}"#, #"{"t":0.1 "id":0}"#), line: 3, event: 1,
                    "expected ',' or '}' in an object, found '\"'")
        expectError(withHeader(#"{"t":0,"id":0,"kind":"mouse","phase":"down","x":01,"y":1}"#), line: 2, event: 0, "a number has a leading zero")
        expectError(withHeader(#"{"t":0,"id":0,"kind":"mou\#u{01}se","phase":"down","x":1,"y":1}"#), line: 2, event: 0,
                    "a control character (byte 0x1) inside a string")
        expectError(withHeader(#"{"t":0,"id":0,"kind":"mouse","phase":"down","x":1,"y":1}"#) + "junk", line: 4,
                    "unexpected 'j' after the trace's closing ']'")
    }

    @Test func invalidUTF8InAString() {
        var bytes = Array(withHeader(#"{"t":0,"id":0,"kind":"mouse","phase":"down","x":1,"y":1,"note":"AB"}"#).utf8)
        if let index = bytes.firstIndex(of: UInt8(ascii: "A")) { bytes[index] = 0xC3; bytes[index + 1] = 0x28 }
        #expect(throws: TraceError(file: "bad.json", line: 2, eventIndex: 0, problem: "a string is not valid UTF-8")) {
            try Trace.load(bytes: bytes, file: "bad.json")
        }
    }

    @Test func theMessageNamesFileLineEventAndProblem() {
        let error = TraceError(file: "recordings/x.json", line: 12, eventIndex: 10, problem: "missing \"x\"")
        #expect(error.description == "recordings/x.json:12: event 10: missing \"x\"")
    }

    /// Every prefix of a real trace either loads as a shorter trace that says it was cut
    /// short, or fails with a clear error; none crashes or hangs.
    @Test func theDemoTraceCutAtEveryByteOffset() throws {
        let bytes = try Array(Data(contentsOf: packageRoot.appendingPathComponent("recordings/demo.json")))
        let whole = try Trace.load(bytes: bytes, file: "demo.json")
        var loaded = 0
        var failed = 0
        // The header is the second line: its provenance holds the sender's whole log.
        let headerEnd = try #require(bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }.dropFirst().first)
        var failedAfterHeader = 0
        for length in 0..<bytes.count {
            do {
                let trace = try Trace.load(bytes: Array(bytes[0..<length]), file: "demo.json")
                #expect(trace.wasCutShort || length >= bytes.count - 1, "prefix of \(length) bytes loaded without saying it was cut short")
                #expect(trace.events == Array(whole.events.prefix(trace.events.count)))
                loaded += 1
            } catch {
                #expect(!error.problem.isEmpty)
                #expect(error.file == "demo.json")
                failed += 1
                if length > headerEnd { failedAfterHeader += 1 }
            }
        }
        #expect(loaded + failed == bytes.count)
        // Everything from the end of the header onwards loads.
        #expect(failedAfterHeader == 0)
        #expect(loaded >= bytes.count - headerEnd - 1)
    }
}
