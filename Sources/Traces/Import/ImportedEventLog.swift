import Engine
import Interaction

/// The events an importer makes, checked as they come: each is rounded to the precision a
/// trace file keeps (so the trace in memory equals the one read back), kept within the trace
/// format's limits, and run through ``PointerSequenceChecker``; a problem becomes a
/// ``TraceError`` naming the source file and line.
struct ImportedEventLog {
    /// The source file named in errors.
    let file: String
    /// The events so far.
    private(set) var events: [PointerEvent] = []
    /// Pointers that went down.
    private(set) var contacts = 0
    /// The most pointers down at once.
    private(set) var mostContactsAtOnce = 0
    private var checker = PointerSequenceChecker()
    private var lastEventOfPointer: [Int: PointerEvent] = [:]

    init(file: String) {
        self.file = file
    }

    /// Pointers down now.
    var pointersDown: Set<Int> { checker.pointersDown }

    /// Appends one event at `microseconds` from the trace's start; `line` is the source line
    /// that completed it. Pressure is 0…1 and size in points.
    mutating func append(pointer: Int, kind: PointerKind, phase: PointerPhase, position: Point, microseconds: Int64,
                         pressure: Double? = nil, size: Double? = nil, line: Int?) throws(TraceError) {
        let limit = Int64(PointerEventCoding.timeLimit) * 1_000_000
        guard microseconds >= 0, microseconds <= limit else {
            throw TraceError(file: file, line: line, problem: "time \(DecimalFormat.fixedString(Double(microseconds) / 1_000_000, decimals: 6)) s from the first event is out of range (0…\(Int(PointerEventCoding.timeLimit)) s)")
        }
        let rounded = Point(x: Self.round(position.x, places: 3), y: Self.round(position.y, places: 3))
        guard rounded.x.isFinite, rounded.y.isFinite,
              abs(rounded.x) <= PointerEventCoding.coordinateLimit, abs(rounded.y) <= PointerEventCoding.coordinateLimit else {
            throw TraceError(file: file, line: line, problem: "position (\(rounded.x), \(rounded.y)) is out of range (at most \(Int(PointerEventCoding.coordinateLimit)) points from the origin)")
        }
        let event = PointerEvent(pointerID: pointer, kind: kind, phase: phase, position: rounded,
                                 timestamp: Double(microseconds) / 1_000_000,
                                 pressure: pressure.map { Self.round(min(max($0, 0), 1), places: 4) },
                                 contactSize: size.map { Self.round(max($0, 0), places: 3) })
        if let problem = checker.check(event) { throw TraceError(file: file, line: line, problem: problem) }
        events.append(event)
        lastEventOfPointer[pointer] = phase.endsContact ? nil : event
        if phase == .down {
            contacts += 1
            mostContactsAtOnce = max(mostContactsAtOnce, checker.pointersDown.count)
        }
    }

    /// Cancels every pointer still down, in id order, at its last position; returns how many.
    mutating func cancelAll(microseconds: Int64, line: Int?) throws(TraceError) -> Int {
        let down = pointersDown.sorted()
        for pointer in down {
            let last = lastEventOfPointer[pointer]
            try append(pointer: pointer, kind: last?.kind ?? .touch, phase: .cancel, position: last?.position ?? .zero,
                       microseconds: microseconds, line: line)
        }
        return down.count
    }

    /// `value` rounded half away from zero to `places` decimals, as a trace file writes it.
    private static func round(_ value: Double, places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (value * scale).rounded(.toNearestOrAwayFromZero) / scale
    }
}
