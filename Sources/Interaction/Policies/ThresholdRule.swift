/// A release rule: a rule of one family with its numbers. Each case holds a rule of one family
/// (its own file under `Families/` says everything about it); this type hands every question
/// to it, so adding a family is a file and a case here.
public enum ThresholdRule: Hashable, Sendable {
    /// Finish iff progress > threshold (VCTransitionsLibrary, MDTransitioning).
    case position(PositionRule)
    /// swiftui-navigation-transitions' velocity and position.
    case velocityAndPosition(VelocityPositionRule)
    /// Flutter's back gesture, and a fling rule of any numbers.
    case fling(FlingRule)
    /// A scroll view's projected end point.
    case projection(ProjectionRule)
    /// Jetpack Compose's `AnchoredDraggableState` between two anchors.
    case anchoredDraggable(AnchoredDraggableRule)

    /// The rule of its family that this is.
    public var family: any ReleaseRule {
        switch self {
        case .position(let rule): return rule
        case .velocityAndPosition(let rule): return rule
        case .fling(let rule): return rule
        case .projection(let rule): return rule
        case .anchoredDraggable(let rule): return rule
        }
    }

    /// Finish iff progress > `threshold`.
    public static func position(threshold: Double) -> ThresholdRule {
        .position(PositionRule(threshold: threshold))
    }

    /// Finish iff velocity > `finishVelocity`, or progress ≥ `positionThreshold` and velocity >
    /// `cancelVelocity` (velocities in points per second).
    public static func velocityAndPosition(finishVelocity: Double, positionThreshold: Double, cancelVelocity: Double) -> ThresholdRule {
        .velocityAndPosition(VelocityPositionRule(finishVelocity: finishVelocity, positionThreshold: positionThreshold, cancelVelocity: cancelVelocity))
    }

    /// A fling at least `minimumVelocity` (in `unit`) goes its way; slower, progress decides.
    public static func fling(minimumVelocity: Double, unit: FlingRule.VelocityUnit, positionThreshold: Double,
                             comparison: ThresholdComparison) -> ThresholdRule {
        .fling(FlingRule(minimumVelocity: minimumVelocity, unit: unit, positionThreshold: positionThreshold, comparison: comparison))
    }

    /// The projection at `decelerationRate` per millisecond against `threshold`; a fling back
    /// faster than `backVelocity` points per second cancels.
    public static func projection(decelerationRate: Double, threshold: Double, backVelocity: Double) -> ThresholdRule {
        .projection(ProjectionRule(decelerationRate: decelerationRate, threshold: threshold, backVelocity: backVelocity))
    }

    /// Compose's anchored settling with a fling from `minimumVelocity` points per second.
    public static func anchoredDraggable(minimumVelocity: Double, positionThreshold: Double) -> ThresholdRule {
        .anchoredDraggable(AnchoredDraggableRule(minimumVelocity: minimumVelocity, positionThreshold: positionThreshold))
    }

    /// The finish-or-cancel decision for `release`, with a reason quoting the numbers.
    public func decide(_ release: ReleaseMeasurement) -> ReleaseDecision {
        evaluate(release, explained: true)
    }

    /// Only the verdict for `release`, without composing the reason: what sweeps and tuning
    /// call millions of times. The same rule as ``decide(_:)``, by construction.
    public func verdict(_ release: ReleaseMeasurement) -> ReleaseDecision.Verdict {
        evaluate(release, explained: false).verdict
    }

    /// The decision, by the rule's own family, called directly rather than through ``family``:
    /// tuning asks for millions of verdicts, and a `FlingRule` (25 bytes) does not fit an
    /// existential's inline buffer, so boxing it would allocate on every one.
    private func evaluate(_ release: ReleaseMeasurement, explained: Bool) -> ReleaseDecision {
        switch self {
        case .position(let rule): return rule.evaluate(release, explained: explained)
        case .velocityAndPosition(let rule): return rule.evaluate(release, explained: explained)
        case .fling(let rule): return rule.evaluate(release, explained: explained)
        case .projection(let rule): return rule.evaluate(release, explained: explained)
        case .anchoredDraggable(let rule): return rule.evaluate(release, explained: explained)
        }
    }

    /// The progress beyond which a slow release finishes, if the rule has one (drawn on the
    /// HUD's progress bar).
    public var positionThreshold: Double { family.positionThreshold }

    /// The rule's parameters by name, in a fixed order, so that `sweep` and `tune` can vary them.
    public var parameters: [(name: String, value: Double)] { family.parameters }

    /// The same rule with the parameter `name` set to `value`, or nil if it has no such parameter
    /// (``PolicySpec`` checks the value's range).
    public func setting(_ name: String, to value: Double) -> ThresholdRule? {
        switch self {
        case .position(let rule): return rule.setting(name, to: value).map(ThresholdRule.position)
        case .velocityAndPosition(let rule): return rule.setting(name, to: value).map(ThresholdRule.velocityAndPosition)
        case .fling(let rule): return rule.setting(name, to: value).map(ThresholdRule.fling)
        case .projection(let rule): return rule.setting(name, to: value).map(ThresholdRule.projection)
        case .anchoredDraggable(let rule): return rule.setting(name, to: value).map(ThresholdRule.anchoredDraggable)
        }
    }

    /// Each velocity threshold in points per second with a label, for a gesture whose screen
    /// extent is `screenExtent` points (a fling in screens per second scales by it).
    public func velocityThresholds(screenExtent: Double) -> [(velocity: Double, label: String)] {
        family.velocityThresholds(screenExtent: screenExtent)
    }

    /// True when the release's velocity, not only its progress, decided `release`: the
    /// decision changes for some other velocity at the same progress.
    public func velocityMatters(_ release: ReleaseMeasurement) -> Bool {
        DecisionMargin(rule: self, release: release).velocity != nil
    }
}
