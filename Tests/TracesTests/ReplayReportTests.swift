import Foundation
import Interaction
import Testing
@testable import Traces

/// What a replay's JSON report says of each release.
@Suite("Replay report")
struct ReplayReportTests {
    /// A release whose pointer the system cancelled says so in a field of its own, so a reader
    /// need not match the reason's text (UIKit's screen-edge pan cancels on a pointer cancel;
    /// MDTransitioning's, the trace's own, decides it as a lift).
    @Test func aPointerCancelIsAFieldOfTheRecord() throws {
        let path = packageRoot.appendingPathComponent("recordings/edge-pan/pointer-cancel.json").path
        var session = try Trace.load(path: path).header.configuration
        session.edgeRecognizer = .uikitScreenEdge
        let configuration = try session.resolve()
        let records = try HeadlessReplay.run(TraceReader(path: path), configuration: configuration)
        let lines = records.map(ReplayReport.line)
        #expect(lines.count == 1)
        #expect(lines.allSatisfy { $0.contains(#""reason":"pointer cancelled","pointer_cancelled":true,"#) })
        let demo = packageRoot.appendingPathComponent("recordings/demo.json").path
        let demoRecords = try HeadlessReplay.run(TraceReader(path: demo), configuration: try Trace.load(path: demo).header.configuration.resolve())
        #expect(!demoRecords.isEmpty)
        #expect(demoRecords.map(ReplayReport.line).allSatisfy { $0.contains(#""pointer_cancelled":false,"#) })
    }
}
