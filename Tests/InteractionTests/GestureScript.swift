import Engine
import Interaction

/// Writes multi-pointer gestures step by step on one clock: `down`, `move` and `up` happen at
/// the current time; `drag` and `wait` move the clock on.
struct GestureScript {
    /// The events so far, in order.
    private(set) var events: [PointerEvent] = []
    /// The current time in seconds.
    private(set) var time: Double
    /// The device kind of every pointer.
    let kind: PointerKind
    private var positions: [Int: Point] = [:]

    init(start: Double = 0, kind: PointerKind = .touch) {
        time = start
        self.kind = kind
    }

    /// Where `pointer` is now, in points.
    func position(of pointer: Int) -> Point { positions[pointer] ?? .zero }

    mutating func down(_ pointer: Int, x: Double, y: Double) {
        emit(pointer, .down, Point(x: x, y: y))
    }

    mutating func move(_ pointer: Int, x: Double, y: Double) {
        emit(pointer, .move, Point(x: x, y: y))
    }

    mutating func up(_ pointer: Int) { emit(pointer, .up, position(of: pointer)) }

    mutating func cancel(_ pointer: Int) { emit(pointer, .cancel, position(of: pointer)) }

    mutating func wait(_ seconds: Double) { time = microseconds(time + seconds) }

    /// Moves `pointer` by (`dx`, `dy`) points in `steps` equal moves `interval` seconds apart.
    mutating func drag(_ pointer: Int, dx: Double, dy: Double = 0, steps: Int = 10, interval: Double = 0.016) {
        let start = position(of: pointer)
        for step in 1...steps {
            wait(interval)
            let fraction = Double(step) / Double(steps)
            emit(pointer, .move, Point(x: start.x + dx * fraction, y: start.y + dy * fraction))
        }
    }

    /// Moves several pointers together, each by its own offset, in `steps` frames.
    mutating func drag(_ moves: [(pointer: Int, dx: Double, dy: Double)], steps: Int = 10, interval: Double = 0.016) {
        let starts = moves.map { position(of: $0.pointer) }
        for step in 1...steps {
            wait(interval)
            let fraction = Double(step) / Double(steps)
            for (move, start) in zip(moves, starts) {
                emit(move.pointer, .move, Point(x: start.x + move.dx * fraction, y: start.y + move.dy * fraction))
            }
        }
    }

    private mutating func emit(_ pointer: Int, _ phase: PointerPhase, _ position: Point) {
        positions[pointer] = position
        events.append(PointerEvent(pointerID: pointer, kind: kind, phase: phase, position: position, timestamp: time))
    }
}
