import Engine
import Interaction

/// Replays a trace under one policy and compares its outcomes with what the trace expects.
public struct TraceCheck: Hashable, Sendable {
    /// The policy checked.
    public let policy: PolicySpec
    /// The expected outcomes, in order.
    public let expected: [TransitionOutcome]
    /// The replayed transitions.
    public let records: [TransitionRecord]
    /// The trace's timing warnings (``TimingWarnings``): times no hand or clock could make, so
    /// its speeds, and what was decided from them, cannot be trusted.
    public var timingWarnings: [ValidationProblem] = []

    /// The outcomes the replay produced, in order.
    public var got: [TransitionOutcome] { records.map(\.outcome) }

    /// True when the replay produced exactly the expected outcomes.
    public var passed: Bool { got == expected }

    /// Replays `trace` under `policy` (its header's configuration otherwise) and compares with
    /// `expected`.
    public static func run(_ trace: Trace, policy: PolicySpec, expected: [TransitionOutcome]) throws(ConfigurationError) -> TraceCheck {
        var configuration = trace.header.configuration
        configuration.policy = policy
        let resolved = try configuration.resolve()
        return TraceCheck(policy: policy, expected: expected, records: HeadlessReplay.run(trace.events, configuration: resolved))
    }

    /// A check of `records` replayed under `policy` against `expected`.
    public init(policy: PolicySpec, expected: [TransitionOutcome], records: [TransitionRecord], timingWarnings: [ValidationProblem] = []) {
        self.policy = policy
        self.expected = expected
        self.records = records
        self.timingWarnings = timingWarnings
    }
}

extension TraceHeader {
    /// The outcomes the trace expects under `policy`: `expect.outcomes` for the header's own
    /// policy, `expect.policies[policy]` for another (which wins if both are given).
    public func expectedOutcomes(for policy: PolicySpec) -> [TransitionOutcome]? {
        if let byPolicy = expect?.outcomesByPolicy[policy] { return byPolicy }
        return policy == configuration.policy ? expect?.outcomes : nil
    }

    /// Every policy the trace has expectations for, the header's own first, then by name.
    public var policiesWithExpectations: [PolicySpec] {
        var policies: [PolicySpec] = []
        if expect?.outcomes != nil { policies.append(configuration.policy) }
        for policy in (expect?.outcomesByPolicy.keys.sorted { $0.canonical < $1.canonical } ?? []) where !policies.contains(policy) {
            policies.append(policy)
        }
        return policies
    }
}
