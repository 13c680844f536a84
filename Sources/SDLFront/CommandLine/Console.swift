import Foundation

/// Where the program's text goes: standard output for results, standard error for messages.
enum Console {
    /// Writes `text` and a newline to standard output.
    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// Writes `text` as is (no newline) to standard output.
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes `gesture-lab: text` and a newline to standard error.
    static func error(_ text: String) {
        FileHandle.standardError.write(Data(("gesture-lab: " + text + "\n").utf8))
    }

    /// True when standard error is a terminal (for progress bars).
    static var errorIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }
}
