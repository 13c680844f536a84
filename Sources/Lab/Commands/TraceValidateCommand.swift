import Engine
import FoundationEssentials
import Glibc
import Interaction
import Output
import Plumbing
import Traces

/// `gesture-lab trace validate TRACE…`.
package struct TraceValidateCommand: Command {
    /// The command.
    package init() {}

    /// Its options.
    private enum Option {
        static let strict = OptionSpec.flag("--strict", help: "Fail on warnings too (timing no hand or clock could make: samples of one pointer sharing one time (microseconds, as the file keeps them), steps faster than 20,000 pt/s, times finer than microseconds, a moving trace lasting 0 s).")
    }

    package let spec = CommandSpec(name: "trace validate", summary: "Check traces against the schema and the rules of contact, listing every problem.",
                           arguments: "TRACE...",
                           options: [Option.strict],
                           positionals: 1...Int.max, inputPathsFrom: 0,
                           details: """
                           Exit 0 when every trace is valid, 1 when one is not (or, with --strict, has a warning), 3 when one cannot be read.
                           A warning says the trace's times cannot be true (its clock did not run, or stamped events too close together): its speeds cannot be trusted.
                           Example:
                             gesture-lab trace validate recordings/
                           """)

    package func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> ExitCode {
        var invalid = 0
        let strict = arguments.flag(Option.strict)
        var unreadable = 0
        for path in try TraceInputs.expand(arguments.positionals) {
            let problems = TraceValidator.validate(path: path, cutShortIsProblem: true)
            if problems.contains(where: \.fileIsUnreadable) { unreadable += 1 }
            if problems.isEmpty {
                let warnings = try TimingWarnings.scan(path: path)
                Console.out("\(warnings.isEmpty ? "valid   " : "WARNING ") \(path)")
                for warning in warnings { Console.out("  \(path): warning: \(warning)") }
                if strict && !warnings.isEmpty { invalid += 1 }
            } else {
                invalid += 1
                Console.out("INVALID  \(path)")
                for problem in problems { Console.out("  \(path): \(problem)") }
            }
        }
        return unreadable > 0 ? .badInput : invalid == 0 ? .success : .failure
    }
}
