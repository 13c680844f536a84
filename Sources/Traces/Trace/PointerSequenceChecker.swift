import Interaction

/// Checks that a stream of pointer events makes sense as contact: time never goes backwards,
/// every pointer goes down before it moves or lifts, no pointer goes down twice, and no more
/// pointers are down at once than any real device has.
public struct PointerSequenceChecker: Sendable {
    /// The most pointers that may be down at once.
    public static let maximumSimultaneousPointers = 64

    private var lastTime = -Double.infinity
    /// The pointers down, in no order: a few at a time, so a linear search beats hashing on
    /// every event of a long trace.
    private var down: [Int] = []

    /// Creates a checker with no pointer down.
    public init() {}

    /// The pointers currently down.
    public var pointersDown: Set<Int> { Set(down) }

    /// Checks `event` against what came before and records it; returns the problem, if any.
    public mutating func check(_ event: PointerEvent) -> String? {
        if event.timestamp < lastTime {
            return "time goes backwards: \(DecimalFormat.fixedString(event.timestamp, decimals: 6)) s after \(DecimalFormat.fixedString(lastTime, decimals: 6)) s"
        }
        lastTime = event.timestamp
        switch event.phase {
        case .down:
            if down.contains(event.pointerID) { return "pointer \(event.pointerID) goes down while it is already down" }
            if down.count >= Self.maximumSimultaneousPointers {
                return "more than \(Self.maximumSimultaneousPointers) pointers down at once"
            }
            down.append(event.pointerID)
        case .move:
            if !down.contains(event.pointerID) { return "pointer \(event.pointerID) moves without going down first" }
        case .up, .cancel:
            guard let index = down.firstIndex(of: event.pointerID) else {
                return "pointer \(event.pointerID) \(event.phase == .up ? "lifts" : "is cancelled") without going down first"
            }
            down.swapAt(index, down.count - 1)
            down.removeLast()
        }
        return nil
    }
}
