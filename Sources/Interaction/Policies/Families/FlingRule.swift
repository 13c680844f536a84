/// Flutter's back gesture, and a fling rule of any numbers (family `fling`): a release at
/// least as fast as `minimumVelocity` (in `unit`) goes the way it was flung; a slower one
/// finishes iff its progress passes `positionThreshold` by `comparison`.
public struct FlingRule: ReleaseRule {
    /// The unit a fling's velocity threshold is given in.
    public enum VelocityUnit: String, Hashable, Sendable {
        /// Points per second.
        case pointsPerSecond = "pt/s"
        /// Screen extents (widths for horizontal gestures) per second.
        case screensPerSecond = "screens/s"
    }

    /// The speed from which a release goes the way it moves, in `unit`.
    public var minimumVelocity: Double
    /// The unit of `minimumVelocity`.
    public var unit: VelocityUnit
    /// The progress a slower release must pass to finish (0…1).
    public var positionThreshold: Double
    /// Whether a slower release exactly at the threshold passes it.
    public var comparison: ThresholdComparison

    /// The rule with these numbers.
    public init(minimumVelocity: Double, unit: VelocityUnit, positionThreshold: Double, comparison: ThresholdComparison) {
        self.minimumVelocity = minimumVelocity
        self.unit = unit
        self.positionThreshold = positionThreshold
        self.comparison = comparison
    }

    public func evaluate(_ release: ReleaseMeasurement, explained: Bool) -> ReleaseDecision {
        let velocity = release.velocity
        let speed = unit == .screensPerSecond
            ? (release.screenExtent > 0 ? velocity / release.screenExtent : 0)
            : velocity
        let decimals = unit == .screensPerSecond ? 3 : 1
        if abs(speed) >= minimumVelocity {
            return speed > 0
                ? ReleaseDecision(.finish, explained: explained, "fling \(ReasonText.comparison(speed, ">=", minimumVelocity, decimals: decimals, unit: " \(unit.rawValue)")) towards finishing")
                : ReleaseDecision(.cancel, explained: explained, "fling \(ReasonText.comparison(speed, "<=", -minimumVelocity, decimals: decimals, unit: " \(unit.rawValue)")) towards cancelling")
        }
        return ReasonText.positionDecision(release, threshold: positionThreshold, comparison: comparison,
                                           prefix: explained ? "speed |\(ReasonText.comparison(speed, "<", minimumVelocity, decimals: decimals, unit: " \(unit.rawValue)", absolute: true)) and " : "",
                                           explained: explained)
    }

    public var parameters: [(name: String, value: Double)] { [("velocity", minimumVelocity), ("position", positionThreshold)] }

    public func setting(_ name: String, to value: Double) -> FlingRule? {
        var changed = self
        switch name {
        case "velocity": changed.minimumVelocity = value
        case "position": changed.positionThreshold = value
        default: return nil
        }
        return changed
    }

    /// The same rule with the parameter `name` read from spec text `value`: `at-threshold` is
    /// `finish` or `cancel`, and `velocity` may name its unit (`1/s`, `1screens/s`, `300pt/s`).
    /// Nil when `name` is neither; an error naming the parameter when `value` will not do.
    func setting(_ name: String, text value: String, spec: String) throws(PolicySpecError) -> FlingRule? {
        var changed = self
        switch name {
        case "at-threshold":
            switch value.lowercased() {
            case "finish": changed.comparison = .atOrAbove
            case "cancel": changed.comparison = .above
            default: throw PolicySpecError(description: "parameter 'at-threshold' in '\(spec)' must be finish or cancel, got '\(value)'")
            }
            return changed
        case "velocity":
            let lowered = value.lowercased()
            changed.unit = .pointsPerSecond
            var number = lowered
            for (suffix, unit) in [("screens/s", VelocityUnit.screensPerSecond), ("pt/s", .pointsPerSecond), ("/s", .screensPerSecond)] where lowered.hasSuffix(suffix) {
                number = String(lowered.dropLast(suffix.count))
                changed.unit = unit
                break
            }
            changed.minimumVelocity = try PolicySpec.number(number, name: name, spec: spec, screens: true)
            return changed
        default:
            return nil
        }
    }

    public var problem: String? {
        ParameterRange.speed("velocity", minimumVelocity, nonNegative: true) ?? ParameterRange.fraction("position", positionThreshold)
    }

    public func velocityThresholds(screenExtent: Double) -> [(velocity: Double, label: String)] {
        let points = unit == .screensPerSecond ? minimumVelocity * screenExtent : minimumVelocity
        return [(points, "fling"), (-points, "fling back")]
    }

    public var parameterTexts: [(name: String, value: String)] {
        [("velocity", PolicySpec.numberText(minimumVelocity) + (unit == .screensPerSecond ? "/s" : "pt/s")),
         ("position", PolicySpec.numberText(positionThreshold)),
         ("at-threshold", comparison == .atOrAbove ? "finish" : "cancel")]
    }

    public var decisionInputs: [DecisionInput] { unit == .screensPerSecond ? [.screenWidth] : [] }

    public func decisionSteps(_ spelling: some DecisionSpelling) -> [DecisionStep] {
        [.constant(name: "speed", expression: unit == .screensPerSecond ? "velocity / screenWidth" : "velocity"),
         .returnIf(condition: "\(spelling.magnitude("speed")) >= \(spelling.literal(minimumVelocity))", value: "speed > \(spelling.literal(0))"),
         .returning("progress \(comparison.rawValue) \(spelling.literal(positionThreshold))")]
    }

    /// `tune`'s grid: velocity 50…2000 pt/s by 50 (or 0.125…5 screens/s by 0.125 when
    /// `reference` is in screens per second) and position 0.05…0.95 by 0.05, at the threshold
    /// as `reference` (760 rules), the velocity varying slowest.
    public static func tuningGrid(like reference: FlingRule?) -> [FlingRule] {
        let unit = reference?.unit ?? .pointsPerSecond, comparison = reference?.comparison ?? .above
        let velocities = unit == .pointsPerSecond ? (1...40).map { Double($0) * 50 } : (1...40).map { Double($0) / 8 }
        return velocities.flatMap { velocity in
            TuningGrid.progress.map { FlingRule(minimumVelocity: velocity, unit: unit, positionThreshold: $0, comparison: comparison) }
        }
    }
}
