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

    /// `family` over its grid (``RuleFamily/tuningGrid(like:)``), ties broken towards `reference` (by
    /// default the family's own first rule, e.g. compose's for fling).
    public static func family(_ family: RuleFamily, reference: ThresholdRule? = nil) -> TuningModel {
        let start = PolicySpec.Base.family(family)
        let referenceRule = reference ?? family.firstRule
        let rules = family.tuningGrid(like: referenceRule)
        return TuningModel(name: family.rawValue, base: start, rules: rules, fittedParameters: referenceRule.parameters.count, reference: referenceRule)
    }

    /// How far `rule` is from `reference`: each parameter's difference in its own step (0.1 of
    /// progress, 100 pt/s or 1 screen/s, 0.001 of deceleration rate), summed.
    public static func distance(_ rule: ThresholdRule, from reference: ThresholdRule) -> Double {
        let scales = ["threshold": 0.1, "position": 0.1, "deceleration": 0.001]
        var screens = false
        if case .fling(let fling) = rule { screens = fling.unit == .screensPerSecond }
        let others = Dictionary(reference.parameters.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        var total = 0.0
        for (name, value) in rule.parameters {
            guard let other = others[name] else { continue }
            total += abs(value - other) / (scales[name] ?? (screens ? 1 : 100))
        }
        return total
    }
}
