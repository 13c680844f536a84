/// Why an input file (or folder) cannot be read.
package struct InputFileError: Error {
    /// The system's reason, or what the file is when it is not a regular file.
    package let reason: String

    /// The failure the system explains with `reason`.
    package init(reason: String) { self.reason = reason }
}
