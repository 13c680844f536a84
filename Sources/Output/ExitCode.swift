/// The exit codes of `gesture-lab`, the same for every command.
package enum ExitCode: Int32 {
    /// Success; for `check`, every trace matched.
    case success = 0
    /// The command ran but the answer is "no" (a `check` mismatch) or it failed at run time.
    case failure = 1
    /// The command line was wrong: unknown command or flag, missing value.
    case usage = 2
    /// A trace or another input file could not be read or is malformed.
    case badInput = 3
    /// No display, or the window system failed.
    case noDisplay = 4
}
