import Foundation
import Interaction
import Testing
@testable import Traces

/// A replay that hands its records over as they come gives the records, and the report, that
/// a replay keeping them all does.
@Suite("Streamed replay")
struct ReplayStreamingTests {
    @Test func recordsHandedOverAsTheyComeAreTheRecordsOfAWholeReplay() throws {
        let path = packageRoot.appendingPathComponent("recordings/demo.json").path
        let configuration = try Trace.load(path: path).header.configuration.resolve()
        let whole = try HeadlessReplay.run(TraceReader(path: path), configuration: configuration)
        var streamed: [TransitionRecord] = []
        try HeadlessReplay.run(TraceReader(path: path), configuration: configuration) { streamed.append($0) }
        #expect(streamed == whole)
        #expect(!whole.isEmpty)
        var report = ReplayReport.opening(trace: "demo.json", configuration: configuration.configuration)
        for (index, record) in streamed.enumerated() { report += ReplayReport.entry(record, index: index) }
        report += ReplayReport.closing(count: streamed.count)
        #expect(report == ReplayReport.text(trace: "demo.json", configuration: configuration.configuration, records: whole))
    }
}

/// The streamed replay reads on a second thread: it gives the records of the in-memory replay
/// over many batches, and a problem in the trace after the records of the events before it.
@Suite("Streamed replay on two threads")
struct ReplayPipelineTests {
    static func traceFile(events: [PointerEvent], spoiltAt spoilt: Int?) throws -> String {
        var bytes = Array(("[" + #"{"format":"gesture-lab-trace","version":"1.0","window":{"width":800,"height":600}}"#).utf8)
        for (index, event) in events.enumerated() {
            bytes += Array(",\n".utf8)
            var written = event
            if index == spoilt { written.timestamp = 0 }
            PointerEventCoding.appendLine(written, to: &bytes)
        }
        bytes += Array("\n]\n".utf8)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pipeline-\(UUID().uuidString).json").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func events() -> [PointerEvent] {
        var events: [PointerEvent] = []
        TraceSynthesizer(eventCount: 20_000, pointerCount: 4, seed: 18).generate { events.append($0) }
        return events
    }

    @Test func manyBatchesGiveTheRecordsOfTheInMemoryReplay() throws {
        let events = Self.events()
        let path = try Self.traceFile(events: events, spoiltAt: nil)
        defer { unlink(path) }
        let configuration = try SessionConfiguration(controllers: [.swipe]).resolve()
        // As written (times to the microsecond, positions to the thousandth of a point).
        let expected = HeadlessReplay.run(try Trace.load(path: path).events, configuration: configuration)
        #expect(expected.count > 10)
        #expect(try HeadlessReplay.run(TraceReader(path: path), configuration: configuration) == expected)
    }

    @Test func aProblemComesAfterTheRecordsOfTheEventsBeforeIt() throws {
        let events = Self.events()
        let path = try Self.traceFile(events: events, spoiltAt: 15_000)
        defer { unlink(path) }
        let configuration = try SessionConfiguration(controllers: [.swipe]).resolve()
        var replay = HeadlessReplay(configuration: configuration)
        let reader = try TraceReader(path: path)
        while let event = try? reader.next() { replay.feed(event) }
        #expect(reader.eventCount == 15_000)
        var handed: [TransitionRecord] = []
        let error = #expect(throws: TraceError.self) {
            try HeadlessReplay.run(TraceReader(path: path), configuration: configuration) { handed.append($0) }
        }
        #expect(error?.eventIndex == 15_000)
        #expect(error?.line == 15_002)
        #expect(error?.problem.hasPrefix("time goes backwards: 0.000000 s after ") == true)
        #expect(handed == replay.records)
        #expect(!handed.isEmpty)
    }
}
