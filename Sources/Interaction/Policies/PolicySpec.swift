import Engine

/// A release policy as data: a preset or a rule family, with parameters, parsed once from
/// text such as `swiftui-navigation:finish-velocity=500,position=0.2,cancel-velocity=-200`,
/// `position:threshold=0.35`, `fling:velocity=1/s,position=0.5` or
/// `projected:deceleration=0.998,threshold=0.5`, and printed back in one canonical form.
///
/// Syntax: `BASE[:NAME=VALUE,...]`. BASE is a preset (`vctransitions`, …) or a family
/// (`position`, `velocity-position`, `fling`, `projection`); names are case-insensitive.
/// Velocities are points per second (`500` or `500pt/s`); a fling's velocity may instead be
/// screen extents per second (`1/s`). A fling's `at-threshold` says what a release exactly at
/// the position threshold does (`finish` or `cancel`).
public struct PolicySpec: Hashable, Sendable, CustomStringConvertible {
    /// What a spec starts from.
    public enum Base: Hashable, Sendable {
        /// A preset's rule and completion timing.
        case preset(PresetPolicy)
        /// A family's first rule and its completion timing.
        case family(RuleFamily)

        /// The name as written in a spec.
        public var name: String {
            switch self {
            case .preset(let preset): return preset.rawValue
            case .family(let family): return family.rawValue
            }
        }

        /// The rule and timing before parameters.
        var start: ThresholdPolicy {
            switch self {
            case .preset(let preset): return preset.policy
            case .family(let family): return family.start
            }
        }

        /// The preset it is, if it is one.
        var preset: PresetPolicy? {
            switch self {
            case .preset(let preset): return preset
            case .family: return nil
            }
        }

        /// Every base, presets first.
        public static let all: [Base] = PresetPolicy.allCases.map(Base.preset) + RuleFamily.allCases.map(Base.family)
    }

    /// The longest spec accepted, in characters.
    public static let maximumLength = 1000
    /// The largest velocity threshold accepted, in points per second (or screens per second).
    public static let maximumVelocity = 100_000.0

    /// What the spec starts from (it gives the completion timing).
    public let base: Base
    /// The decision rule with every parameter applied.
    public let rule: ThresholdRule

    /// A preset, unchanged.
    public static func preset(_ preset: PresetPolicy) -> PolicySpec {
        PolicySpec(base: .preset(preset), checkedRule: preset.policy.rule)
    }

    /// Every preset, in the order the window cycles through them.
    public static let presets: [PolicySpec] = PresetPolicy.allCases.map(PolicySpec.preset)

    /// `base` with `rule`, or an error naming the parameter out of range.
    public init(base: Base, rule: ThresholdRule) throws(PolicySpecError) {
        if let problem = Self.problem(in: rule) { throw PolicySpecError(description: problem) }
        self.init(base: base, checkedRule: rule)
    }

    private init(base: Base, checkedRule: ThresholdRule) {
        self.base = base
        self.rule = checkedRule
    }

    /// The canonical text: the base alone when the rule is the base's own, otherwise the base and
    /// every parameter in the family's order. Parsing it gives back an equal spec.
    public var canonical: String {
        rule == base.start.rule ? base.name : explicit
    }

    /// The base and every parameter, even unchanged ones: what the HUD and exports show.
    public var explicit: String {
        base.name + ":" + Self.parameterTexts(rule).map { "\($0.name)=\($0.value)" }.joined(separator: ",")
    }

    /// The canonical text.
    public var description: String { canonical }

    /// The policy to decide with: named by the canonical text, timed as its base.
    public var policy: ThresholdPolicy {
        ThresholdPolicy(name: canonical, rule: rule, completionTiming: base.start.completionTiming, preset: rule == base.start.rule ? base.preset : nil)
    }

    /// The same spec with the parameter `name` set to `value` (points per second for
    /// velocities), or an error naming the parameter and what it accepts.
    public func setting(_ name: String, to value: Double) throws(PolicySpecError) -> PolicySpec {
        let names = rule.parameters.map(\.name)
        guard let changed = rule.setting(name.lowercased(), to: value) else {
            throw PolicySpecError(description: "policy \(base.name) has no numeric parameter '\(name)'\(NameSuggestion.hint(for: name, in: names)) (it has: \(names.joined(separator: ", ")))")
        }
        return try PolicySpec(base: base, rule: changed)
    }

