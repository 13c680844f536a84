import Foundation
import Interaction
import Testing
import Traces

/// Replays must not depend on when the program got round to handling events, nor on how
/// many times it has replayed before.
@Suite("Stalls and determinism")
struct DeterminismTests {
    static func load(_ relativePath: String) throws -> Trace {
        try Trace.load(path: packageRoot.appendingPathComponent("recordings").appendingPathComponent(relativePath).path)
    }

    /// Replays `trace`, but the program stalls for `stall` seconds at `stallStart`: events
    /// stamped during the stall are handled only when it ends, on a clock that has moved on.
    static func replayWithStall(_ trace: Trace, configuration: ResolvedConfiguration, stallStart: Double, stall: Double) -> [TransitionRecord] {
        var replay = HeadlessReplay(configuration: configuration, startTime: trace.events.first?.timestamp ?? 0)
        var stalled = false
        for event in trace.events {
            if !stalled && event.timestamp >= stallStart {
                replay.advance(to: stallStart + stall)
                stalled = true
            }
            replay.feed(event)
        }
        replay.finish()
        return replay.records
    }

    @Test(arguments: CorpusTests.traces)
    func aHalfSecondStallMidGestureChangesNoOutcome(_ relativePath: String) throws {
        let trace = try Self.load(relativePath)
        for policy in PolicySpec.presets {
            var configuration = trace.header.configuration
            configuration.policy = policy
            let resolved = try configuration.resolve()
            let smooth = HeadlessReplay.run(trace.events, configuration: resolved)
            guard let first = smooth.first else { continue }
            let middle = (first.beganAt + first.releasedAt) / 2
            let stalled = Self.replayWithStall(trace, configuration: resolved, stallStart: middle, stall: 0.5)
            #expect(stalled.map(\.outcome) == smooth.map(\.outcome), "\(relativePath) under \(policy)")
            #expect(stalled.map(\.decision) == smooth.map(\.decision), "\(relativePath) under \(policy)")
            #expect(stalled.map(\.progressAtRelease) == smooth.map(\.progressAtRelease), "\(relativePath) under \(policy)")
            #expect(stalled.map(\.velocityAtRelease) == smooth.map(\.velocityAtRelease), "\(relativePath) under \(policy)")
        }
    }

    @Test(arguments: CorpusTests.traces)
    func twentyReplaysInOneProcessGiveIdenticalReports(_ relativePath: String) throws {
        let trace = try Self.load(relativePath)
        let configuration = try trace.header.configuration.resolve()
        let reports = (0..<20).map { _ in
            ReplayReport.text(trace: relativePath, configuration: trace.header.configuration,
                              records: HeadlessReplay.run(trace.events, configuration: configuration))
        }
        #expect(Set(reports).count == 1)
    }
}
