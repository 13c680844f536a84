/// A `gesture-lab` command.
protocol Command: Sendable {
    /// What it accepts, and its help.
    var spec: CommandSpec { get }
    /// Runs it with parsed arguments; returns the exit code.
    func run(_ arguments: ParsedArguments) throws -> ExitCode
}

/// An input the command could not use: a trace, a file or a configuration.
struct InputError: Error, CustomStringConvertible {
    let description: String
}

/// The window system is not available.
struct DisplayError: Error, CustomStringConvertible {
    let description: String
}
