/// Where the arena of one pointer is in its life. A settled arena is gone: its pointer
/// belongs to the winner until it lifts.
enum ArenaState: Hashable, Sendable {
    /// The pointer's down event is still being offered: members may join, and a claim now
    /// only makes its member the eager winner, who wins when the arena closes.
    case open
    /// Every member has joined; the first claim wins, and the last member left wins.
    case closed
}
