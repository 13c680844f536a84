import Foundation
@testable import Interaction
import Testing
@testable import Traces

/// Input beyond a documented limit is refused with a message naming the limit, the line and
/// the event; input within them reads in linear time however it is laid out.
@Suite("Limits on input")
struct LimitTests {
    static let header = #"{"format":"gesture-lab-trace","version":"1.0","window":{"width":800,"height":600}"#
    static let down = #"{"t":0,"id":0,"kind":"mouse","phase":"down","x":1,"y":1"#
    static let up = #"{"t":0.5,"id":0,"kind":"mouse","phase":"up","x":1,"y":1}"#
    static let options = ImportOptions(created: "2026-01-01T00:00:00Z", program: "tests")

    static func load(_ text: String) throws -> Trace {
        try Trace.load(bytes: Array(text.utf8), file: "t.json")
    }

    @Test func anEventHoldingAHugeArrayIsRefused() {
        let junk = ",\"junk\":[" + Array(repeating: "0", count: 40_000).joined(separator: ",") + "]}"
        #expect(throws: TraceError(file: "t.json", line: 2, eventIndex: 0, problem: "the event is larger than 64 KiB (the limit of one event)")) {
            try Self.load("[" + Self.header + "},\n" + Self.down + junk + ",\n" + Self.up + "\n]\n")
        }
        #expect(TraceValidator.validate(bytes: Array(("[" + Self.header + "},\n" + Self.down + junk + ",\n" + Self.up + "\n]\n").utf8)).map(\.description)
                == ["line 2: the event is larger than 64 KiB (the limit of one event)"])
    }

    @Test func aHugeHeaderIsRefused() {
        let junk = ",\"junk\":[" + Array(repeating: "0", count: 600_000).joined(separator: ",") + "]}"
        #expect(throws: TraceError(file: "t.json", line: 1, problem: "the header is larger than 1 MiB (the limit of a header)")) {
            try Self.load("[" + Self.header + junk + ",\n" + Self.down + "},\n" + Self.up + "\n]\n")
        }
    }

    @Test func aHugeStringIsRefused() {
        let notes = ",\"notes\":\"" + String(repeating: "a", count: 70_000) + "\"}"
        #expect(throws: TraceError(file: "t.json", line: 1, problem: "a string longer than 64 KiB (the limit of one string)")) {
            try Self.load("[" + Self.header + notes + ",\n" + Self.down + "},\n" + Self.up + "\n]\n")
        }
    }

    @Test func aHugeNumberIsRefused() {
        #expect(throws: TraceError(file: "t.json", line: 2, eventIndex: 0, problem: "a number written with more than 1024 characters")) {
            try Self.load("[" + Self.header + "},\n" + Self.down + ",\"p\":1" + String(repeating: "0", count: 2000) + "},\n" + Self.up + "\n]\n")
        }
    }

    /// `prefix` padded with spaces before `close` to exactly `size` bytes.
    static func padded(_ prefix: String, to size: Int, close: String = "}") -> String {
        prefix + String(repeating: " ", count: size - prefix.utf8.count - close.utf8.count) + close
    }

    /// A trace of `header` (an object) and the events `events`, one a line.
    static func trace(header: String = header + "}", events: [String] = [down + "}", up]) -> String {
        "[" + header + events.map { ",\n" + $0 }.joined() + "\n]\n"
    }

    /// Loads `text` every way the reader reads: in memory, in 64 KiB chunks, and each event alone.
    static func loadEveryWay(_ text: String) -> [Result<Trace, TraceError>] {
        let bytes = Array(text.utf8)
        return [Result { () throws(TraceError) in try Trace.load(bytes: bytes, file: "t.json") },
                Result { () throws(TraceError) in try Trace.load(bytes: bytes, chunkSize: 1 << 16, file: "t.json") },
                Result { () throws(TraceError) in try Trace.load(bytes: bytes, chunkSize: 1 << 16, file: "t.json", readsAhead: false) }]
    }

    @Test("a header of exactly 1 MiB is read; one byte more is refused, by the reader and by validate")
    func headerAtTheLimitAndOnePast() throws {
        let atLimit = Self.trace(header: Self.padded(Self.header, to: TraceLimits.headerBytes))
        #expect(TraceLimits.headerBytes == 1_048_576)
        for result in Self.loadEveryWay(atLimit) { #expect(try result.get().events.count == 2) }
        #expect(TraceValidator.validate(bytes: Array(atLimit.utf8)).isEmpty)
        let past = Self.trace(header: Self.padded(Self.header, to: TraceLimits.headerBytes + 1))
        let refused = TraceError(file: "t.json", line: 1, problem: "the header is larger than 1 MiB (the limit of a header)")
        for result in Self.loadEveryWay(past) { #expect(result == .failure(refused)) }
        #expect(TraceValidator.validate(bytes: Array(past.utf8)).map(\.description) == ["line 1: the header is larger than 1 MiB (the limit of a header)"])
    }

    @Test("an event of exactly 64 KiB is read, by the fast path and the general parser; one byte more is refused")
    func eventAtTheLimitAndOnePast() throws {
        #expect(TraceLimits.eventBytes == 65_536)
        // Laid out with spaces (the fast path reads it), and with a key it does not know (the general parser does).
        for prefix in [Self.down, Self.down + #","p":0"#] {
            let atLimit = Self.trace(events: [Self.padded(prefix, to: TraceLimits.eventBytes), Self.up])
            for result in Self.loadEveryWay(atLimit) {
                #expect(try result.get().events == Self.load(Self.trace()).events, "\(prefix)")
            }
            #expect(TraceValidator.validate(bytes: Array(atLimit.utf8)).isEmpty)
            let past = Self.trace(events: [Self.padded(prefix, to: TraceLimits.eventBytes + 1), Self.up])
            let refused = TraceError(file: "t.json", line: 2, eventIndex: 0, problem: "the event is larger than 64 KiB (the limit of one event)")
            for result in Self.loadEveryWay(past) { #expect(result == .failure(refused), "\(prefix)") }
            #expect(TraceValidator.validate(bytes: Array(past.utf8)).map(\.description) == ["line 2: the event is larger than 64 KiB (the limit of one event)"])
        }
    }

    @Test("a string of exactly 64 KiB after unescaping is read; one byte more is refused")
    func stringAtTheLimitAndOnePast() throws {
        #expect(TraceLimits.stringBytes == 65_536)
        // 32,768 × "\u00e9": 196,608 characters written, 65,536 bytes of UTF-8 read.
        let escaped = String(repeating: "\\u00e9", count: TraceLimits.stringBytes / 2)
        for notes in [String(repeating: "a", count: TraceLimits.stringBytes), escaped] {
            let trace = try Self.load(Self.trace(header: Self.header + ",\"notes\":\"" + notes + "\"}"))
            #expect(trace.header.notes?.utf8.count == 65_536)
        }
        let refused = TraceError(file: "t.json", line: 1, problem: "a string longer than 64 KiB (the limit of one string)")
        for notes in [String(repeating: "a", count: TraceLimits.stringBytes + 1), escaped + "a"] {
            #expect(throws: refused) { try Self.load(Self.trace(header: Self.header + ",\"notes\":\"" + notes + "\"}")) }
        }
    }

    @Test("a number written with exactly 1024 characters is read; 1025 are refused")
    func numberAtTheLimitAndOnePast() throws {
        #expect(TraceLimits.numberCharacters == 1024)
        let atLimit = "1." + String(repeating: "0", count: TraceLimits.numberCharacters - 2)
        #expect(try Self.load(Self.trace(events: [Self.down + #","x2":"# + atLimit + "}", Self.up])).events.count == 2)
        #expect(throws: TraceError(file: "t.json", line: 2, eventIndex: 0, problem: "a number written with more than 1024 characters")) {
            try Self.load(Self.trace(events: [Self.down + #","x2":"# + atLimit + "0}", Self.up]))
        }
    }

    @Test("JSON nested 64 levels deep is read (the event or header the first level, the trace's array not counted); 65 are refused")
    func nestingAtTheLimitAndOnePast() throws {
        #expect(TraceLimits.nestingDepth == 64)
        func nested(_ levels: Int) -> String { String(repeating: "[", count: levels) + String(repeating: "]", count: levels) }
        #expect(try Self.load(Self.trace(events: [Self.down + #","deep":"# + nested(63) + "}", Self.up])).events.count == 2)
        #expect(try Self.load(Self.trace(header: Self.header + #","deep":"# + nested(63) + "}")).events.count == 2)
        #expect(throws: TraceError(file: "t.json", line: 2, eventIndex: 0, problem: "JSON nested deeper than 64 levels")) {
            try Self.load(Self.trace(events: [Self.down + #","deep":"# + nested(64) + "}", Self.up]))
        }
        #expect(throws: TraceError(file: "t.json", line: 1, problem: "JSON nested deeper than 64 levels")) {
            try Self.load(Self.trace(header: Self.header + #","deep":"# + nested(64) + "}"))
        }
    }

    @Test("a version of two numbers of 6 digits each is of the form MAJOR.MINOR; 7 digits are not")
    func versionDigitsAtTheLimitAndOnePast() throws {
        #expect(TraceLimits.versionDigits == 6)
        func header(version: String) -> String { Self.header.replacingOccurrences(of: #""version":"1.0""#, with: "\"version\":\"\(version)\"") + "}" }
        #expect(try Self.load(Self.trace(header: header(version: "1.999999"))).header.version == "1.999999")
        // A major version of 6 digits is of the form, and newer than this program reads.
        #expect(throws: TraceError(file: "t.json", line: 1, problem: "trace format version 999999.0 is newer than this program reads (1.x); update gesture-lab")) {
            try Self.load(Self.trace(header: header(version: "999999.0")))
        }
        for version in ["1.1000000", "1000000.0"] {
            #expect(throws: TraceError(file: "t.json", line: 1, problem: "the header's \"version\" \"\(version)\" is not of the form MAJOR.MINOR (whole numbers of at most 6 digits, without sign or leading zeros)")) {
                try Self.load(Self.trace(header: header(version: version)))
            }
        }
    }

    @Test("64 pointers down at once are read; a 65th down is refused at its event")
    func pointersAtTheLimitAndOnePast() throws {
        #expect(PointerSequenceChecker.maximumSimultaneousPointers == 64)
        let downs = (0..<65).map { #"{"t":0,"id":\#($0),"kind":"touch","phase":"down","x":1,"y":1}"# }
        let ups = (0..<64).map { #"{"t":1,"id":\#($0),"kind":"touch","phase":"up","x":1,"y":1}"# }
        #expect(try Self.load(Self.trace(events: downs.prefix(64) + ups)).events.count == 128)
        #expect(throws: TraceError(file: "t.json", line: 66, eventIndex: 64, problem: "more than 64 pointers down at once")) {
            try Self.load(Self.trace(events: downs + ups))
        }
    }

    @Test func aCompactTraceOnOneLineReadsEveryEvent() throws {
        var text = "[" + Self.header + "}," + Self.down + "}"
        for index in 1...5000 { text += #",{"t":0.\#(String(format: "%04d", index)),"id":0,"kind":"mouse","phase":"move","x":\#(index),"y":1}"# }
        text += #",{"t":0.6,"id":0,"kind":"mouse","phase":"up","x":1,"y":1}]"#
        let trace = try Self.load(text)
        #expect(trace.events.count == 5002)
        #expect(trace.events[5000].position.x == 5000)
        #expect(!trace.wasCutShort)
    }

    @Test func aTraceReadsTheSameWhateverTheChunkSize() throws {
        var text = "[" + Self.header + "},\n" + Self.down + "}"
        for index in 1...300 { text += #",{"t":0.\#(String(format: "%04d", index)),"id":0,"kind":"mouse","phase":"move","x":\#(index),"y":1}"# }
        text += ",\n" + Self.up + "\n]\n"
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("chunks-\(UUID().uuidString).json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        let expected = try Self.load(text)
        for chunkSize in [1, 2, 3, 7, 64, 1000] {
            let reader = try TraceReader(source: ByteSource(path: path, chunkSize: chunkSize), file: path)
            var events: [PointerEvent] = []
            while let event = try reader.next() { events.append(event) }
            #expect(events == expected.events, "chunk size \(chunkSize)")
        }
    }

    /// The fuzz seeds of the chunked reader (first byte: chunk size less one) read the same in
    /// chunks as whole, whatever they hold: lines, one line, CR LF, escapes, a cut-short end.
    @Test func everyChunkedSeedReadsAsTheWholeInputDoes() throws {
        let folder = packageRoot.appendingPathComponent("fuzz/seeds/chunked")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        // The hand-made seeds (chunk sizes 1, 2, 3, 7 and 255 of six traces), and those the
        // fuzzer found (scripts/fuzz-keep-seeds.sh).
        #expect(names.filter { $0.hasPrefix("chunk") }.count == 30)
        #expect(names.count > 30)
        for name in names {
            let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
            let trace = Array(bytes.dropFirst())
            let whole = Result { () throws(TraceError) in try Trace.load(bytes: trace, file: name) }
            let chunked = Result { () throws(TraceError) in try Trace.load(bytes: trace, chunkSize: Int(bytes[0]) + 1, file: name) }
            #expect(whole == chunked, "\(name)")
            let alone = Result { () throws(TraceError) in try Trace.load(bytes: trace, chunkSize: Int(bytes[0]) + 1, file: name, readsAhead: false) }
            #expect(whole == alone, "\(name), each event alone")
            if name.hasPrefix("chunk"), !name.contains("cut-short") { #expect((try? whole.get())?.events.isEmpty == false, "\(name)") }
        }
    }

    @Test func theStreamingDiffSaysWhatTheInMemoryDiffSays() throws {
        let short = "[" + Self.header + "},\n" + Self.down + "},\n" + Self.up + "\n]\n"
        let long = "[" + Self.header + "},\n" + Self.down + "},\n" + Self.up + ",\n" + Self.down.replacingOccurrences(of: "\"t\":0,", with: "\"t\":1,") + "},\n"
            + Self.up.replacingOccurrences(of: "0.5", with: "1.5") + "\n]\n"
        let moved = short.replacingOccurrences(of: "\"x\":1,\"y\":1}", with: "\"x\":2,\"y\":1}")
        for (left, right) in [(short, long), (long, short), (short, moved), (short, short)] {
            let inMemory = TraceDiff.firstDifference(try Self.load(left), try Self.load(right))
            let streamed = try TraceDiff.firstDifference(TraceReader(bytes: Array(left.utf8), file: "l"), TraceReader(bytes: Array(right.utf8), file: "r"))
            #expect(inMemory == streamed)
        }
        #expect(try TraceDiff.firstDifference(TraceReader(bytes: Array(short.utf8), file: "l"), TraceReader(bytes: Array(long.utf8), file: "r"))
                == "event counts differ: 2 vs 4 (the first 2 are equal)")
    }

    /// Streaming a transform gives the events and header that transforming the whole trace does.
    @Test func aStreamedTransformEqualsTheWholeOne() throws {
        let trace = try Trace.load(path: packageRoot.appendingPathComponent("recordings/demo.json").path)
        var transforms: [TraceTransform] = []
        var mirrored = TraceTransform()
        mirrored.mirrorHorizontally = true
        mirrored.spaceScale = 1.5
        mirrored.timeScale = 2
        mirrored.kind = .touch
        transforms.append(mirrored)
        var jittered = TraceTransform()
        jittered.positionJitter = 3
        jittered.seed = 7
        jittered.timeShift = -0.05
        transforms.append(jittered)
        var cropped = TraceTransform()
        cropped.timeWindow = 0.2...0.6
        cropped.timeJitter = 0.002
        cropped.quantizeToMilliseconds = true
        transforms.append(cropped)
        for transform in transforms {
            #expect(transform.streams)
            var iterator = trace.events.makeIterator()
            var streamed: [PointerEvent] = []
            transform.apply(next: { iterator.next() }, size: trace.header.windowSize) { streamed.append($0) }
            let whole = transform.apply(to: trace)
            #expect(streamed == whole.events, "\(transform.descriptions)")
            #expect(transform.header(from: trace.header) == whole.header)
        }
    }

    @Test func anImportedLineLongerThanTheLimitIsRefused() {
        let events = Array(("N: Touch\nA: 35 0 1600 0 0\nA: 36 0 1200 0 0\n# " + String(repeating: "x", count: 70_000) + "\n").utf8)
        #expect(throws: TraceError(file: "r.event", line: 4, problem: "the line is longer than 64 KiB (the limit of a line)")) {
            try EvemuImporter.importTrace(events: events, eventsFile: "r.event", description: nil, descriptionFile: nil, options: Self.options)
        }
    }

    @Test func blankLinesCostNothingAndAreCounted() {
        let events = Array(("\n\n   \n\r\nX: what\n").utf8)
        #expect(throws: TraceError(file: "r.event", line: 5, problem: "unknown line 'X: what' (evemu lines start with E:, N:, I:, P:, B:, A:, L: or S:)")) {
            try EvemuImporter.importTrace(events: events, eventsFile: "r.event", description: nil, descriptionFile: nil, options: Self.options)
        }
    }

    @Test func crOnlyLineEndsAreNamed() {
        let events = Array("N: Touch\rA: 35 0 1600 0 0\rA: 36 0 1200 0 0\r".utf8)
        #expect(throws: TraceError(file: "r.event", line: 1, problem: "a carriage return (CR) that does not end the line: lines must end with LF or CR LF (convert CR-only line ends, e.g. with dos2unix -c mac)")) {
            try EvemuImporter.importTrace(events: events, eventsFile: "r.event", description: nil, descriptionFile: nil, options: Self.options)
        }
    }

    @Test func invalidUTF8InAnImportedLineIsRefused() {
        let events: [UInt8] = Array("N: Touch".utf8) + [0xFF, 0x0A]
        #expect(throws: TraceError(file: "r.event", line: 1, problem: "the line is not valid UTF-8")) {
            try EvemuImporter.importTrace(events: events, eventsFile: "r.event", description: nil, descriptionFile: nil, options: Self.options)
        }
    }

    @Test func aLibinputFlowListOverTheLimitIsRefused() {
        var text = "version: 1\nndevices: 1\ndevices:\n- node: /dev/input/event5\n  hid: [0x05"
        let row = "\n    " + Array(repeating: "0x05", count: 1000).joined(separator: ", ")
        for _ in 0..<250 { text += "," + row }
        text += "]\n"
        #expect(throws: TraceError(file: "r.yml", line: 5, problem: "the '[' opened here runs over more than 1 MiB (the limit of one flow list)")) {
            try LibinputRecordImporter.importTrace(bytes: Array(text.utf8), file: "r.yml", options: Self.options)
        }
    }

    @Test func dollarOneNumbersAreStrictAndTextIsUTF8() {
        let hex = "<Gesture Name=\"a\">\n<Point X=\"0x10\" Y=\"2\" T=\"3\"/>\n<Point X=\"5\" Y=\"2\" T=\"13\"/>\n</Gesture>\n"
        #expect(throws: TraceError(file: "s.xml", line: 2, problem: "X=\"0x10\" is not a number of pixels")) {
            try DollarOneImporter.importTrace(bytes: Array(hex.utf8), file: "s.xml", options: Self.options)
        }
        let bad: [UInt8] = Array("<Gesture Name=\"a".utf8) + [0xFF] + Array("\">\n<Point X=\"1\" Y=\"2\" T=\"3\"/>\n</Gesture>\n".utf8)
        #expect(throws: TraceError(file: "s.xml", line: 1, problem: "the value of Name in <Gesture> is not valid UTF-8")) {
            try DollarOneImporter.importTrace(bytes: bad, file: "s.xml", options: Self.options)
        }
    }

    @Test func manyAttributesAreCheckedInLinearTime() {
        let attributes = (0..<40_000).map { "A\($0)=\"1\"" }.joined(separator: " ")
        let text = "<Gesture " + attributes + " A7=\"2\">\n<Point X=\"1\" Y=\"2\" T=\"3\"/>\n</Gesture>\n"
        #expect(throws: TraceError(file: "s.xml", line: 1, problem: "<Gesture> has the attribute A7 twice")) {
            try DollarOneImporter.importTrace(bytes: Array(text.utf8), file: "s.xml", options: Self.options)
        }
    }
}
