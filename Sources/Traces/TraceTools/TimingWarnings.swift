import Engine
import Interaction

/// Signs that a trace's clock did not run while it was recorded: moves of one pointer to
/// different places at one and the same time, or a trace that moves in no time at all. The
/// trace is still valid (a replay runs), but its velocities and durations cannot be trusted;
/// `trace validate` reports these as warnings, and as failures with `--strict`.
public struct TimingWarnings: Sendable {
    /// The shortest run of same-time moves of one pointer worth a warning: two moves to
    /// different places at one time already mean an infinite speed.
    public static let sharedTimestampRunLength = 2

    private var lastMove: [Int: (time: Double, position: Point, runStart: Int, runLength: Int)] = [:]
    private var firstTime: Double?
    private var lastTime: Double?
    private var moved = false
    private var index = 0
    /// The warnings found so far.
    public private(set) var warnings: [ValidationProblem] = []

    /// No warnings yet.
    public init() {}

    /// Looks at the next event of the trace, at 0-based `index` order, on `line` if known.
    public mutating func observe(_ event: PointerEvent, line: Int? = nil) {
        defer { index += 1 }
        if firstTime == nil { firstTime = event.timestamp }
        lastTime = event.timestamp
        guard event.phase == .move else {
            close(event.pointerID)
            lastMove[event.pointerID] = nil
            return
        }
        moved = true
        if let previous = lastMove[event.pointerID], previous.time == event.timestamp, previous.position != event.position {
            lastMove[event.pointerID] = (event.timestamp, event.position, previous.runLength == 0 ? index - 1 : previous.runStart,
                                         max(previous.runLength, 1) + 1)
        } else {
            close(event.pointerID)
            lastMove[event.pointerID] = (event.timestamp, event.position, index, 0)
        }
    }

    /// Finishes the trace: open runs are reported, and a trace that moves in zero time.
    public mutating func finish() -> [ValidationProblem] {
        for pointer in lastMove.keys.sorted() { close(pointer) }
        if moved, let firstTime, let lastTime, lastTime == firstTime {
            warnings.append(ValidationProblem(message: "the trace moves but lasts 0 s: its clock did not run while it was recorded"))
        }
        return warnings
    }

    private mutating func close(_ pointer: Int) {
        guard let run = lastMove[pointer], run.runLength >= Self.sharedTimestampRunLength else { return }
        warnings.append(ValidationProblem(eventIndex: run.runStart,
                                          message: "\(run.runLength) moves of pointer \(pointer) to different places share the time \(run.time) s (the clock did not run)"))
        lastMove[pointer] = (run.time, run.position, index, 0)
    }
}
