import Output
/// A `gesture-lab` command.
package protocol Command: Sendable {
    /// What it accepts, and its help.
    var spec: CommandSpec { get }
    /// Runs it with parsed arguments (paths already resolved against the context's root) in
    /// `context`; returns the exit code.
    func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> ExitCode
}

