import Bench
import Glibc
import Interaction
import Lab
import Output
import Plumbing
import Traces

/// The `gesture-lab` program: the command line with SDL's window and pictures and the bench.
@main
enum GestureLab {
    /// Every command, with the window, the pictures and the bench of this program.
    static let program = CommandLineProgram.gestureLab(platform: SDLPlatform(), bench: BenchSections())

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
}
