/// Jetpack Compose Foundation 1.8's `AnchoredDraggableState` between the anchor at progress 0
/// (the start) and the one at progress 1 (the end), as `DraggableAnchors.computeTarget` (in
/// `AnchoredDraggable.kt`) settles: a release at an anchor stays there whatever its velocity;
/// at rest (velocity exactly 0) it goes to the nearer anchor, the end one on a tie (the
/// anchors' `closestAnchor` keeps the last of equals, and the end is declared last); at least
/// `minimumVelocity` points per second (dp per second) goes the way it moves; a slower one
/// moving forward finishes iff progress ≥ `positionThreshold`, and moving back it finishes iff
/// 1 − progress < `positionThreshold` (the threshold is measured from the anchor it leaves).
/// Only ever the `compose` preset: no family is fitted to it.
public struct AnchoredDraggableRule: ReleaseRule {
    /// The speed from which a release goes the way it moves, in points (dp) per second.
    public var minimumVelocity: Double
    /// The fraction of the distance from the anchor left that a slow release must pass (0…1).
    public var positionThreshold: Double

    /// The rule with these numbers.
    public init(minimumVelocity: Double, positionThreshold: Double) {
        self.minimumVelocity = minimumVelocity
        self.positionThreshold = positionThreshold
    }

    /// `AnchoredDraggableState`'s target, in the order `computeTarget` decides, with progress
    /// outside 0…1 (a pinch's is not clamped) taken as at the anchor beyond which it lies,
    /// where Compose holds its offset (`newOffsetForDelta` coerces it between the anchors).
    /// Compose compares offsets in pixels in Float; the lab compares progress in double precision.
    public func evaluate(_ release: ReleaseMeasurement, explained: Bool) -> ReleaseDecision {
        let progress = release.progress, velocity = release.velocity
        if progress <= 0 {
            return ReleaseDecision(.cancel, explained: explained, "at the start anchor (progress \(ReasonText.progressText(progress))): stays, velocity \(ReasonText.velocityText(velocity))")
        }
        if progress >= 1 {
            return ReleaseDecision(.finish, explained: explained, "at the end anchor (progress \(ReasonText.progressText(progress))): stays, velocity \(ReasonText.velocityText(velocity))")
        }
        if velocity == 0 {
            // Not moving: the closest anchor, the end one (declared last) on a tie.
            return progress >= 0.5
                ? ReleaseDecision(.finish, explained: explained, "at rest, the nearer anchor: progress \(ReasonText.progress(progress, ">=", 0.5))")
                : ReleaseDecision(.cancel, explained: explained, "at rest, the nearer anchor: progress \(ReasonText.progress(progress, "<", 0.5))")
        }
        if abs(velocity) >= minimumVelocity {
            return velocity > 0
                ? ReleaseDecision(.finish, explained: explained, "fling \(ReasonText.velocity(velocity, ">=", minimumVelocity)) towards finishing")
                : ReleaseDecision(.cancel, explained: explained, "fling \(ReasonText.velocity(velocity, "<=", -minimumVelocity)) towards cancelling")
        }
        let slow = explained ? "speed |\(ReasonText.comparison(velocity, "<", minimumVelocity, decimals: 1, unit: " pt/s", absolute: true))" : ""
        if velocity > 0 {
            return progress >= positionThreshold
                ? ReleaseDecision(.finish, explained: explained, "\(slow) forwards and progress \(ReasonText.progress(progress, ">=", positionThreshold))")
                : ReleaseDecision(.cancel, explained: explained, "\(slow) forwards and progress \(ReasonText.progress(progress, "<", positionThreshold))")
        }
        // Moving back, the threshold is measured from the end anchor the drag leaves.
        let fromEnd = 1 - progress
        return fromEnd < positionThreshold
            ? ReleaseDecision(.finish, explained: explained, "\(slow) backwards and 1 - progress \(ReasonText.progress(fromEnd, "<", positionThreshold))")
            : ReleaseDecision(.cancel, explained: explained, "\(slow) backwards and 1 - progress \(ReasonText.progress(fromEnd, ">=", positionThreshold))")
    }

    public var parameters: [(name: String, value: Double)] { [("velocity", minimumVelocity), ("position", positionThreshold)] }

    public func setting(_ name: String, to value: Double) -> AnchoredDraggableRule? {
        var changed = self
        switch name {
        case "velocity": changed.minimumVelocity = value
        case "position": changed.positionThreshold = value
        default: return nil
        }
        return changed
    }

    public var problem: String? {
        ParameterRange.speed("velocity", minimumVelocity, nonNegative: true) ?? ParameterRange.fraction("position", positionThreshold)
    }

    public func velocityThresholds(screenExtent: Double) -> [(velocity: Double, label: String)] {
        [(minimumVelocity, "fling"), (-minimumVelocity, "fling back")]
    }

    public func decisionSteps(_ spelling: some DecisionSpelling) -> [DecisionStep] {
        let number = spelling.literal
        return [.returnIf(condition: "progress <= \(number(0))", value: "false"),
                .returnIf(condition: "progress >= \(number(1))", value: "true"),
                .returnIf(condition: "velocity == \(number(0))", value: "progress >= \(number(0.5))"),
                .returnIf(condition: "\(spelling.magnitude("velocity")) >= \(number(minimumVelocity))", value: "velocity > \(number(0))"),
                .returnIf(condition: "velocity > \(number(0))", value: "progress >= \(number(positionThreshold))"),
                .returning("\(number(1)) - progress < \(number(positionThreshold))")]
    }
}
