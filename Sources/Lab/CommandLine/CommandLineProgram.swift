import Dispatch
import FoundationEssentials
import Glibc
import Interaction
import Output
import Plumbing
import Traces

/// A command line: finds the command, parses its arguments, runs it, and turns every error
/// into one clear message and an exit code. The commands are values: ``gestureLab(platform:bench:)``
/// is every command, the program's `main` gives it SDL's platform; a test or an embedding
/// program may run any set of commands.
package struct CommandLineProgram: Sendable {
    /// Top-level commands, in the order `--help` lists them.
    package let commands: [any Command]
    /// `trace` subcommands.
    package let traceCommands: [any Command]
    /// What runs with no words at all.
    package let defaultCommand: any Command
    /// The line after the command list in `--help`: what no command does.
    package let withoutCommand: String

    /// A command line of `commands` and `traceCommands`, running `defaultCommand` with no words.
    package init(commands: [any Command], traceCommands: [any Command], defaultCommand: any Command, withoutCommand: String) {
        self.commands = commands
        self.traceCommands = traceCommands
        self.defaultCommand = defaultCommand
        self.withoutCommand = withoutCommand
    }

    /// The `gesture-lab` command line: every command, in the order `--help` lists them, opening
    /// windows and drawing pictures on `platform` and measuring the bench with `bench`; with no
    /// words, the window when there is a display, otherwise the headless demo.
    package static func gestureLab(platform: any Platform, bench: any BenchRunner) -> CommandLineProgram {
        CommandLineProgram(
            commands: [
                StartCommand(platform: platform), PlayCommand(platform: platform), ReplayCommand(platform: platform), CheckCommand(),
                RenderCommand(platform: platform), PlotCommand(platform: platform), PredictCommand(platform: platform), BenchCommand(runner: bench),
                DemoCommand(platform: platform), AgreeCommand(), SweepCommand(platform: platform), TuneCommand(), ExportPolicyCommand(), ExportTestCommand(),
                CapturePageCommand(), ReportCommand(), ImportCommand(), ListCommand(),
            ],
            traceCommands: [
                TraceInfoCommand(), TraceValidateCommand(), TraceTransformCommand(), TraceDiffCommand(), TraceExportCommand(),
                TraceLabelCommand(), TraceSynthesizeCommand(), TraceSchemaCommand(),
            ],
            defaultCommand: StartCommand(platform: platform),
            withoutCommand: "With no command: the playground window when there is a display, otherwise the headless demo.")
    }

    /// The command line without a window system: every command, the window's and the pictures'
    /// refused with ``DisplayError`` (what the command-line tests run).
    package static let withoutWindow = gestureLab(platform: NoPlatform(), bench: NoPlatform())

    /// Runs one command line (without the program name) in `context` and returns its exit
    /// code: its text goes to the context's capture (when it has one), its dates come from the
    /// context's clock and its relative paths start from the context's root.
    package func run(_ words: [String], in context: CommandContext = .process) -> ExitCode {
        guard let capture = context.capture else { return dispatch(words, in: context) }
        return Console.$capture.withValue(capture) { dispatch(words, in: context) }
    }

    private func dispatch(_ words: [String], in context: CommandContext) -> ExitCode {
        guard let first = words.first else { return execute(defaultCommand, [], in: context) }
        switch first {
        case "--help", "-h", "help":
            if words.count > 1, let command = find(Array(words.dropFirst())) {
                Console.write(command.command.spec.helpText)
            } else if words.count == 2, words[1].lowercased() == "trace" {
                Console.write(traceOverview)
            } else {
                Console.write(overview)
            }
            return .success
        case "--version":
            Console.out("gesture-lab \(LabVersion.current)")
            return .success
        case _ where first.lowercased() == "trace" && (words.count == 1 || ["--help", "-h", "help"].contains(words[1])):
            // The group itself: its subcommands, as help (exit 0) or as what is missing (exit 2).
            guard words.count > 1 else {
                Console.error("'trace' needs a subcommand: \(traceCommands.map { String($0.spec.name.dropFirst("trace ".count)) }.joined(separator: ", "))")
                Console.rawError(traceOverview)
                return .usage
            }
            Console.write(traceOverview)
            return .success
        default:
            guard let found = find(words) else {
                let isTrace = first.lowercased() == "trace" && words.count > 1
                let name = isTrace ? "trace \(words[1])" : first
                let names = isTrace ? traceCommands.map { String($0.spec.name.dropFirst("trace ".count)) } : commands.map(\.spec.name) + ["trace"]
                Console.error("unknown command '\(Escaped.text(name))'\(NameSuggestion.hint(for: isTrace ? words[1] : first, in: names))")
                Console.rawError(overview)
                return .usage
            }
            return execute(found.command, Array(words.dropFirst(found.wordCount)), in: context)
        }
    }

    private func find(_ words: [String]) -> (command: any Command, wordCount: Int)? {
        guard let first = words.first?.lowercased() else { return nil }
        if first == "trace" {
            guard words.count > 1, let command = traceCommands.first(where: { $0.spec.name == "trace \(words[1].lowercased())" }) else { return nil }
            return (command, 2)
        }
        guard let command = commands.first(where: { $0.spec.name == first }) else { return nil }
        return (command, 1)
    }

    private func execute(_ command: any Command, _ words: [String], in context: CommandContext) -> ExitCode {
        do {
            let arguments = try ParsedArguments.parse(words, spec: command.spec, context: context)
            if arguments.wantsHelp {
                Console.write(command.spec.helpText)
                return .success
            }
            return try command.run(arguments, in: context)
        } catch let error as UsageError {
            Console.error(error.message)
            if let spec = error.command {
                Console.rawError("Usage: gesture-lab \(spec.usage)\nRun 'gesture-lab \(spec.name) --help' for more.\n")
            }
            return .usage
        } catch let error as TraceError {
            Console.error(error.description)
            return .badInput
        } catch let error as InputError {
            Console.error(error.description)
            return .badInput
        } catch let error as DisplayError {
            Console.error(error.description)
            return .noDisplay
        } catch {
            Console.error("\(error)")
            return .failure
        }
    }

    /// The `trace` group's help: its subcommands, one per line with its summary.
    package var traceOverview: String {
        "Usage: gesture-lab trace SUBCOMMAND [options]\n\nSubcommands:\n" + Self.listing(traceCommands) + "\nRun 'gesture-lab trace SUBCOMMAND --help' for a subcommand's options and examples.\n"
    }

    /// The top-level help.
    package var overview: String {
        var text = """
        gesture-lab \(LabVersion.current): record, replay and test interactive transitions.

        Usage: gesture-lab [COMMAND] [options]

        Commands:

        """
        text += Self.listing(commands + traceCommands)
        text += """

        \(withoutCommand)
        Run 'gesture-lab COMMAND --help' for a command's options and examples.

        """
        return text
    }

    /// One line per command: its name, padded to the longest, and its summary.
    private static func listing(_ commands: [any Command]) -> String {
        let width = (commands.map(\.spec.name.count).max() ?? 0) + 2
        return commands.map { "  " + $0.spec.name + String(repeating: " ", count: width - $0.spec.name.count) + $0.spec.summary + "\n" }.joined()
    }
}
