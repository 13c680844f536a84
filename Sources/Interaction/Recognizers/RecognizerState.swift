/// The life of a gesture recognizer, in UIKit's terms.
public enum RecognizerState: String, Hashable, Sendable {
    /// Watching a pointer, not yet sure it is this gesture (inside the slop).
    case possible
    /// Recognised; reporting changes.
    case began
    /// The gesture ended normally.
    case ended
    /// The gesture was taken away (pointer cancel, focus lost, lost the arena after beginning).
    case cancelled
    /// Decided this is not its gesture; it lets the pointer go.
    case failed

    /// True once the recognizer has stopped following the current pointers.
    public var isFinal: Bool { self == .ended || self == .cancelled || self == .failed }
}
