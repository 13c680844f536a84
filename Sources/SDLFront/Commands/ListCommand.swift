import Engine
import Interaction

/// `gesture-lab list KIND`: the names the other commands accept.
struct ListCommand: Command {
    static let kinds: [(name: String, names: @Sendable () -> [String])] = [
        ("transitions", { TransitionRegistry.names }),
        ("controllers", { ControllerKind.names }),
        ("policies", { PolicySpec.presets.map { "\($0.canonical)  = \($0.explicit)" } + RuleFamily.allCases.map { family in
            (try? PolicySpec.parse(family.rawValue)).map { "\(family.rawValue)  (family; starts as \($0.explicit))" } ?? family.rawValue
        } }),
        ("completions", { CompletionTiming.presets.map(\.name) }),
        ("estimators", { VelocityEstimator.allCases.map(\.rawValue) }),
    ]

    let spec = CommandSpec(
        name: "list",
        summary: "Print the available names of one kind, one per line.",
        usage: "list transitions|controllers|policies|completions|estimators",
        options: [],
        positionals: 1...1,
        details: "Example:\n  gesture-lab list policies")

    func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let kind = arguments.positionals[0]
        guard let entry = Self.kinds.first(where: { $0.name == kind }) else {
            throw UsageError(message: "unknown list '\(kind)' (expected one of: \(Self.kinds.map(\.name).joined(separator: ", ")))", command: spec)
        }
        for name in entry.names() { Console.out(name) }
        return .success
    }
}
