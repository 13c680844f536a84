/// A `gesture-lab` command.
package protocol Command: Sendable {
    /// What it accepts, and its help.
    var spec: CommandSpec { get }
    /// Runs it with parsed arguments (paths already resolved against the context's root) in
    /// `context`; returns the exit code.
    func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> ExitCode
}

/// An input the command could not use: a trace, a file or a configuration.
package struct InputError: Error, CustomStringConvertible {
    package let description: String

    /// The input problem `description` says.
    package init(description: String) { self.description = description }
}

/// The window system is not available.
package struct DisplayError: Error, CustomStringConvertible {
    package let description: String

    /// The display problem `description` says.
    package init(description: String) { self.description = description }
}
