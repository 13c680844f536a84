/// The competition for one pointer: who is in it, whether it still takes members, and who
/// claimed while it was open.
struct PointerArena: Hashable, Sendable {
    /// The members still competing, in hit-test order (the order they joined).
    var members: [Int] = []
    /// Open while the pointer's down event is offered, closed after.
    var state: ArenaState = .open
    /// The first member to claim while the arena was open; it wins when the arena closes.
    var eagerWinner: Int?
}
