import Foundation
import Interaction
import Testing
import Traces

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
