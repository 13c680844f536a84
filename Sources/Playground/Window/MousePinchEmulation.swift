import Engine
import Interaction

/// A pinch without a touchscreen, as the window offers it: with Alt held a mouse drag gets a
/// second pointer mirrored about the window's centre, and with Ctrl held the wheel spreads or
/// gathers two pointers. It keeps the modifier keys' state the two need.
struct MousePinchEmulation {
    private var mirrored: MirroredPinchEmulator
    private var wheel = WheelPinchEmulator()
    private var altHeld = false
    private var controlHeld = false

    /// Mirrors about `center`, in points.
    init(center: Point) {
        mirrored = MirroredPinchEmulator(center: center)
    }

    /// The point the Alt+drag pinch mirrors about, in points (the window's centre).
    var center: Point {
        get { mirrored.center }
        set { mirrored.center = newValue }
    }

    /// The pointer events a mouse event makes: itself, and its mirror while Alt is held.
    mutating func events(forMouse event: PointerEvent) -> [PointerEvent] {
        mirrored.events(for: event, altHeld: altHeld)
    }

    /// The pinch `notches` of the wheel make at `position` (points) and `time` (seconds), while
    /// Ctrl is held; none otherwise.
    mutating func events(wheelNotches notches: Double, at position: Point, time: Double) -> [PointerEvent] {
        guard controlHeld else { return [] }
        return wheel.events(notches: notches, at: position, time: time)
    }

    /// The wheel pinch's lift once the wheel has been idle at `time` seconds.
    mutating func events(idleAt time: Double) -> [PointerEvent] {
        wheel.events(idleAt: time)
    }

    /// Alt was pressed or released.
    mutating func altChanged(held: Bool) {
        altHeld = held
    }

    /// Ctrl was pressed or released.
    mutating func controlChanged(held: Bool) {
        controlHeld = held
    }

    /// The window lost the keyboard: no modifier is held any more.
    mutating func releaseModifiers() {
        altHeld = false
        controlHeld = false
    }
}
