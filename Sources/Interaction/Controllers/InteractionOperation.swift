/// What a gesture does to the screen stack (VCTransitionsLibrary's `CEInteractionOperation`).
public enum InteractionOperation: String, Hashable, Sendable, CaseIterable {
    /// Pops a navigation controller: only a swipe in the configured direction starts it.
    case pop
    /// Dismisses a presented screen: a swipe either way starts it.
    case dismiss
    /// Moves to the neighbouring tab in the swipe's direction; nothing past the ends.
    case tab
}
