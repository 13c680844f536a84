import Output
import Traces

/// The log of `play --frames-out`: one JSON line per presented frame, so that the frame rate
/// can be measured while something else loads the machine (Tests/EndToEnd/attack-serve.py).
package final class FrameLog {
    private let file: OutputFile
    private var previousStart: Double?
    private var frame = 0

    /// Opens `path` for appending (a link or anything but a regular file is refused).
    package init(path: String) throws {
        file = try OutputFile.appending(path)
    }

    /// Logs a frame that started at `start` and took `workSeconds` from then to its present
    /// (window seconds); buffered, so a frame costs no system call.
    package func presented(start: Double, workSeconds: Double) throws {
        frame += 1
        let interval = previousStart.map { start - $0 }
        previousStart = start
        let line = JSONValue.object([
            ("frame", .number(Double(frame))),
            ("start", .number(ReplayReport.rounded(start, 6))),
            ("interval", interval.map { .number(ReplayReport.rounded($0, 6)) } ?? .null),
            ("work", .number(ReplayReport.rounded(workSeconds, 6))),
        ])
        try file.write(JSONWriter.compact(line) + "\n")
    }

    /// Writes what is buffered and closes the file.
    package func finish() throws {
        try file.finish()
    }
}
