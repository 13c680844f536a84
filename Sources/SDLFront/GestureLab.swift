import Foundation
import Interaction
import Traces
import Lab

/// The `gesture-lab` command line: finds the command, parses its arguments, runs it, and
/// turns every error into one clear message and an exit code.
@main
enum GestureLab {
    /// The program's version, written into every trace it records.
    static let version = "0.1.0"

    /// Top-level commands, in the order `--help` lists them.
    static let commands: [any Command] = [
        StartCommand(), PlayCommand(), ReplayCommand(), CheckCommand(), RenderCommand(), PlotCommand(), PredictCommand(), BenchCommand(), DemoCommand(),
        AgreeCommand(), SweepCommand(), TuneCommand(), ExportPolicyCommand(), CapturePageCommand(), ReportCommand(), ImportCommand(), ListCommand(),
    ]

    /// `trace` subcommands.
    static let traceCommands: [any Command] = [
        TraceInfoCommand(), TraceValidateCommand(), TraceTransformCommand(), TraceDiffCommand(), TraceExportCommand(),
        TraceLabelCommand(), TraceSynthesizeCommand(), TraceSchemaCommand(),
    ]

    static func main() {
        // Swift repairs invalid UTF-8 in arguments, which would turn a file name into another
        // (missing) one; such a name is refused here, shown byte for byte.
        for index in 1..<Int(CommandLine.argc) {
            guard let argument = CommandLine.unsafeArgv[index], String(validatingCString: argument) == nil else { continue }
            let bytes = Array(UnsafeBufferPointer(start: argument, count: strlen(argument))).map { UInt8(bitPattern: $0) }
            FileHandle.standardError.write(Data("gesture-lab: '\(TerminalText.escaped(bytes: bytes))': the name is not valid UTF-8; rename the file (e.g. with convmv) and try again\n".utf8))
            exit(ExitCode.badInput.rawValue)
        }
        exit(run(Array(CommandLine.arguments.dropFirst())).rawValue)
    }

    /// Runs one command line (without the program name) and returns its exit code.
    static func run(_ words: [String]) -> ExitCode {
        guard let first = words.first else { return execute(StartCommand(), []) }
        switch first {
        case "--help", "-h", "help":
            if words.count > 1, let command = find(Array(words.dropFirst())) {
                Console.write(command.command.spec.helpText)
            } else {
                Console.write(overview)
            }
            return .success
        case "--version":
            Console.out("gesture-lab \(version)")
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
            return execute(found.command, Array(words.dropFirst(found.wordCount)))
        }
    }

    private static func find(_ words: [String]) -> (command: any Command, wordCount: Int)? {
        guard let first = words.first?.lowercased() else { return nil }
        if first == "trace" {
            guard words.count > 1, let command = traceCommands.first(where: { $0.spec.name == "trace \(words[1].lowercased())" }) else { return nil }
            return (command, 2)
        }
        guard let command = commands.first(where: { $0.spec.name == first }) else { return nil }
        return (command, 1)
    }

    private static func execute(_ command: any Command, _ words: [String]) -> ExitCode {
        do {
            let arguments = try ParsedArguments.parse(words, spec: command.spec)
            if arguments.wantsHelp {
                Console.write(command.spec.helpText)
                return .success
            }
            return try command.run(arguments)
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

    /// The top-level help.
    static var overview: String {
        var text = """
        gesture-lab \(version): record, replay and test interactive transitions.

        Usage: gesture-lab [COMMAND] [options]

        Commands:

        """
        let all = commands + traceCommands
        let width = (all.map(\.spec.name.count).max() ?? 0) + 2
        for command in all {
            text += "  " + command.spec.name + String(repeating: " ", count: width - command.spec.name.count) + command.spec.summary + "\n"
        }
        text += """

        With no command: the playground window when there is a display, otherwise the headless demo.
        Run 'gesture-lab COMMAND --help' for a command's options and examples.

        """
        return text
    }
}
