import Engine

/// What a policy decided at release, and why.
public struct ReleaseDecision: Hashable, Sendable {
    /// Finish or cancel.
    public enum Verdict: String, Hashable, Sendable, CaseIterable {
        /// Complete the transition.
        case finish
        /// Roll it back.
        case cancel

        /// The outcome the transition reaches after this verdict.
        public var outcome: TransitionOutcome { self == .finish ? .finished : .cancelled }
    }

    /// Finish or cancel.
    public var verdict: Verdict
    /// A sentence quoting the numbers that decided it, e.g. "velocity 812 pt/s > 675".
    public var reason: String

    /// Creates a decision.
    public init(_ verdict: Verdict, reason: String) {
        self.verdict = verdict
        self.reason = reason
    }

    /// A decision whose reason is composed only when `explained` (sweeps and tuning ask for
    /// millions of verdicts and read none of the reasons).
    init(_ verdict: Verdict, explained: Bool, _ reason: @autoclosure () -> String) {
        self.init(verdict, reason: explained ? reason() : "")
    }
}
