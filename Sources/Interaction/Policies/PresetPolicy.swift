/// The presets by typed name, listed once: ``ThresholdPolicy/presets`` and
/// ``PolicySpec/presets`` are these, in this order (the order the window cycles through them).
public enum PresetPolicy: String, CaseIterable, Hashable, Sendable {
    /// VCTransitionsLibrary.
    case vcTransitions = "vctransitions"
    /// MDTransitioning.
    case mdTransitioning = "mdtransitioning"
    /// swiftui-navigation-transitions.
    case swiftUINavigation = "swiftui-navigation"
    /// Flutter's Cupertino back gesture.
    case flutter
    /// Jetpack Compose's `AnchoredDraggableState` (swipe to dismiss).
    case compose
    /// A projected end point.
    case projected

    /// The preset's rule and completion timing.
    public var policy: ThresholdPolicy {
        switch self {
        case .vcTransitions: return .vcTransitions
        case .mdTransitioning: return .mdTransitioning
        case .swiftUINavigation: return .swiftUINavigation
        case .flutter: return .flutter
        case .compose: return .compose
        case .projected: return .projected
        }
    }

    /// True when the preset's source computes a swipe's progress in Float32 (VCTransitionsLibrary's
    /// `fminf`/`fmaxf`); every other source compares progress in double precision, as UIKit's
    /// CGFloat, Flutter, Compose and JavaScript do.
    public var computesProgressInSinglePrecision: Bool {
        switch self {
        case .vcTransitions: return true
        case .mdTransitioning, .swiftUINavigation, .flutter, .compose, .projected: return false
        }
    }
}
