import Engine
import Interaction
import Output
import Traces

/// `gesture-lab list KIND`: the names the other commands accept.
package struct ListCommand: Command {
    /// The command.
    package init() {}

    /// Each kind's names, and what `--details` adds to a name (nil: nothing).
    package static let kinds: [(name: String, names: @Sendable () -> [String], details: @Sendable (String) -> String?)] = [
        ("transitions", { TransitionRegistry.names }, { _ in nil }),
        ("controllers", { ControllerKind.names }, { _ in nil }),
        ("policies", { PolicySpec.presets.map(\.canonical) + RuleFamily.allCases.map(\.rawValue) }, { name in
            guard let policy = try? PolicySpec.parse(name) else { return nil }
            return RuleFamily(rawValue: name) != nil ? "family; starts as \(policy.explicit)" : "= \(policy.explicit)"
        }),
        ("completions", { CompletionTiming.presets.map(\.name) }, { _ in nil }),
        ("estimators", { VelocityEstimator.allCases.map(\.rawValue) }, { _ in nil }),
    ]

    /// `--details`.
    private static let details = OptionSpec.flag("--details", help: "After each name, what it stands for (a policy's rule and numbers).")

    package let spec = CommandSpec(
        name: "list",
        summary: "Print the available names of one kind, one per line.",
        arguments: kinds.map(\.name).joined(separator: "|"),
        options: [details],
        positionals: 1...1,
        details: "Examples:\n  gesture-lab list policies\n  gesture-lab list policies --details")

    package func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> ExitCode {
        let kind = arguments.positionals[0]
        guard let entry = Self.kinds.first(where: { $0.name == kind }) else {
            throw UsageError(message: "unknown list '\(kind)' (expected one of: \(Self.kinds.map(\.name).joined(separator: ", ")))", command: spec)
        }
        let names = entry.names()
        guard arguments.flag(Self.details) else {
            for name in names { Console.out(name) }
            return .success
        }
        let width = (names.map(\.count).max() ?? 0) + 2
        for name in names {
            Console.out(entry.details(name).map { name.padded(toLength: width) + $0 } ?? name)
        }
        return .success
    }
}
