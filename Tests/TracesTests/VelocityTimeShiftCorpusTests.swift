import Engine
import Foundation
import Interaction
import Testing
import Traces

/// Every corpus trace moved in time by whole microseconds replays to the same velocities and
/// decisions, bit for bit, under every estimator and policy: ages are compared exactly.
@Suite("Velocity: corpus traces shifted in time")
struct VelocityTimeShiftCorpusTests {
    /// Offsets in whole microseconds: one tick, odd seconds, an hour and a day (plus a tick).
    static let offsets: [Int64] = [1, 1_234_567, 3_600_000_017, 86_400_000_000_001]

    static func shifted(_ events: [PointerEvent], by microseconds: Int64) -> [PointerEvent] {
        events.map { event in
            var moved = event
            moved.timestamp = event.timestamp + Double(microseconds) / 1_000_000
            return moved
        }
    }

    /// What a decision depends on, compared bit for bit.
    struct Decided: Equatable {
        let velocity: UInt64
        let progress: UInt64
        let decision: String
        let reason: String
        let outcome: TransitionOutcome

        init(_ record: TransitionRecord) {
            velocity = record.velocityAtRelease.bitPattern
            progress = record.progressAtRelease.bitPattern
            decision = record.decision.rawValue
            reason = record.reason
            outcome = record.outcome
        }
    }

    @Test(arguments: CorpusTests.traces)
    func shiftingACorpusTraceInTimeChangesNoVelocityAndNoDecision(_ relativePath: String) throws {
        let trace = try Trace.load(path: packageRoot.appendingPathComponent("recordings").appendingPathComponent(relativePath).path)
        for estimator in VelocityEstimator.allCases {
            for policy in PolicySpec.presets {
                var configuration = trace.header.configuration
                configuration.velocityEstimator = estimator
                configuration.policy = policy
                let resolved = try configuration.resolve()
                let original = HeadlessReplay.run(trace.events, configuration: resolved).map(Decided.init)
                for offset in Self.offsets {
                    let moved = HeadlessReplay.run(Self.shifted(trace.events, by: offset), configuration: resolved).map(Decided.init)
                    #expect(moved == original, "\(relativePath), \(estimator.rawValue), \(policy), +\(offset) µs")
                }
            }
        }
    }
}
