/// One line of a rule's decision written as code, in no language yet: the policy exporter
/// writes it in Swift, Kotlin, Dart or JavaScript.
public enum DecisionStep: Hashable, Sendable {
    /// A local constant `name` = `expression`.
    case constant(name: String, expression: String)
    /// Return `value` when `condition` holds.
    case returnIf(condition: String, value: String)
    /// Return `value`.
    case returning(String)
}

/// How the language a decision is written in spells what differs between languages.
public protocol DecisionSpelling {
    /// `value` as a literal of the language's 64-bit floating-point type.
    func literal(_ value: Double) -> String
    /// The magnitude of `expression`.
    func magnitude(_ expression: String) -> String
}

/// An input a rule's decision needs beyond progress and velocity.
public enum DecisionInput: String, CaseIterable, Hashable, Sendable {
    /// The travel for progress 1 (points): a projection turns velocity into progress with it.
    case distance
    /// The screen's width (points): a fling in screens per second divides by it.
    case screenWidth

    /// What it is, for the decision function's comment.
    public var meaning: String {
        switch self {
        case .distance: return "travel for progress 1"
        case .screenWidth: return "the screen's width"
        }
    }
}
