import Engine

/// A pinch from a single mouse, the iOS Simulator's way: while Alt is held during a drag, a
/// second pointer moves mirrored about the window's centre. Feed it the mouse's events with the
/// state of Alt; it returns them with the mirrored pointer's events (its own id) added.
///
/// Pressing Alt mid-drag puts the mirrored pointer down where the mirror is; releasing Alt
/// lifts it; the mouse's lift or cancel ends it the same way. Moves without the button down
/// pass through alone.
public struct MirroredPinchEmulator: Hashable, Sendable {
    /// The pointer id the mirrored pointer uses unless told otherwise (SDL fingers count up from
    /// 1 and the mouse is 0, so this one is never taken).
    public static let defaultMirrorPointerID = 1_000

    /// The point the mirror turns about, in window points.
    public var center: Point
    /// The mirrored pointer's id.
    public let mirrorPointerID: Int
    /// True while the mirrored pointer is down.
    public private(set) var isMirroring = false
    private var isMouseDown = false

    /// Creates an emulator mirroring about `center` (window points).
    public init(center: Point, mirrorPointerID: Int = MirroredPinchEmulator.defaultMirrorPointerID) {
        self.center = center
        self.mirrorPointerID = mirrorPointerID
    }

    /// Where the mirror of `position` is, in points: `2·center − position`.
    public func mirror(of position: Point) -> Point { center * 2 - position }

    /// `event`, a mouse event, followed by the mirrored pointer's event for it, given whether
    /// Alt is held now. A lift of the mirror comes before a lift of the mouse.
    public mutating func events(for event: PointerEvent, altHeld: Bool) -> [PointerEvent] {
        switch event.phase {
        case .down:
            isMouseDown = true
            guard altHeld else { return [event] }
            isMirroring = true
            return [event, mirrored(event, phase: .down)]
        case .move:
            guard isMouseDown else { return [event] }
            if altHeld && !isMirroring {
                isMirroring = true
                return [event, mirrored(event, phase: .down)]
            }
            if !altHeld && isMirroring {
                isMirroring = false
                return [mirrored(event, phase: .up), event]
            }
            return isMirroring ? [event, mirrored(event, phase: .move)] : [event]
        case .up, .cancel:
            isMouseDown = false
            guard isMirroring else { return [event] }
            isMirroring = false
            return [mirrored(event, phase: event.phase), event]
        }
    }

    private func mirrored(_ event: PointerEvent, phase: PointerPhase) -> PointerEvent {
        PointerEvent(pointerID: mirrorPointerID, kind: event.kind, phase: phase, position: mirror(of: event.position),
                     timestamp: event.timestamp, pressure: event.pressure, contactSize: event.contactSize)
    }
}
