import Engine
import Glibc

/// A pinch from the mouse wheel with Ctrl held, which is how trackpad pinches reach many X11
/// programs: the first notch puts two pointers down either side of the cursor, every notch
/// after it spreads or closes them by a fixed factor, and a pause ends the pinch. The first
/// notch does not also move them: fingers that land and move in the same instant would step
/// at an infinite speed, as no hand can (`trace validate` would flag every wheel pinch).
public struct WheelPinchEmulator: Hashable, Sendable {
    /// Half the distance between the two pointers when a pinch starts, in points.
    public static let startingHalfSpan = 100.0
    /// How much one notch scales the span (away from the user spreads, towards closes).
    public static let scalePerNotch = 1.1
    /// How long after the last notch the pinch ends, in seconds.
    public static let idleEnd = 0.25
    /// The pointer ids the two emulated fingers use (never taken by SDL's mouse or fingers).
    public static let pointerIDs = (2_000, 2_001)

    private var center = Point.zero
    private var halfSpan = WheelPinchEmulator.startingHalfSpan
    private var lastNotch: Double?

    /// An emulator with no pinch in progress.
    public init() {}

    /// True while the emulated fingers are down.
    public var isPinching: Bool { lastNotch != nil }

    /// The events for `notches` wheel notches (positive spreads) at `position` (points) at
    /// `time` (seconds).
    public mutating func events(notches: Double, at position: Point, time: Double) -> [PointerEvent] {
        defer { lastNotch = time }
        guard lastNotch != nil else {
            center = position
            halfSpan = Self.startingHalfSpan
            return fingers(phase: .down, time: time)
        }
        halfSpan = min(max(halfSpan * pow(Self.scalePerNotch, notches), 4), 4000)
        return fingers(phase: .move, time: time)
    }

    /// The lift of both fingers if the wheel has been still long enough by `time` (seconds).
    public mutating func events(idleAt time: Double) -> [PointerEvent] {
        guard let lastNotch, time - lastNotch >= Self.idleEnd else { return [] }
        self.lastNotch = nil
        return fingers(phase: .up, time: time)
    }

    private func fingers(phase: PointerPhase, time: Double) -> [PointerEvent] {
        [PointerEvent(pointerID: Self.pointerIDs.0, kind: .touch, phase: phase, position: Point(x: center.x - halfSpan, y: center.y), timestamp: time),
         PointerEvent(pointerID: Self.pointerIDs.1, kind: .touch, phase: phase, position: Point(x: center.x + halfSpan, y: center.y), timestamp: time)]
    }
}
