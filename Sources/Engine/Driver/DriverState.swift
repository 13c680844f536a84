/// Where a percent-driven transition is in its life.
public enum DriverState: String, Hashable, Sendable {
    /// No transition has started yet.
    case idle
    /// A gesture is setting the progress.
    case interacting
    /// Released; animating to 1.
    case finishing
    /// Released; animating back to 0.
    case cancelling
    /// Reached 1; the outcome was reported. Ready for the next transition.
    case finished
    /// Returned to 0; the outcome was reported. Ready for the next transition.
    case cancelled

    /// True while a completion animation is running.
    public var isCompleting: Bool { self == .finishing || self == .cancelling }

    /// True when no transition is in progress and a new one may begin.
    public var isAtRest: Bool { self == .idle || self == .finished || self == .cancelled }
}

/// How a transition ended.
public enum TransitionOutcome: String, Hashable, Sendable, CaseIterable {
    /// The transition completed: the to-screen is shown.
    case finished
    /// The transition was rolled back: the from-screen is shown.
    case cancelled
}
