/// The window system is not available.
package struct DisplayError: Error, CustomStringConvertible {
    package let description: String

    /// The display problem `description` says.
    package init(description: String) { self.description = description }
}
