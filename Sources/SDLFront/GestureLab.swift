import FoundationEssentials
import Glibc
import Interaction
import Lab
import Traces

/// The `gesture-lab` command line: finds the command, parses its arguments, runs it, and
/// turns every error into one clear message and an exit code.
@main
enum GestureLab {
    /// The program's version, written into every trace it records.
    static let version = LabVersion.current

    /// Every command, in the order `--help` lists them: the window's and the pictures' from
    /// this module, the rest from Lab.
    static let program = CommandLineProgram(
        commands: [
            StartCommand(), PlayCommand(), ReplayCommand(), CheckCommand(), RenderCommand(), PlotCommand(), PredictCommand(), BenchCommand(), DemoCommand(),
            AgreeCommand(), SweepCommand(plotter: SweepPlot()), TuneCommand(), ExportPolicyCommand(), ExportTestCommand(), CapturePageCommand(), ReportCommand(),
            ImportCommand(), ListCommand(),
        ],
        traceCommands: CommandLineProgram.traceCommandsWithoutWindow, defaultCommand: StartCommand(),
        withoutCommand: "With no command: the playground window when there is a display, otherwise the headless demo.")

    static func main() {
        _ = ProgramStart.time
        _ = ProgramStart.environment
        // Swift repairs invalid UTF-8 in arguments, which would turn a file name into another
        // (missing) one; such a name is refused here, shown byte for byte.
        for index in 1..<Int(CommandLine.argc) {
            guard let argument = CommandLine.unsafeArgv[index], String(validatingCString: argument) == nil else { continue }
            let bytes = Array(UnsafeBufferPointer(start: argument, count: strlen(argument))).map { UInt8(bitPattern: $0) }
            Console.rawError("gesture-lab: '\(TerminalText.escaped(bytes: bytes))': the name is not valid UTF-8; rename the file (e.g. with convmv) and try again\n")
            exit(ExitCode.badInput.rawValue)
        }
        exit(run(Array(CommandLine.arguments.dropFirst())).rawValue)
    }

    /// Runs one command line (without the program name) and returns its exit code.
    static func run(_ words: [String], in context: CommandContext = .process) -> ExitCode { program.run(words, in: context) }

    /// The top-level help.
    static var overview: String { program.overview }
}
