import Engine

/// Turns the pointers the arena lets it have into one gesture with a state.
///
/// The session offers it every pointer that goes down, feeds it the events of the pointers it
/// follows and passes on the arena's rulings; the recognizer answers with its claims.
protocol GestureRecognizer: ArenaMember {
    /// The current state.
    var state: RecognizerState { get }
    /// True when it follows `pointerID`.
    func follows(_ pointerID: Int) -> Bool
    /// A pointer went down: join its arena, let it pass, or withdraw from the gesture.
    mutating func offer(_ down: PointerEvent) -> PointerOffer
    /// A pointer it follows moved; returns a claim once it is sure of its gesture, or a
    /// rejection when it gives up.
    mutating func move(_ event: PointerEvent) -> GestureDisposition?
    /// A pointer it follows lifted (`up`) or was taken away (`cancel`); returns a rejection
    /// when that ends its chance.
    mutating func lift(_ event: PointerEvent) -> GestureDisposition?
    /// Gives up: lets every pointer go, failed (or cancelled, if it had begun).
    mutating func abandon()
}

extension GestureRecognizer {
    /// Feeds an event: moves and lifts of the pointers it follows go on to `move` and `lift`;
    /// anything else is not its business.
    mutating func track(_ event: PointerEvent) -> GestureDisposition? {
        guard follows(event.pointerID) else { return nil }
        switch event.phase {
        case .down: return nil
        case .move: return move(event)
        case .up, .cancel: return lift(event)
        }
    }
}
