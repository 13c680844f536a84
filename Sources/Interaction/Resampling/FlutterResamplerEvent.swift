import Engine

/// One event as Flutter's pointer event resampler sees it: its kinds include the hover, added
/// and removed events the lab's pointers never make, so that Flutter's own tests can run.
struct FlutterResamplerEvent: Hashable, Sendable {
    /// Flutter's pointer event classes.
    enum Kind: String, Hashable, Sendable, Decodable {
        case added, hover, down, move, up, cancel, removed
    }

    /// The event's class.
    var kind: Kind
    /// Time in whole microseconds (Flutter's `Duration`).
    var time: Int64
    /// Position in points.
    var position: Point
    /// Change of position since the pointer's previous event, in points.
    var delta: Point = Point(x: 0, y: 0)
    /// The pointer's identifier.
    var pointer: Int = 0
    /// Flutter's button bits: its down and move events default to the primary button.
    var buttons: Int

    /// An event with Flutter's default buttons for its kind.
    init(kind: Kind, time: Int64, position: Point, delta: Point = Point(x: 0, y: 0), pointer: Int = 0) {
        self.kind = kind
        self.time = time
        self.position = position
        self.delta = delta
        self.pointer = pointer
        buttons = kind == .down || kind == .move ? Self.primaryButton : 0
    }

    /// Flutter's `kPrimaryButton`.
    static let primaryButton = 1

    /// Flutter's `PointerEvent.down`: true while the pointer is in contact.
    var isDown: Bool { kind == .down || kind == .move }
}
