/// Every transition the lab offers, under stable names.
public enum TransitionRegistry {
    /// All transitions in the order the window cycles through them.
    public static let all: [any Transition] = [
        CrossfadeTransition(),
    ]

    /// The stable names, in order.
    public static var names: [String] { all.map(\.name) }

    /// The transition called `name`, if there is one.
    public static func named(_ name: String) -> (any Transition)? {
        all.first { $0.name == name }
    }
}
