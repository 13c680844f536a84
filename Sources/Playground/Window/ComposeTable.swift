import FoundationEssentials
import Glibc

/// Xlib's compose table, which the playground window goes without: the window takes keys as
/// shortcuts (their key symbols), never composed text, while Xlib's own input method, which SDL
/// opens when its video starts, otherwise reads the locale's whole Compose file (some 6,000
/// lines, about 7 ms of one core on the bench's machine) before every window opens.
///
/// Xlib reads the table from the file `XCOMPOSEFILE` names; the window names an empty one,
/// unless the person named one themselves.
package enum ComposeTable {
    /// The environment variable Xlib takes the compose table's path from.
    package static let variable = "XCOMPOSEFILE"
    /// An empty table.
    package static let empty = "/dev/null"

    /// Names the empty table for this process. Call before SDL's video starts and before the
    /// window's start-up starts other threads (the environment is not safe to change while
    /// another thread reads it).
    package static func skipUnlessChosen() {
        // Without overwriting: a table the person named (even an empty name) is kept.
        setenv(variable, empty, 0)
    }
}
