import Engine
import FoundationEssentials
import Glibc
import Interaction
import Output
import Plumbing
import Traces

/// `gesture-lab trace diff`.
package struct TraceDiffCommand: Command {
    /// The command.
    package init() {}

    /// Its options.
    private enum Option {
        static let versusPolicy = OptionSpec(name: "--versus-policy", valueName: "SPEC",
                                             help: "List the releases the replay under --policy decides differently from the replay under this one.")
    }

    package let spec = CommandSpec(
        name: "trace diff",
        summary: "Say where two traces first differ, or where one trace's replays differ under two configurations.",
        arguments: "A [B]",
        options: [Option.versusPolicy] + ConfigurationOptions.specs,
        positionals: 1...2,
        inputPathsFrom: 0,
        details: "Two forms: 'trace diff A B' compares two traces; 'trace diff TRACE --policy SPEC [--versus-policy SPEC] [configuration options]' "
            + "compares one trace's replays (the configuration options apply only to this form).\n"
            + "Exit 0 when equal (with --versus-policy: when every release is decided the same), 1 when they differ.\nExamples:\n  gesture-lab trace diff a.json b.json\n  gesture-lab trace diff recordings/demo.json --policy flutter --versus-policy vctransitions")

    package func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> ExitCode {
        // Both ways stream the traces, so traces of any size are compared in bounded memory.
        let difference: String?
        if arguments.positionals.count == 2 {
            difference = try TraceDiff.firstDifference(TraceReader(path: arguments.positionals[0]), TraceReader(path: arguments.positionals[1]))
        } else {
            let path = arguments.positionals[0]
            let header = try TraceReader(path: path).header
            let first = try TraceLoading.configuration(of: header, path: path, arguments: arguments, spec: spec)
            var secondConfiguration = first.configuration
            let versus = try arguments.value(Option.versusPolicy).map { text throws in
                try ConfigurationOptions.policy(text, rules: ConfigurationOptions.rules(arguments), option: Option.versusPolicy.name, spec: spec)
            }
            if let versus { secondConfiguration.policy = versus } else { secondConfiguration = header.configuration }
            let second = try ConfigurationOptions.resolve(secondConfiguration, spec: spec)
            let firstRecords = try HeadlessReplay.run(TraceReader(path: path), configuration: first)
            let secondRecords = try HeadlessReplay.run(TraceReader(path: path), configuration: second)
            if versus != nil {
                let lines = TraceDiff.decisionDifferences(firstRecords, secondRecords)
                Console.out("\(first.configuration.policy.canonical) vs \(second.configuration.policy.canonical): "
                    + "\(lines.count) of \(max(firstRecords.count, secondRecords.count)) releases decided differently")
                for line in lines { Console.out("  " + line) }
                return lines.isEmpty ? .success : .failure
            }
            difference = TraceDiff.firstDifference(firstRecords, secondRecords)
        }
        Console.out(difference ?? "no difference")
        return difference == nil ? .success : .failure
    }
}
