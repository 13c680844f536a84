import Engine

/// What produced a pointer.
public enum PointerKind: String, Hashable, Sendable, CaseIterable {
    /// A mouse (one pointer, buttons).
    case mouse
    /// A finger on a touch screen.
    case touch
    /// A stylus.
    case pen
}

/// Where a pointer is in its contact with the screen.
public enum PointerPhase: String, Hashable, Sendable, CaseIterable {
    /// Contact began (finger down, button pressed).
    case down
    /// The pointer moved while in contact.
    case move
    /// Contact ended normally.
    case up
    /// The system took the pointer away (focus lost, palm rejection); the gesture must cancel.
    case cancel

    /// True for the phases that end a pointer's contact.
    public var endsContact: Bool { self == .up || self == .cancel }
}

/// One sample of one pointer. Events with the same timestamp form a frame.
public struct PointerEvent: Hashable, Sendable {
    /// Identifies the pointer while it is in contact; reused after it lifts.
    public var pointerID: Int
    /// The device kind.
    public var kind: PointerKind
    /// The contact phase.
    public var phase: PointerPhase
    /// Position in window points.
    public var position: Point
    /// Time in seconds, on the trace's or the window's clock.
    public var timestamp: Double
    /// Normalised pressure 0…1, when the device reports it.
    public var pressure: Double?
    /// Contact diameter in points, when the device reports it.
    public var contactSize: Double?

    /// Creates a pointer event.
    public init(pointerID: Int, kind: PointerKind, phase: PointerPhase, position: Point,
                timestamp: Double, pressure: Double? = nil, contactSize: Double? = nil) {
        self.pointerID = pointerID
        self.kind = kind
        self.phase = phase
        self.position = position
        self.timestamp = timestamp
        self.pressure = pressure
        self.contactSize = contactSize
    }
}
