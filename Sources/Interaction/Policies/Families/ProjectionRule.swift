/// A scroll view's projected end point (family `projection`): project the release as a
/// scroll view decelerating at `decelerationRate` per millisecond would
/// (`p + (v/1000)·r/(1 − r)`, v in progress per second) and finish iff the projection passes
/// `threshold`; a fling back faster than `backVelocity` points per second always cancels.
public struct ProjectionRule: ReleaseRule {
    /// A scroll view's normal deceleration rate per millisecond (UIKit's
    /// `UIScrollView.DecelerationRate.normal`), which the projected policy and the HUD's
    /// projection use.
    public static let scrollViewDecelerationRate = 0.998

    /// The deceleration rate per millisecond, between 0 and 1 exclusive.
    public var decelerationRate: Double
    /// The projected progress a release must exceed to finish (0…1).
    public var threshold: Double
    /// A fling back faster than this cancels, in points per second.
    public var backVelocity: Double

    /// The rule with these numbers.
    public init(decelerationRate: Double, threshold: Double, backVelocity: Double) {
        self.decelerationRate = decelerationRate
        self.threshold = threshold
        self.backVelocity = backVelocity
    }

    /// Where a scroll view decelerating at `decelerationRate` per millisecond would come to
    /// rest, in progress units: `p + (v/1000) · r/(1 − r)` with v in progress per second.
    public static func projectedProgress(_ release: ReleaseMeasurement, decelerationRate: Double) -> Double {
        release.progress + (release.progressVelocity / 1000) * decelerationRate / (1 - decelerationRate)
    }

    public func evaluate(_ release: ReleaseMeasurement, explained: Bool) -> ReleaseDecision {
        let progress = release.progress, velocity = release.velocity
        if velocity < -backVelocity {
            return ReleaseDecision(.cancel, explained: explained, "fling back \(ReasonText.velocity(velocity, "<", -backVelocity))")
        }
        let projected = Self.projectedProgress(release, decelerationRate: decelerationRate)
        let context = "(progress \(ReasonText.progressText(progress)), velocity \(ReasonText.velocityText(velocity)))"
        return projected > threshold
            ? ReleaseDecision(.finish, explained: explained, "projected progress \(ReasonText.progress(projected, ">", threshold)) \(context)")
            : ReleaseDecision(.cancel, explained: explained, "projected progress \(ReasonText.progress(projected, "<=", threshold)) \(context)")
    }

    public var parameters: [(name: String, value: Double)] {
        [("deceleration", decelerationRate), ("threshold", threshold), ("back-velocity", backVelocity)]
    }

    public func setting(_ name: String, to value: Double) -> ProjectionRule? {
        var changed = self
        switch name {
        case "deceleration": changed.decelerationRate = value
        case "threshold": changed.threshold = value
        case "back-velocity": changed.backVelocity = value
        default: return nil
        }
        return changed
    }

    public var problem: String? {
        guard decelerationRate > 0, decelerationRate < 1 else {
            return "parameter 'deceleration' must be between 0 and 1 (exclusive), got \(PolicySpec.numberText(decelerationRate))"
        }
        return ParameterRange.fraction("threshold", threshold) ?? ParameterRange.speed("back-velocity", backVelocity, nonNegative: true)
    }

    public var positionThreshold: Double { threshold }

    public func velocityThresholds(screenExtent: Double) -> [(velocity: Double, label: String)] {
        [(-backVelocity, "back-velocity")]
    }

    public var decisionInputs: [DecisionInput] { [.distance] }

    public func decisionSteps(_ spelling: some DecisionSpelling) -> [DecisionStep] {
        let rate = spelling.literal(decelerationRate)
        return [.returnIf(condition: "velocity < \(spelling.literal(-backVelocity))", value: "false"),
                .constant(name: "projected", expression: "progress + (velocity / distance / \(spelling.literal(1000))) * \(rate) / (\(spelling.literal(1)) - \(rate))"),
                .returning("projected > \(spelling.literal(threshold))")]
    }

    /// `tune`'s grid: deceleration 0.99, 0.995, 0.998 or 0.999 per millisecond, threshold
    /// 0.05…0.95 by 0.05, back-velocity 0…1000 pt/s by 100 (836 rules), the first varying slowest.
    public static func tuningGrid(like reference: ProjectionRule?) -> [ProjectionRule] {
        [0.99, 0.995, 0.998, 0.999].flatMap { rate in
            TuningGrid.progress.flatMap { threshold in
                stride(from: 0.0, through: 1000, by: 100).map { ProjectionRule(decelerationRate: rate, threshold: threshold, backVelocity: $0) }
            }
        }
    }
}
