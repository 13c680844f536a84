/// A ruling of the arena, to be passed on to the member it names.
enum ArenaNotice: Hashable, Sendable {
    /// `member` won the arena of `pointer`.
    case won(member: Int, pointer: Int)
    /// `member` lost the arena of `pointer`.
    case lost(member: Int, pointer: Int)
}
