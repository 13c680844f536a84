import Interaction

/// One model `tune` chooses among: a fixed rule (a preset, or the rule `--policy` gives), which
/// has nothing to fit, or a rule family with a grid of parameters, fitted to the releases it is
/// given. Model selection compares them by cross-validated agreement.
public struct TuningModel: Hashable, Sendable {
    /// The name printed: the fixed rule's canonical spec, or the family's name.
    public let name: String
    /// What a rule of this model is written from (its completion timing comes with it).
    public let base: PolicySpec.Base
    /// The candidate rules: one for a fixed rule, the family's grid otherwise.
    public let rules: [ThresholdRule]
    /// How many numbers are fitted: 0 for a fixed rule. Fewer wins a tie.
    public let fittedParameters: Int
    /// The rule a tie between grid points is broken towards (the nearest wins).
    public let reference: ThresholdRule

    /// True for a rule with nothing to fit.
    public var isFixed: Bool { fittedParameters == 0 }

    /// A fixed rule.
    public static func fixed(_ spec: PolicySpec) -> TuningModel {
        TuningModel(name: spec.canonical, base: spec.base, rules: [spec.rule], fittedParameters: 0, reference: spec.rule)
    }

    /// `family` over its grid (``grid(for:reference:)``), ties broken towards `reference` (by
    /// default the family's own first rule, e.g. compose's for fling).
    public static func family(_ family: RuleFamily, reference: ThresholdRule? = nil) -> TuningModel {
        let start = PolicySpec.Base.family(family)
        let referenceRule = reference ?? family.firstRule
        let rules = grid(for: family, reference: referenceRule)
        return TuningModel(name: family.rawValue, base: start, rules: rules, fittedParameters: referenceRule.parameters.count, reference: referenceRule)
    }

    /// The progress thresholds every family's grid uses: 0.05…0.95 by 0.05.
    public static let progressGrid: [Double] = (1...19).map { Double($0) * 5 / 100 }

    /// The grid of `family`, in a fixed order (the first parameter varying slowest):
    /// - position: threshold 0.05…0.95 by 0.05 (19 rules);
    /// - velocity-position: position 0.05…0.95 by 0.05, finishing velocity 100…2000 pt/s by 50,
    ///   cancelling velocity −1000…0 pt/s by 50 (15,561);
    /// - fling: velocity 50…2000 pt/s by 50 (or 0.125…5 screens/s by 0.125 when `reference` is
    ///   in screens per second) and position 0.05…0.95 by 0.05, at the threshold as `reference`
    ///   (760);
    /// - projection: deceleration 0.99, 0.995, 0.998 or 0.999 per millisecond, threshold
    ///   0.05…0.95 by 0.05, back-velocity 0…1000 pt/s by 100 (836).
    public static func grid(for family: RuleFamily, reference: ThresholdRule) -> [ThresholdRule] {
        switch family {
        case .position:
            return progressGrid.map { .position(threshold: $0) }
        case .velocityPosition:
            var rules: [ThresholdRule] = []
            for position in progressGrid {
                for finish in stride(from: 100.0, through: 2000, by: 50) {
                    for cancel in stride(from: -1000.0, through: 0, by: 50) {
                        rules.append(.velocityAndPosition(finishVelocity: finish, positionThreshold: position, cancelVelocity: cancel))
                    }
                }
            }
            return rules
        case .fling:
            var unit = ThresholdRule.VelocityUnit.pointsPerSecond, comparison = ThresholdComparison.above
            if case .fling(_, let referenceUnit, _, let referenceComparison) = reference { (unit, comparison) = (referenceUnit, referenceComparison) }
            let velocities = unit == .pointsPerSecond ? (1...40).map { Double($0) * 50 } : (1...40).map { Double($0) / 8 }
            return velocities.flatMap { velocity in
                progressGrid.map { ThresholdRule.fling(minimumVelocity: velocity, unit: unit, positionThreshold: $0, comparison: comparison) }
            }
        case .projection:
            return [0.99, 0.995, 0.998, 0.999].flatMap { rate in
                progressGrid.flatMap { threshold in
                    stride(from: 0.0, through: 1000, by: 100).map { ThresholdRule.projection(decelerationRate: rate, threshold: threshold, backVelocity: $0) }
                }
            }
        }
    }

    /// How far `rule` is from `reference`: each parameter's difference in its own step (0.1 of
    /// progress, 100 pt/s or 1 screen/s, 0.001 of deceleration rate), summed.
    public static func distance(_ rule: ThresholdRule, from reference: ThresholdRule) -> Double {
        let scales = ["threshold": 0.1, "position": 0.1, "deceleration": 0.001]
        var screens = false
        if case .fling(_, let unit, _, _) = rule { screens = unit == .screensPerSecond }
        let others = Dictionary(reference.parameters.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        var total = 0.0
        for (name, value) in rule.parameters {
            guard let other = others[name] else { continue }
            total += abs(value - other) / (scales[name] ?? (screens ? 1 : 100))
        }
        return total
    }
}
