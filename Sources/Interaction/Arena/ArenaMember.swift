/// Something that competes in the gesture arena for pointers (Flutter's `GestureArenaMember`).
///
/// For every arena it joined it is told exactly once whether it won or lost, whatever settled
/// the arena, including its own claim.
protocol ArenaMember {
    /// It won the arena of `pointer`: the pointer is its alone.
    mutating func acceptGesture(pointer: Int)
    /// It lost the arena of `pointer`: it must stop following that pointer.
    mutating func rejectGesture(pointer: Int)
}
