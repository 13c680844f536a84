/// swiftui-navigation-transitions' shape (family `velocity-position`): finish iff velocity >
/// `finishVelocity`, or progress ≥ `positionThreshold` and velocity > `cancelVelocity`.
public struct VelocityPositionRule: ReleaseRule {
    /// A release faster than this finishes, in points per second.
    public var finishVelocity: Double
    /// The progress at or past which a release not flung back finishes (0…1).
    public var positionThreshold: Double
    /// A release at the position must be faster than this to finish, in points per second.
    public var cancelVelocity: Double

    /// The rule with these numbers (velocities in points per second).
    public init(finishVelocity: Double, positionThreshold: Double, cancelVelocity: Double) {
        self.finishVelocity = finishVelocity
        self.positionThreshold = positionThreshold
        self.cancelVelocity = cancelVelocity
    }

    public func evaluate(_ release: ReleaseMeasurement, explained: Bool) -> ReleaseDecision {
        let progress = release.progress, velocity = release.velocity
        if velocity > finishVelocity {
            return ReleaseDecision(.finish, explained: explained, "velocity \(ReasonText.velocity(velocity, ">", finishVelocity))")
        }
        if progress >= positionThreshold && velocity > cancelVelocity {
            return ReleaseDecision(.finish, explained: explained, "progress \(ReasonText.progress(progress, ">=", positionThreshold)) and velocity \(ReasonText.velocity(velocity, ">", cancelVelocity))")
        }
        if progress < positionThreshold {
            return ReleaseDecision(.cancel, explained: explained, "velocity \(ReasonText.velocity(velocity, "<=", finishVelocity)) and progress \(ReasonText.progress(progress, "<", positionThreshold))")
        }
        return ReleaseDecision(.cancel, explained: explained, "velocity \(ReasonText.velocity(velocity, "<=", cancelVelocity))")
    }

    public var parameters: [(name: String, value: Double)] {
        [("finish-velocity", finishVelocity), ("position", positionThreshold), ("cancel-velocity", cancelVelocity)]
    }

    public func setting(_ name: String, to value: Double) -> VelocityPositionRule? {
        var changed = self
        switch name {
        case "finish-velocity": changed.finishVelocity = value
        case "position": changed.positionThreshold = value
        case "cancel-velocity": changed.cancelVelocity = value
        default: return nil
        }
        return changed
    }

    public var problem: String? {
        ParameterRange.speed("finish-velocity", finishVelocity, nonNegative: false) ?? ParameterRange.fraction("position", positionThreshold)
            ?? ParameterRange.speed("cancel-velocity", cancelVelocity, nonNegative: false)
    }

    public func velocityThresholds(screenExtent: Double) -> [(velocity: Double, label: String)] {
        [(finishVelocity, "finish-velocity"), (cancelVelocity, "cancel-velocity")]
    }

    public func decisionSteps(_ spelling: some DecisionSpelling) -> [DecisionStep] {
        [.returnIf(condition: "velocity > \(spelling.literal(finishVelocity))", value: "true"),
         .returning("progress >= \(spelling.literal(positionThreshold)) && velocity > \(spelling.literal(cancelVelocity))")]
    }

    /// `tune`'s grid: position 0.05…0.95 by 0.05, finishing velocity 100…2000 pt/s by 50,
    /// cancelling velocity −1000…0 pt/s by 50 (15,561 rules), the first varying slowest.
    public static func tuningGrid(like reference: VelocityPositionRule?) -> [VelocityPositionRule] {
        var rules: [VelocityPositionRule] = []
        for position in TuningGrid.progress {
            for finish in stride(from: 100.0, through: 2000, by: 50) {
                for cancel in stride(from: -1000.0, through: 0, by: 50) {
                    rules.append(VelocityPositionRule(finishVelocity: finish, positionThreshold: position, cancelVelocity: cancel))
                }
            }
        }
        return rules
    }
}
