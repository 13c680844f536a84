/// What a member answers when a new pointer goes down and is offered to it.
enum PointerOffer: Hashable, Sendable {
    /// It follows the pointer and joins its arena.
    case join
    /// It lets the pointer pass; it keeps whatever it already follows.
    case pass
    /// The new pointer tells it this is not its gesture (a second finger on a one-finger drag
    /// that has not begun): it rejects every pointer it follows.
    case withdraw
}
