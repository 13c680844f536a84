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

    /// `tune`'s grid of the family, in its fixed order (each family's file says its grid), its
    /// units and boundaries like `reference`'s where the family has a choice of them.
    public func tuningGrid(like reference: ThresholdRule) -> [ThresholdRule] {
        switch self {
        case .position:
            guard case .position(let like) = reference else { return PositionRule.tuningGrid(like: nil).map(ThresholdRule.position) }
            return PositionRule.tuningGrid(like: like).map(ThresholdRule.position)
        case .velocityPosition:
            guard case .velocityAndPosition(let like) = reference else { return VelocityPositionRule.tuningGrid(like: nil).map(ThresholdRule.velocityAndPosition) }
            return VelocityPositionRule.tuningGrid(like: like).map(ThresholdRule.velocityAndPosition)
        case .fling:
            guard case .fling(let like) = reference else { return FlingRule.tuningGrid(like: nil).map(ThresholdRule.fling) }
            return FlingRule.tuningGrid(like: like).map(ThresholdRule.fling)
        case .projection:
            guard case .projection(let like) = reference else { return ProjectionRule.tuningGrid(like: nil).map(ThresholdRule.projection) }
            return ProjectionRule.tuningGrid(like: like).map(ThresholdRule.projection)
        }
    }
}

extension ThresholdRule {
    /// The family a spec names this rule by; nil for Compose's own anchored rule, which is only
    /// ever the `compose` preset (no family fits it).
    public var ruleFamily: RuleFamily? {
        switch self {
        case .position: return .position
        case .velocityAndPosition: return .velocityPosition
        case .fling: return .fling
        case .projection: return .projection
        case .anchoredDraggable: return nil
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
