import Engine

extension TransitionName {
    /// The transition called `name` (case-insensitively), or an error naming the nearest
    /// transition and every choice.
    public static func parse(_ name: String) throws(ConfigurationError) -> TransitionName {
        guard let transition = TransitionName(name) else {
            let names = TransitionRegistry.names
            throw ConfigurationError(description: "unknown transition '\(name)'\(NameSuggestion.hint(for: name, in: names)) (expected one of: \(names.joined(separator: ", ")))")
        }
        return transition
    }
}

extension CompletionTiming.Name {
    /// The completion timing called `name` (case-insensitively), or an error naming the
    /// nearest and every choice.
    public static func parse(_ name: String) throws(ConfigurationError) -> CompletionTiming.Name {
        guard let timing = CompletionTiming.Name(rawValue: name.lowercased()) else {
            let names = allCases.map(\.rawValue)
            throw ConfigurationError(description: "unknown completion timing '\(name)'\(NameSuggestion.hint(for: name, in: names)) (expected one of: \(names.joined(separator: ", ")))")
        }
        return timing
    }
}
