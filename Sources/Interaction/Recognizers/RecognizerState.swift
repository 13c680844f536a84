/// The life of a gesture recognizer, in UIKit's terms.
enum RecognizerState: String, Hashable, Sendable {
    /// Following no pointer; the next pointer that goes down starts it.
    case ready
    /// Following pointers, not yet sure it is this gesture (inside the slop), or sure but not
    /// yet given the pointers by the arena.
    case possible
    /// Recognised and given its pointers; reporting changes.
    case began
    /// The gesture ended normally.
    case ended
    /// The gesture was taken away after it began (pointer cancel, focus lost).
    case cancelled
    /// Decided this is not its gesture, or lost the arena; it let its pointers go.
    case failed

    /// True once the recognizer has stopped following its pointers.
    var isFinal: Bool { self == .ended || self == .cancelled || self == .failed }
}
