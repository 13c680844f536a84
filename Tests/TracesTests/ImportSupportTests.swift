import Engine
import Foundation
import Interaction
import Testing
import Traces

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
