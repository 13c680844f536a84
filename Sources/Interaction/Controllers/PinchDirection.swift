/// Which way a pinch drives its transition.
public enum PinchDirection: String, Hashable, Sendable, CaseIterable {
    /// Fingers together close the screen (pop or dismiss): progress = 1 − scale / startScale
    /// (VCTransitionsLibrary's `CEPinchInteractionController`).
    case pinchIn = "in"
    /// Fingers apart open one (the opposite operation): progress = 1 − startScale / scale,
    /// the mirror image, so spreading to twice the span gives 0.5 as pinching to half does.
    case pinchOut = "out"
}
