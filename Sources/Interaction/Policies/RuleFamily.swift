import Engine

/// The shapes a release rule can take, by the name a spec uses to build a rule from scratch
/// (`position:threshold=0.35`). Each family starts from the numbers of the preset it comes from.
public enum RuleFamily: String, CaseIterable, Hashable, Sendable {
    /// Finish iff progress > threshold.
    case position
    /// swiftui-navigation-transitions' shape: a finishing velocity, a position and a cancelling velocity.
    case velocityPosition = "velocity-position"
    /// Flutter's shape: a fling goes its way, a slow release goes by position.
    case fling
    /// A scroll view's projected end point against a threshold.
    case projection

    /// The family's rule before any parameter is given (its preset's: `fling` starts as compose's).
    public var firstRule: ThresholdRule { start.rule }

    /// The family's rule and completion timing before any parameter is given.
    var start: ThresholdPolicy {
        switch self {
        case .position: return .vcTransitions
        case .velocityPosition: return .swiftUINavigation
        case .fling: return Self.flingStart
        case .projection: return .projected
        }
    }
}

extension RuleFamily {
    /// The fling family's first rule: Compose's numbers (125 pt/s, position 0.5, its spring) with
    /// a release exactly at the position cancelling, the rule `compose` was before it took
    /// `AnchoredDraggableState`'s boundaries, so fling specs written then read as they did.
    static let flingStart = ThresholdPolicy(
        name: "fling", rule: .fling(minimumVelocity: 125, unit: .pointsPerSecond, positionThreshold: 0.5, comparison: .above),
        completionTiming: .defaultSpring)
}

/// The presets by typed name: ``ThresholdPolicy/presets`` in the same order.
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
}
