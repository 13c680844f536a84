import FoundationEssentials
import Glibc
import Output
import Plumbing

/// What a command runs in, given to it as values (as swift-argument-parser's commands are run
/// with their output captured, and swift-nio's embedded channels with a clock the test drives):
/// where its text goes, the wall clock, and the folder its relative paths start from.
package struct CommandContext: Sendable {
    /// Where standard output and standard error go: a capture, or nil for the process's own.
    package var capture: ConsoleCapture?
    /// The wall clock.
    package var clock: any WallClock
    /// The folder relative paths on the command line are read from and written to; nil for the
    /// process's working directory (paths then stay as typed, in messages too).
    package var root: String?

    /// A context; each part defaults to the process's own.
    package init(capture: ConsoleCapture? = nil, clock: any WallClock = SystemWallClock(), root: String? = nil) {
        self.capture = capture
        self.clock = clock
        self.root = root
    }

    /// The process's descriptors, the system clock and the working directory.
    package static let process = CommandContext()

    /// `path` as the command opens it: under ``root`` when it is relative and a root is set.
    package func resolve(_ path: String) -> String {
        guard let root, !path.isEmpty, !path.hasPrefix("/") else { return path }
        return root.hasSuffix("/") ? root + path : root + "/" + path
    }
}
