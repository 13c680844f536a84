/// Whether a transition presents (push, present) or dismisses (pop, dismiss).
public enum TransitionDirection: String, Hashable, Sendable, CaseIterable {
    /// Presenting or pushing: from the first screen to the second.
    case forward
    /// Dismissing or popping: the forward transition played in reverse.
    case backward

    /// The other direction.
    public var reversed: TransitionDirection { self == .forward ? .backward : .forward }
}
