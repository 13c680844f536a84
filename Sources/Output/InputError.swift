/// An input the command could not use: a trace, a file or a configuration.
package struct InputError: Error, CustomStringConvertible {
    package let description: String

    /// The input problem `description` says.
    package init(description: String) { self.description = description }
}