    /// Parses `text`; `rules` are named rules (from a policy file) that may be given by name.
    public static func parse(_ text: String, rules: [NamedPolicy] = []) throws(PolicySpecError) -> PolicySpec {
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty else { throw PolicySpecError(description: "empty policy (expected a preset, a family or a rule name, e.g. 'vctransitions' or 'position:threshold=0.35')") }
        guard trimmed.count <= maximumLength else {
            throw PolicySpecError(description: "policy spec of \(trimmed.count) characters is longer than the limit of \(maximumLength)")
        }
        let parts = trimmed.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let baseName = String(parts[0]).trimmingSpaces.lowercased()
        if parts.count == 1, let named = rules.first(where: { $0.name.lowercased() == baseName }) { return named.spec }
        guard var base = Base.all.first(where: { $0.name == baseName }) else {
            let names = Base.all.map(\.name) + rules.map(\.name)
            throw PolicySpecError(description: "unknown policy '\(String(parts[0]))' in '\(trimmed)'\(NameSuggestion.hint(for: baseName, in: names)) (presets: \(PresetPolicy.allCases.map(\.rawValue).joined(separator: ", ")); families: \(RuleFamily.allCases.map(\.rawValue).joined(separator: ", "))\(rules.isEmpty ? "" : "; rules: " + rules.map(\.name).joined(separator: ", ")))")
        }
        guard parts.count == 2 else { return PolicySpec(base: base, checkedRule: base.start.rule) }
        if base == .preset(.compose) && Self.namesTheFlingRule(parts[1]) { base = .family(.fling) }
        var rule = base.start.rule
        var seen: Set<String> = []
        for assignment in parts[1].split(separator: ",", omittingEmptySubsequences: false) {
            let pair = assignment.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(pair[0]).trimmingSpaces.lowercased()
            let known = parameterTexts(rule).map(\.name)
            guard pair.count == 2, !name.isEmpty else {
                throw PolicySpecError(description: "'\(assignment)' in '\(trimmed)' is not NAME=VALUE (\(base.name) takes: \(known.joined(separator: ", ")))")
            }
            guard known.contains(name) else {
                throw PolicySpecError(description: "policy \(base.name) has no parameter '\(pair[0])' in '\(trimmed)'\(NameSuggestion.hint(for: name, in: known)) (it takes: \(known.joined(separator: ", ")))")
            }
            guard seen.insert(name).inserted else {
                throw PolicySpecError(description: "parameter '\(name)' is given twice in '\(trimmed)'")
            }
            rule = try apply(name, String(pair[1]).trimmingSpaces, to: rule, spec: trimmed)
        }
        return try PolicySpec(base: base, rule: rule)
    }

    /// True when `assignments` give a fling rule's own parameter (`at-threshold`, or a velocity in
    /// screens per second): `compose` with them is what `compose` meant before it took
    /// `AnchoredDraggableState`'s boundaries, the `fling` family, whose rule and timing it had.
    private static func namesTheFlingRule(_ assignments: Substring) -> Bool {
        assignments.split(separator: ",").contains { assignment in
            let pair = assignment.split(separator: "=", maxSplits: 1).map { String($0).trimmingSpaces.lowercased() }
            guard pair.count == 2 else { return false }
            return pair[0] == "at-threshold" || (pair[0] == "velocity" && pair[1].hasSuffix("/s") && !pair[1].hasSuffix("pt/s"))
        }
    }

    /// `rule` with the parameter `name` read from `value`.
    private static func apply(_ name: String, _ value: String, to rule: ThresholdRule, spec: String) throws(PolicySpecError) -> ThresholdRule {
        if case .fling(let fling) = rule, let changed = try fling.setting(name, text: value, spec: spec) {
            return .fling(changed)
        }
        var text = value.lowercased()
        if name.hasSuffix("velocity"), text.hasSuffix("pt/s") { text.removeLast(4) }
        let number = try Self.number(text, name: name, spec: spec)
        guard let changed = rule.setting(name, to: number) else {
            throw PolicySpecError(description: "parameter '\(name)' in '\(spec)' cannot be \(value)")
        }
        return changed
    }

    /// `text` as a number, or an error naming the parameter; `screens` when a velocity may also be
    /// given in screens per second (a fling's).
    static func number(_ text: String, name: String, spec: String, screens: Bool = false) throws(PolicySpecError) -> Double {
        guard let number = Double(text.trimmingSpaces), number.isFinite else {
            throw PolicySpecError(description: "parameter '\(name)' in '\(spec)' needs a number\(name.hasSuffix("velocity") ? " (points per second\(screens ? ", or screens per second as '1/s'" : ""))" : ""), got '\(text)'")
        }
        return number
    }

    /// Why `rule` cannot be used, naming the parameter, or nil.
    static func problem(in rule: ThresholdRule) -> String? {
        rule.family.problem
    }

    /// Every parameter of `rule` as spec text, in the family's order.
    static func parameterTexts(_ rule: ThresholdRule) -> [(name: String, value: String)] {
        rule.family.parameterTexts
    }

    /// The shortest text that reads back as `value` ("0.35", "500", "-200").
    public static func numberText(_ value: Double) -> String {
        if value == 0 { return "0" }
        var text = "\(value)"
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}

/// A spec that cannot be parsed or used, with a message naming the bad part.
public struct PolicySpecError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, naming the bad part and, where one is close, the name meant.
    public let description: String

    /// An error saying `description`.
    public init(description: String) {
        self.description = description
    }
}

/// A rule with a name of its own, from a policy file.
public struct NamedPolicy: Hashable, Sendable {
    /// The rule's name (letters, digits and dashes).
    public var name: String
    /// The rule.
    public var spec: PolicySpec

    /// A named rule.
    public init(name: String, spec: PolicySpec) {
        self.name = name
        self.spec = spec
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
