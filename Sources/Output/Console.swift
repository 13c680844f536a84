import FoundationEssentials
import Glibc
import Interaction
import Plumbing
import Synchronization
import Traces

/// Where the program's text goes: standard output for results, standard error for messages.
///
/// Everything passes through ``TerminalText/escaped(_:keepingLineBreaks:)``, so text that came
/// from a file (notes, device names, names quoted in errors, paths) cannot drive the terminal.
///
/// A caller can send a command's text to a ``ConsoleCapture`` instead of the process's
/// descriptors (``capturing(_:)``): the capture is bound to the calling task, so commands run
/// side by side (tests in parallel) each keep their own output and never touch the process's.
package enum Console {
    /// The capture of the task running now, if any.
    @TaskLocal package static var capture: ConsoleCapture?

    /// Runs `body` with this task's text going to a new capture, and returns both.
    package static func capturing<Result>(_ body: () throws -> Result) rethrows -> (result: Result, capture: ConsoleCapture) {
        let capture = ConsoleCapture()
        let result = try $capture.withValue(capture) { try body() }
        return (result, capture)
    }

    /// Writes `text` and a newline to standard output.
    package static func out(_ text: String) {
        emit(TerminalText.escaped(text, keepingLineBreaks: true) + "\n", toError: false)
    }

    /// Writes `text` as is (no newline) to standard output, control characters escaped.
    package static func write(_ text: String) {
        emit(TerminalText.escaped(text, keepingLineBreaks: true), toError: false)
    }

    /// Writes JSON that ``JSONWriter`` made to standard output as it is (a newline after it
    /// unless `newline` is false): its strings escape every control, bidi control and line
    /// separator as `\u` escapes, so it is safe on a terminal and stays JSON a parser reads.
    package static func json(_ text: String, newline: Bool = true) {
        emit(newline ? text + "\n" : text, toError: false)
    }

    /// Writes `gesture-lab: text` and a newline to standard error.
    package static func error(_ text: String) {
        emit("gesture-lab: " + TerminalText.escaped(text, keepingLineBreaks: true) + "\n", toError: true)
    }

    /// Writes `text` to standard error as it is: the program's own text (usage, the command
    /// list, a progress bar), never text from a file.
    package static func rawError(_ text: String) {
        emit(text, toError: true)
    }

    /// One line from a file (a note, a name, a history step) with its line breaks escaped too,
    /// so it cannot pass for lines of the program's own output.
    package static func field(_ text: String) -> String {
        TerminalText.escaped(text)
    }

    /// True when standard error is a terminal (for progress bars); never while captured.
    package static var errorIsTerminal: Bool { capture == nil && isatty(STDERR_FILENO) != 0 }

    private static func emit(_ text: String, toError: Bool) {
        if let capture {
            capture.append(text, toError: toError)
        } else {
            _ = DescriptorOutput.writeAll(Array(text.utf8), to: toError ? STDERR_FILENO : STDOUT_FILENO)
        }
    }
}

/// What a command wrote while captured: its standard output, its standard error, and both in
/// the order written, as a terminal would show them.
package final class ConsoleCapture: Sendable {
    private struct Texts {
        var output = ""
        var error = ""
        var combined = ""
    }
    private let texts = Mutex(Texts())

    /// Everything written to standard output.
    package var output: String { texts.withLock { $0.output } }
    /// Everything written to standard error.
    package var error: String { texts.withLock { $0.error } }
    /// Both, in the order written.
    package var combined: String { texts.withLock { $0.combined } }

    fileprivate func append(_ text: String, toError: Bool) {
        texts.withLock {
            if toError { $0.error += text } else { $0.output += text }
            $0.combined += text
        }
    }
}
