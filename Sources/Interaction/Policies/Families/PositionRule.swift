/// Finish iff progress passes a threshold: VCTransitionsLibrary (0.5) and MDTransitioning's
/// edge pop (0.25) (family `position`).
public struct PositionRule: ReleaseRule {
    /// The progress a release must exceed to finish (0…1).
    public var threshold: Double

    /// Finish iff progress > `threshold`.
    public init(threshold: Double) {
        self.threshold = threshold
    }

    public func evaluate(_ release: ReleaseMeasurement, explained: Bool) -> ReleaseDecision {
        ReasonText.positionDecision(release, threshold: threshold, comparison: .above, prefix: "", explained: explained)
    }

    public var parameters: [(name: String, value: Double)] { [("threshold", threshold)] }

    public func setting(_ name: String, to value: Double) -> PositionRule? {
        name == "threshold" ? PositionRule(threshold: value) : nil
    }

    public var problem: String? { ParameterRange.fraction("threshold", threshold) }

    public var positionThreshold: Double { threshold }

    public func velocityThresholds(screenExtent: Double) -> [(velocity: Double, label: String)] { [] }

    public func decisionSteps(_ spelling: some DecisionSpelling) -> [DecisionStep] {
        [.returning("progress > \(spelling.literal(threshold))")]
    }

    /// `tune`'s grid: threshold 0.05…0.95 by 0.05 (19 rules).
    public static func tuningGrid(like reference: PositionRule?) -> [PositionRule] {
        TuningGrid.progress.map { PositionRule(threshold: $0) }
    }
}
