/// The program's version, written into every trace it records.
package enum LabVersion {
    /// `MAJOR.MINOR.PATCH`.
    package static let current = "0.1.0"
}
