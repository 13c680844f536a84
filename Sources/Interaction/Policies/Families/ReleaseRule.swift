/// One family of release rules, everything about it in one place: how a rule of it decides
/// (with a reason quoting the numbers), its named parameters and their ranges, its decision
/// as code for the exported snippets, and the grid `tune` fits it on. ``ThresholdRule`` holds a
/// rule of each family and hands every question to it.
public protocol ReleaseRule: Hashable, Sendable {
    /// The finish-or-cancel decision for `release`; the reason is composed only when `explained`.
    func evaluate(_ release: ReleaseMeasurement, explained: Bool) -> ReleaseDecision
    /// The rule's numbers by name, in the family's fixed order (velocities in points per
    /// second unless the family says otherwise).
    var parameters: [(name: String, value: Double)] { get }
    /// The same rule with the parameter `name` set to `value`, or nil if it has none such
    /// (the range is checked by ``problem``).
    func setting(_ name: String, to value: Double) -> Self?
    /// Why the rule cannot be used, naming the parameter out of range, or nil.
    var problem: String? { get }
    /// The progress beyond which a slow release finishes (drawn on the HUD's progress bar).
    var positionThreshold: Double { get }
    /// Each velocity at which the decision can change, in points per second, with a label, for
    /// a gesture whose screen extent is `screenExtent` points.
    func velocityThresholds(screenExtent: Double) -> [(velocity: Double, label: String)]
    /// Every parameter as spec text, in the family's order (units and words where the family has them).
    var parameterTexts: [(name: String, value: String)] { get }
    /// What the decision needs besides progress and velocity, in the order the code takes it.
    var decisionInputs: [DecisionInput] { get }
    /// The decision as code, line by line, numbers and magnitudes spelled by `spelling`.
    func decisionSteps(_ spelling: some DecisionSpelling) -> [DecisionStep]
}

extension ReleaseRule {
    /// Every parameter as its shortest number text.
    public var parameterTexts: [(name: String, value: String)] {
        parameters.map { (name: $0.name, value: PolicySpec.numberText($0.value)) }
    }

    /// Progress and velocity alone.
    public var decisionInputs: [DecisionInput] { [] }
}

/// The ranges parameters are checked against, with messages naming the parameter.
enum ParameterRange {
    /// A progress in 0…1.
    static func fraction(_ name: String, _ value: Double) -> String? {
        (0...1).contains(value) ? nil : "parameter '\(name)' must be a progress in 0…1, got \(PolicySpec.numberText(value))"
    }

    /// A velocity of at most ``PolicySpec/maximumVelocity`` either way, or only forwards when `nonNegative`.
    static func speed(_ name: String, _ value: Double, nonNegative: Bool) -> String? {
        let range = nonNegative ? 0...PolicySpec.maximumVelocity : -PolicySpec.maximumVelocity...PolicySpec.maximumVelocity
        return range.contains(value) ? nil
            : "parameter '\(name)' must be in \(PolicySpec.numberText(range.lowerBound))…\(PolicySpec.numberText(range.upperBound)), got \(PolicySpec.numberText(value))"
    }
}

/// The values `tune`'s grids share.
public enum TuningGrid {
    /// The progress thresholds every family's grid uses: 0.05…0.95 by 0.05.
    public static let progress: [Double] = (1...19).map { Double($0) * 5 / 100 }
}
