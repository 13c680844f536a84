/// The interaction controllers the lab offers, named as command lines, trace headers and
/// reports spell them. A name is parsed into a kind once, where it comes in.
public enum ControllerKind: String, Hashable, Sendable, CaseIterable {
    /// A horizontal swipe anywhere (VCTransitionsLibrary): pop, dismiss or change tabs.
    case swipe
    /// A vertical swipe anywhere.
    case verticalSwipe = "vertical-swipe"
    /// A pan that starts at a screen edge (MDTransitioning).
    case edgePan = "edge-pan"
    /// A pan in any direction (swiftui-navigation-transitions).
    case pan
    /// Two fingers pinching in or out.
    case pinch

    /// Every kind's name, in the order the window cycles through them.
    public static var names: [String] { allCases.map(\.rawValue) }

    /// The kind called `name` (case-insensitively), or an error naming the nearest kind and
    /// every choice.
    public static func parse(_ name: String) throws(ConfigurationError) -> ControllerKind {
        guard let kind = ControllerKind(rawValue: name.lowercased()) else {
            throw ConfigurationError(description: "unknown controller '\(name)'\(NameSuggestion.hint(for: name, in: names)) (expected one of: \(names.joined(separator: ", ")))")
        }
        return kind
    }

    /// Kinds listed by name and joined with "+", as titles and the HUD show several competing
    /// controllers (`edge-pan+swipe`).
    public static func title(_ kinds: [ControllerKind]) -> String {
        kinds.map(\.rawValue).joined(separator: "+")
    }
}
