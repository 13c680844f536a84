import FoundationEssentials

/// The moment the program's `main` began, on the monotonic clock: read first thing in `main`,
/// so the time from launch to it is the loading of the program and its libraries.
package enum ProgramStart {
    /// Monotonic seconds when `main` began.
    package static let time = MonotonicTime.now
    /// The environment the program was launched with, read first thing in `main`: what its
    /// children get, whatever its own windows set since (`ComposeTable`'s variable).
    package static let environment = ProcessInfo.processInfo.environment
}
