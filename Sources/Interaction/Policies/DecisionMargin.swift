/// How close a release decision was: how much the progress alone, or the velocity alone,
/// would have had to change at release for the policy to decide the other way.
///
/// Found by bisection on the policy's own rule, so every policy — present or future — gets
/// margins without a formula of its own; the rules are monotonic in progress and in velocity
/// (more of either never turns a finish into a cancel), which is what bisection needs.
public struct DecisionMargin: Hashable, Sendable {
    /// The change of progress (progress units, signed) that flips the decision, or nil when
    /// no progress in 0…1 would.
    public var progress: Double?
    /// The change of velocity (points per second, signed) that flips the decision, or nil
    /// when no velocity within ±``velocitySearchLimit`` would.
    public var velocity: Double?

    /// The fastest release considered, in points per second.
    public static let velocitySearchLimit = 20_000.0

    /// The margins of `rule`'s decision on `release`.
    public init(rule: ThresholdRule, release: ReleaseMeasurement) {
        let verdict = rule.verdict(release)
        progress = Self.flip(from: release.progress, towards: verdict == .finish ? 0 : 1, verdict: verdict) { value in
            var changed = release
            changed.progress = value
            return rule.verdict(changed)
        }
        velocity = Self.flip(from: release.velocity, towards: verdict == .finish ? -Self.velocitySearchLimit : Self.velocitySearchLimit,
                             verdict: verdict) { value in
            var changed = release
            changed.velocity = value
            return rule.verdict(changed)
        }
    }

    /// The signed distance from `start` to the nearest value towards `end` at which `decide`
    /// no longer returns `verdict`; nil if it never changes on the way.
    static func flip(from start: Double, towards end: Double, verdict: ReleaseDecision.Verdict,
                     decide: (Double) -> ReleaseDecision.Verdict) -> Double? {
        guard decide(end) != verdict else { return nil }
        var same = start
        var other = end
        for _ in 0..<64 {
            let middle = (same + other) / 2
            if decide(middle) == verdict { same = middle } else { other = middle }
        }
        return other - start
    }

    /// "Δp −0.0123, Δv −450 pt/s" with "none" where nothing flips it.
    public var text: String {
        let progressText = progress.map { "Δp \(DecimalFormat.fixedString($0, decimals: 4))" } ?? "Δp none"
        let velocityText = velocity.map { "Δv \(DecimalFormat.fixedString($0, decimals: 0)) pt/s" } ?? "Δv none"
        return "\(progressText), \(velocityText)"
    }
}
