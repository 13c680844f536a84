import Engine
import Interaction

/// Signs that a trace's times cannot be true: samples (a down or a move, then a move) of one
/// pointer at one and the same time, whether at different places or at one, a step faster than
/// any finger, pen or mouse moves, times finer than the format keeps, or a trace that moves in
/// no time at all. Times are compared as the format keeps them, in whole microseconds, so two
/// samples less than a microsecond apart share one time. The trace is still valid (a replay
/// runs), but its velocities and durations cannot be trusted; `trace validate` reports these as
/// warnings (failures with `--strict`) and `check` says which traces carry them.
public struct TimingWarnings: Sendable {
    /// The shortest run of same-time moves of one pointer worth a warning: two moves to
    /// different places at one time already mean an infinite speed.
    public static let sharedTimestampRunLength = 2
    /// The fastest step between two events of one pointer that a hand can make, in points per
    /// second. Flicks on phones peak at 5,000–10,000 pt/s (Android caps flings at 8,000 dp/s);
    /// a step of twice that comes from a clock that stamped two events too close together.
    public static let maximumPlausibleSpeed = 20_000.0
    /// The format keeps times in whole microseconds; finer digits are lost when it is rewritten.
    public static let timeResolution = 1e-6
    /// How many warnings of one kind are listed; the rest are counted in one more line, so a
    /// trace of any size gives a short report in bounded memory.
    public static let listedPerKind = 5

    private enum Kind: Int, CaseIterable {
        case sharedTime, sharedTimeAndPlace, tooFast, tooFine

        /// What the count of the unlisted ones is of.
        var plural: String {
            switch self {
            case .sharedTime: return "runs of moves sharing one time"
            case .sharedTimeAndPlace: return "samples repeating the time and place of the one before"
            case .tooFast: return "steps faster than the ceiling"
            case .tooFine: return "times finer than microseconds"
            }
        }
    }

    /// Each pointer's last move and the run of moves to other places at its time (microseconds).
    private var lastMove: [Int: (time: Int64, position: Point, runStart: Int, runLength: Int)] = [:]
    /// The last event of each pointer in contact (down or move), for the step speed.
    private var lastSample: [Int: (time: Double, position: Point, phase: PointerPhase)] = [:]
    private var firstTime: Double?
    private var lastTime: Double?
    private var moved = false
    private var index = 0
    private var counts = [Int](repeating: 0, count: Kind.allCases.count)
    /// The warnings found so far.
    public private(set) var warnings: [ValidationProblem] = []

    /// No warnings yet.
    public init() {}

    /// Looks at the next event of the trace, at 0-based `index` order, on `line` if known.
    public mutating func observe(_ event: PointerEvent, line: Int? = nil) {
        defer { index += 1 }
        if firstTime == nil { firstTime = event.timestamp }
        lastTime = event.timestamp
        checkResolution(event)
        checkStep(event)
        guard event.phase == .move else {
            close(event.pointerID)
            lastMove[event.pointerID] = nil
            return
        }
        moved = true
        let time = SampleTime.microseconds(event.timestamp)
        if let previous = lastMove[event.pointerID], previous.time == time, previous.position != event.position {
            lastMove[event.pointerID] = (time, event.position, previous.runLength == 0 ? index - 1 : previous.runStart,
                                         max(previous.runLength, 1) + 1)
        } else {
            close(event.pointerID)
            lastMove[event.pointerID] = (time, event.position, index, 0)
        }
    }

    /// Finishes the trace: open runs are reported, the warnings past the listed ones counted,
    /// and a trace that moves in zero time.
    public mutating func finish() -> [ValidationProblem] {
        for pointer in lastMove.keys.sorted() { close(pointer) }
        for kind in Kind.allCases where counts[kind.rawValue] > Self.listedPerKind {
            warnings.append(ValidationProblem(message: "… and \(counts[kind.rawValue] - Self.listedPerKind) more \(kind.plural)"))
        }
        if moved, let firstTime, let lastTime, lastTime == firstTime {
            warnings.append(ValidationProblem(message: "the trace moves but lasts 0 s: its clock did not run while it was recorded"))
        }
        return warnings
    }

