import Engine
import Foundation
import Interaction
@testable import Playground
import Testing
import Traces

@Suite("Recorder")
struct RecorderTests {
    let header = TraceHeader(created: "2026-11-29T00:00:00Z", program: "test", windowSize: Size(width: 800, height: 600),
                             devices: [], configuration: SessionConfiguration())

    func temporaryFolder(_ name: String) -> String {
        let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("gesture-lab-\(name)-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func event(_ id: Int, _ phase: PointerPhase, x: Double, at time: Double) -> PointerEvent {
        PointerEvent(pointerID: id, kind: .mouse, phase: phase, position: Point(x: x, y: 10), timestamp: time)
    }

    @Test func recordsTimesFromItsStartAndCancelsPointersStillDown() throws {
        let folder = temporaryFolder("record")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let recorder = Recorder(folder: folder, header: header, startTime: 10)
        #expect(recorder.failure == nil)
        recorder.record(event(0, .down, x: 1, at: 10.5))
        recorder.record(event(0, .move, x: 2, at: 10.6))
        let path = try recorder.finish(at: 11)
        let trace = try Trace.load(path: path)
        #expect(!trace.wasCutShort)
        #expect(trace.events.map(\.phase) == [.down, .move, .cancel])
        #expect(trace.events.map(\.timestamp) == [0.5, 0.6, 1])
        #expect(trace.events[2].position.x == 2)
    }

    /// The trackers round every time to a whole microsecond: a recording started between two
    /// keeps each sample on the microsecond its live time was on, so its replay's velocities
    /// are the live ones.
    @Test func recordedTimesFallOnTheMicrosecondsTheLiveTimesDid() throws {
        let folder = temporaryFolder("microseconds")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let start = 100.0000004
        let recorder = Recorder(folder: folder, header: header, startTime: start)
        let live = [event(0, .down, x: 1, at: 100.0200007), event(0, .move, x: 9, at: 100.0400003), event(0, .move, x: 20, at: 100.0600009),
                    event(0, .up, x: 20, at: 100.0800006)]
        for pointerEvent in live { recorder.record(pointerEvent) }
        let trace = try Trace.load(path: try recorder.finish(at: 100.1))
        #expect(trace.events.map { SampleTime.microseconds($0.timestamp) } == [20_001, 40_000, 60_001, 80_001])
        #expect(live.map { SampleTime.microseconds($0.timestamp) - 100_000_000 } == [20_001, 40_000, 60_001, 80_001])
    }

    @Test func leavesOutPointersThatWentDownBeforeRecordingStarted() throws {
        let folder = temporaryFolder("earlier")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let recorder = Recorder(folder: folder, header: header, startTime: 0)
        recorder.record(event(0, .move, x: 1, at: 0.1))
        recorder.record(event(0, .up, x: 1, at: 0.2))
        recorder.record(event(0, .down, x: 5, at: 0.3))
        recorder.record(event(0, .up, x: 5, at: 0.4))
        let trace = try Trace.load(path: try recorder.finish(at: 1))
        #expect(trace.events.map(\.phase) == [.down, .up])
    }

    @Test func neverOverwritesAnExistingRecording() throws {
        let folder = temporaryFolder("unique")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        let first = try Recorder.createWriter(in: folder, header: header, wallClock: date)
        let second = try Recorder.createWriter(in: folder, header: header, wallClock: date)
        #expect((first.path as NSString).lastPathComponent == "trace-20270115-080000-000.json")
        #expect((second.path as NSString).lastPathComponent == "trace-20270115-080000-000-1.json")
    }

    @Test func anUnwritableFolderKeepsTheRecordingInMemoryAndSavesItElsewhere() throws {
        let rescue = temporaryFolder("rescue")
        defer { try? FileManager.default.removeItem(atPath: rescue) }
        let recorder = Recorder(folder: "/dev/full/recordings", header: header, startTime: 0, fallbackFolders: ["/dev/full/also-not", rescue])
        #expect(recorder.failure != nil)
        recorder.record(event(0, .down, x: 1, at: 0.1))
        recorder.record(event(0, .up, x: 1, at: 0.2))
        let path = try recorder.finish(at: 0.3)
        #expect(path.hasPrefix(rescue))
        #expect(try Trace.load(path: path).events.count == 2)
    }

    @Test func aDiskThatFillsMidRecordingLosesNothing() throws {
        let folder = temporaryFolder("full")
        let rescue = temporaryFolder("rescue-full")
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            try? FileManager.default.removeItem(atPath: rescue)
        }
        let file = (folder as NSString).appendingPathComponent("trace.json")
        let descriptor = open(file, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        #expect(descriptor >= 0)
        let writer = try TraceWriter(descriptor: descriptor, path: file, header: header)
        let recorder = Recorder(writer: writer, header: header, startTime: 0, fallbackFolders: [rescue])
        #expect(recorder.record(event(0, .down, x: 1, at: 0.1)) == nil)
        // From here on every write fails with "No space left on device", as on a full disk.
        let full = open("/dev/full", O_WRONLY)
        #expect(full >= 0)
        dup2(full, descriptor)
        close(full)
        let problem = recorder.record(event(0, .move, x: 2, at: 0.2))
        #expect(problem?.contains("No space left on device") == true)
        #expect(recorder.record(event(0, .up, x: 3, at: 0.3)) == nil)
        let path = try recorder.finish(at: 0.4)
        #expect(path.hasPrefix(rescue))
        #expect(try Trace.load(path: path).events.map(\.position.x) == [1, 2, 3])
        // The cut-short copy is removed, so a later check of the record folder does not read it.
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(recorder.failure?.hasSuffix("; removed the cut-short copy \(file)") == true)
    }

    @Test func aRecordFolderRemovedWhileRecordingIsNoticedAndTheRecordingRescued() throws {
        let parent = temporaryFolder("vanishing")
        let rescue = temporaryFolder("rescue-vanished")
        defer {
            try? FileManager.default.removeItem(atPath: parent)
            try? FileManager.default.removeItem(atPath: rescue)
        }
        let folder = (parent as NSString).appendingPathComponent("recordings")
        let recorder = Recorder(folder: folder, header: header, startTime: 0, fallbackFolders: [rescue])
        let original = recorder.path
        #expect(recorder.record(event(0, .down, x: 1, at: 0.1)) == nil)
        try FileManager.default.removeItem(atPath: folder)
        let problem = recorder.record(event(0, .move, x: 2, at: 0.2))
        #expect(problem == "\(original) was removed (or its folder was) while it was being written; recording goes on in memory and will be saved elsewhere")
        #expect(recorder.record(event(0, .up, x: 3, at: 0.3)) == nil)
        let path = try recorder.finish(at: 0.4)
        #expect(path.hasPrefix(rescue))
        #expect(try Trace.load(path: path).events.map(\.position.x) == [1, 2, 3])
    }

    @Test func aRecordingMovedAwayAtTheStopIsNoticedAndRescued() throws {
        let folder = temporaryFolder("moved")
        let rescue = temporaryFolder("rescue-moved")
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            try? FileManager.default.removeItem(atPath: rescue)
            try? FileManager.default.removeItem(atPath: folder + "-elsewhere")
        }
        let recorder = Recorder(folder: folder, header: header, startTime: 0, fallbackFolders: [rescue])
        #expect(recorder.record(event(0, .down, x: 1, at: 0.1)) == nil)
        #expect(recorder.record(event(0, .up, x: 3, at: 0.3)) == nil)
        #expect(rename(folder, folder + "-elsewhere") == 0)
        let path = try recorder.finish(at: 0.4)
        #expect(path.hasPrefix(rescue))
        #expect(recorder.failure?.hasPrefix("\(folder)/") == true)
        #expect(try Trace.load(path: path).events.count == 2)
    }

    @Test("a recording's file name stamps the UTC time to the nearest millisecond, as DateFormatter did")
    func fileNameStampsTheTimeAsDateFormatterDid() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss-SSS"
        for seconds in [0.0, 1.5, 86_399.999, 951_782_400.25, 1_733_371_705.0629, 1_796_256_000.9996] {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(Recorder.fileName(for: date, attempt: 0) == "trace-\(formatter.string(from: date)).json", "\(seconds)")
        }
        #expect(Recorder.fileName(for: Date(timeIntervalSince1970: 1_733_371_705.0629), attempt: 2, prefix: "shot", extension: "png")
                == "shot-20241205-040825-063-2.png")
    }

    @Test("a trace's creation time is written in ISO 8601, UTC, to the second (truncated)")
    func creationTimeIsISO8601() {
        #expect(Date.ISO8601FormatStyle().format(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        #expect(Date.ISO8601FormatStyle().format(Date(timeIntervalSince1970: 1_733_371_705.0629)) == "2024-12-05T04:08:25Z")
        #expect(Date.ISO8601FormatStyle().format(Date(timeIntervalSince1970: 1_796_256_000.9996)) == "2026-12-03T00:00:00Z")
    }
}
