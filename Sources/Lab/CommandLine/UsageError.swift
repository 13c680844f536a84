/// A command line that does not fit its command.
package struct UsageError: Error {
    /// What is wrong.
    package let message: String
    /// The command whose usage to print, if known.
    package let command: CommandSpec?

    /// A usage error saying `message`, with `command`'s usage after it.
    package init(message: String, command: CommandSpec? = nil) {
        self.message = message
        self.command = command
    }
}
