/// What a member of the arena declares about a pointer (Flutter's `GestureDisposition`).
enum GestureDisposition: Hashable, Sendable {
    /// "This is my gesture": claims the pointer.
    case accepted
    /// "This is not my gesture": lets the pointer go to the others.
    case rejected
}