    /// Streams the trace at `path` and returns its timing warnings.
    public static func scan(path: String) throws(TraceError) -> [ValidationProblem] {
        let reader = try TraceReader(path: path)
        var warnings = TimingWarnings()
        while let event = try reader.next() { warnings.observe(event) }
        return warnings.finish()
    }

    /// Counts one warning of `kind`; true when it is to be listed (so its text is made only then).
    private mutating func listsNext(_ kind: Kind) -> Bool {
        counts[kind.rawValue] += 1
        return counts[kind.rawValue] <= Self.listedPerKind
    }

    private mutating func checkResolution(_ event: PointerEvent) {
        let microseconds = event.timestamp / Self.timeResolution
        guard microseconds.isFinite, abs(microseconds - microseconds.rounded()) > 1e-3 else { return }
        guard listsNext(.tooFine) else { return }
        warnings.append(ValidationProblem(eventIndex: index, message: "the time \(event.timestamp) s is finer than the format's microseconds: rewriting the trace rounds it"))
    }

    /// A step of one pointer from its last down or move: a move in no time, to another place or
    /// to the same one, or faster than a hand. Two moves to different places at one time are the
    /// shared-time rule's; this one takes every other pair.
    private mutating func checkStep(_ event: PointerEvent) {
        defer {
            if event.phase == .down || event.phase == .move {
                lastSample[event.pointerID] = (event.timestamp, event.position, event.phase)
            } else {
                lastSample[event.pointerID] = nil
            }
        }
        guard event.phase != .down, let previous = lastSample[event.pointerID] else { return }
        let distance = (event.position - previous.position).length
        let interval = Double(SampleTime.microseconds(event.timestamp) - SampleTime.microseconds(previous.time)) * Self.timeResolution
        let pointer = event.pointerID
        guard distance > 0 else {
            // A lift where the last sample was, at its time, is how a contact ends; a second
            // sample there at that time is one the clock could not tell from the first.
            guard event.phase == .move, interval == 0, listsNext(.sharedTimeAndPlace) else { return }
            warnings.append(ValidationProblem(eventIndex: index, message: "pointer \(pointer)'s move repeats the time (\(Double(SampleTime.microseconds(event.timestamp)) / 1_000_000) s) and the place of its \(previous.phase.rawValue) before: two samples of one pointer at one time (the clock did not run, or ran finer than the format's microseconds)"))
            return
        }
        if interval <= 0 {
            guard !(previous.phase == .move && event.phase == .move), listsNext(.tooFast) else { return }
            warnings.append(ValidationProblem(eventIndex: index, message: "pointer \(pointer) goes \(Self.points(distance)) pt from its \(previous.phase.rawValue) to its \(event.phase.rawValue) in no time (at \(event.timestamp) s): an infinite speed"))
            return
        }
        let speed = distance / interval
        guard speed > Self.maximumPlausibleSpeed, listsNext(.tooFast) else { return }
        warnings.append(ValidationProblem(eventIndex: index, message: "pointer \(pointer) steps \(Self.points(distance)) pt in \(DecimalFormat.string(interval * 1000, decimals: 3)) ms (\(DecimalFormat.string(speed, decimals: 0)) pt/s), faster than the \(DecimalFormat.string(Self.maximumPlausibleSpeed, decimals: 0)) pt/s a finger, pen or mouse reaches: its clock stamped the events too close together"))
    }

    private static func points(_ value: Double) -> String { DecimalFormat.string(value, decimals: 2) }

    private mutating func close(_ pointer: Int) {
        guard let run = lastMove[pointer], run.runLength >= Self.sharedTimestampRunLength else { return }
        if listsNext(.sharedTime) {
            warnings.append(ValidationProblem(eventIndex: run.runStart, message: "\(run.runLength) moves of pointer \(pointer) to different places share the time \(Double(run.time) / 1_000_000) s (the clock did not run)"))
        }
        lastMove[pointer] = (run.time, run.position, index, 0)
    }
}
