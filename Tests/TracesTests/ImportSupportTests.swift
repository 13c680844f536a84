import Engine
import Foundation
import Interaction
import Testing
@testable import Traces

/// Helpers shared by the import tests.
enum ImportFixture {
    /// Options with a fixed creation time, an 800×600 window and the default configuration.
    static let options = ImportOptions(created: "2025-01-01T00:00:00Z", program: "gesture-lab test")

    /// `text`'s bytes.
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// A touch event.
    static func touch(_ pointer: Int, _ phase: PointerPhase, _ x: Double, _ y: Double, _ time: Double,
                      pressure: Double? = nil, size: Double? = nil) -> PointerEvent {
        PointerEvent(pointerID: pointer, kind: .touch, phase: phase, position: Point(x: x, y: y), timestamp: time,
                     pressure: pressure, contactSize: size)
    }

    /// The trace written by ``TraceWriter`` to a new temporary file and read back.
    static func writtenAndReloaded(_ trace: Trace) throws -> Trace {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try TraceWriter.write(trace, to: path)
        return try Trace.load(path: path)
    }

    /// A new empty temporary folder.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The error `body` throws, or nil.
    static func error(_ body: () throws -> Void) -> TraceError? {
        do { try body() } catch let error as TraceError { return error } catch { return nil }
        return nil
    }
}

@Suite("Import results")
struct ImportSupportTests {
    @Test func theSummaryCountsEventsContactsDurationAndFrames() {
        let events = [
            ImportFixture.touch(1, .down, 10, 10, 0),
            ImportFixture.touch(2, .down, 20, 20, 0),
            ImportFixture.touch(1, .up, 10, 10, 0.5),
            ImportFixture.touch(2, .cancel, 20, 20, 1.25),
        ]
        let header = TraceHeader(created: "", program: "", windowSize: Size(width: 800, height: 600), devices: [],
                                 configuration: SessionConfiguration())
        let statistics = ImportStatistics(sourceFrames: 4, contacts: 2, mostContactsAtOnce: 2,
                                          ignoredEvents: ["ABS_X": 3, "BTN_TOUCH": 1, "ABS_Y": 3], droppedTrailingEvents: 1,
                                          cancelledAtEnd: 1)
        let imported = ImportedTrace(trace: Trace(header: header, events: events), statistics: statistics)
        #expect(imported.summary == "4 events, 2 contacts (at most 2 at once), 1.250 s, 3 frames; ignored 7 source events (ABS_X 3, ABS_Y 3, BTN_TOUCH 1); dropped 1 trailing event with no SYN_REPORT; cancelled 1 contact still down at the end")
    }
}

@Suite("Import lines, however the file is chunked")
struct ImportLineSplitterTests {
    /// Every line handed over, or the error, for `bytes` fed in chunks of `size` bytes.
    static func lines(_ bytes: [UInt8], chunkSize size: Int) -> [String] {
        var splitter = ImportLineSplitter(file: "f.event")
        var result: [String] = []
        do {
            var start = 0
            while start < bytes.count {
                try splitter.feed(bytes[start..<min(start + size, bytes.count)]) { number, text in result.append("\(number):\(text)") }
                start += size
            }
            try splitter.finish { number, text in result.append("\(number):\(text)") }
        } catch {
            result.append("error \(error.description)")
        }
        return result
    }

    @Test(arguments: [
        ("\u{FEFF}N: pad\r\n\r\n  \t\nA: 1 2\n# comment\nE: last", ["1:N: pad", "4:A: 1 2", "5:# comment", "6:E: last"]),
        ("one\r\ntwo\r", ["1:one", "2:two"]),
        ("one\rtwo\n", ["error f.event:1: a carriage return (CR) that does not end the line: lines must end with LF or CR LF (convert CR-only line ends, e.g. with dos2unix -c mac)"]),
        ("ok\nbad \u{0}", ["1:ok", "error f.event:2: the line is not valid UTF-8"]),
        ("x\n\u{FEFF}y\n", ["1:x", "2:\u{FEFF}y"]),
    ])
    func everyChunkSizeGivesTheSameLines(text: String, expected: [String]) {
        // A NUL stands for 0xFF, a byte that is never valid UTF-8.
        let bytes = text.utf8.map { $0 == 0 ? 0xFF : $0 }
        for size in 1...bytes.count + 1 {
            #expect(Self.lines(bytes, chunkSize: size) == expected, "chunks of \(size) bytes")
        }
    }

    @Test("a line of exactly 64 KiB is read, ended by LF, CR LF or the file's end; one byte more is refused")
    func aLineAtTheLimitAndOnePast() {
        #expect(ImportSource.lineLengthLimit == 65_536)
        let atLimit = [UInt8](repeating: UInt8(ascii: "a"), count: ImportSource.lineLengthLimit)
        for end in ["\n", "\r\n", ""] {
            for size in [1 << 10, 1 << 16, 1 << 16 + 1, atLimit.count + 2] {
                let read = Self.lines(Array("first\n".utf8) + atLimit + Array(end.utf8), chunkSize: size)
                #expect(read == ["1:first", "2:" + String(decoding: atLimit, as: UTF8.self)], "end \(end.debugDescription), chunks of \(size) bytes")
                #expect(Self.lines(Array("first\n".utf8) + atLimit + Array(("b" + end).utf8), chunkSize: size)
                        == ["1:first", "error f.event:2: the line is longer than 64 KiB (the limit of a line)"], "end \(end.debugDescription), chunks of \(size) bytes")
            }
        }
    }

    @Test func aLineLongerThanTheLimitIsRefusedWithoutReadingOn() {
        var bytes = Array("first\n".utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "a"), count: ImportSource.lineLengthLimit + 1)
        bytes += Array("\nafter\n".utf8)
        for size in [1 << 10, 1 << 16, bytes.count] {
            #expect(Self.lines(bytes, chunkSize: size) == ["1:first", "error f.event:2: the line is longer than 64 KiB (the limit of a line)"])
        }
    }
}
