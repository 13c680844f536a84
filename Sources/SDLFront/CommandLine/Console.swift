import Foundation
import Interaction

/// Where the program's text goes: standard output for results, standard error for messages.
///
/// Everything passes through ``TerminalText/escaped(_:keepingLineBreaks:)``, so text that came
/// from a file (notes, device names, names quoted in errors, paths) cannot drive the terminal.
enum Console {
    /// Writes `text` and a newline to standard output.
    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data((TerminalText.escaped(text, keepingLineBreaks: true) + "\n").utf8))
    }

    /// Writes `text` as is (no newline) to standard output, control characters escaped.
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(TerminalText.escaped(text, keepingLineBreaks: true).utf8))
    }

    /// Writes `gesture-lab: text` and a newline to standard error.
    static func error(_ text: String) {
        FileHandle.standardError.write(Data(("gesture-lab: " + TerminalText.escaped(text, keepingLineBreaks: true) + "\n").utf8))
    }

    /// One line from a file (a note, a name, a history step) with its line breaks escaped too,
    /// so it cannot pass for lines of the program's own output.
    static func field(_ text: String) -> String {
        TerminalText.escaped(text)
    }

    /// True when standard error is a terminal (for progress bars).
    static var errorIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }
}
