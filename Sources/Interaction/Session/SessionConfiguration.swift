import Engine

/// Everything that decides how a session turns input into transitions: which controllers
/// listen, the release policy, the transition, its direction and timing. Stored in every
/// trace's header, and overridable on replay.
public struct SessionConfiguration: Hashable, Sendable {
    /// Names of the controllers attached to the screen, in priority order.
    public var controllers: [String]
    /// The release policy's name.
    public var policy: String
    /// The transition's name.
    public var transition: String
    /// Forward (present) or backward (dismiss).
    public var direction: TransitionDirection
    /// The transition's duration in seconds.
    public var duration: Double
    /// The completion timing's name; nil uses the policy's own.
    public var completion: String?
    /// The swipe distance for progress 1, in points.
    public var swipeDistance: Double
    /// The velocity estimator.
    public var velocityEstimator: VelocityEstimator
    /// The window's size in points.
    public var windowSize: Size

    /// The configuration the lab starts with: a horizontal swipe driving a crossfade under
    /// VCTransitionsLibrary's policy, in an 800×600 window.
    public init(controllers: [String] = ["swipe"], policy: String = ThresholdPolicy.vcTransitions.name,
                transition: String = "crossfade", direction: TransitionDirection = .forward,
                duration: Double = TransitionDriver.defaultDuration, completion: String? = nil,
                swipeDistance: Double = HorizontalSwipeController.defaultDistance,
                velocityEstimator: VelocityEstimator = .leastSquares,
                windowSize: Size = Size(width: 800, height: 600)) {
        self.controllers = controllers
        self.policy = policy
        self.transition = transition
        self.direction = direction
        self.duration = duration
        self.completion = completion
        self.swipeDistance = swipeDistance
        self.velocityEstimator = velocityEstimator
        self.windowSize = windowSize
    }
}

/// A configuration whose names were all found.
public struct ResolvedConfiguration {
    /// The configuration as given.
    public let configuration: SessionConfiguration
    /// The release policy.
    public let policy: ThresholdPolicy
    /// The transition.
    public let transition: any Transition
    /// The completion timing.
    public let completionTiming: CompletionTiming
    /// Fresh controllers, in priority order.
    public let controllers: [any InteractionController]
}

/// A configuration that names something the lab does not have.
public struct ConfigurationError: Error, Hashable, CustomStringConvertible {
    /// What is wrong, naming the bad value and the valid ones.
    public let description: String
}

/// The controllers the lab offers, by name.
public enum ControllerCatalog {
    /// Every controller name, in the order the window cycles through them.
    public static let names = ["swipe"]

    /// A fresh controller called `name`, or nil.
    static func make(_ name: String, policy: ThresholdPolicy, configuration: SessionConfiguration) -> (any InteractionController)? {
        switch name {
        case "swipe":
            return HorizontalSwipeController(policy: policy, distance: configuration.swipeDistance,
                                             screenWidth: configuration.windowSize.width,
                                             tracker: configuration.velocityEstimator.makeTracker())
        default:
            return nil
        }
    }
}

extension SessionConfiguration {
    /// Looks every name up, or throws naming the first unknown one and the valid choices.
    public func resolve() throws(ConfigurationError) -> ResolvedConfiguration {
        guard let policy = ThresholdPolicy.named(policy) else {
            throw ConfigurationError(description: "unknown policy '\(self.policy)' (expected one of: \(ThresholdPolicy.presets.map(\.name).joined(separator: ", ")))")
        }
        guard let transition = TransitionRegistry.named(transition) else {
            throw ConfigurationError(description: "unknown transition '\(self.transition)' (expected one of: \(TransitionRegistry.names.joined(separator: ", ")))")
        }
        var timing = policy.completionTiming
        if let completion {
            guard let named = CompletionTiming.named(completion) else {
                throw ConfigurationError(description: "unknown completion timing '\(completion)' (expected one of: \(CompletionTiming.presets.map(\.name).joined(separator: ", ")))")
            }
            timing = named
        }
        guard duration.isFinite, duration > 0, duration <= 60 else {
            throw ConfigurationError(description: "duration \(duration) s is out of range (0 < duration <= 60)")
        }
        guard swipeDistance.isFinite, swipeDistance > 0 else {
            throw ConfigurationError(description: "swipe distance \(swipeDistance) must be a positive number of points")
        }
        guard !controllers.isEmpty else {
            throw ConfigurationError(description: "no controller given (expected some of: \(ControllerCatalog.names.joined(separator: ", ")))")
        }
        var made: [any InteractionController] = []
        for name in controllers {
            guard let controller = ControllerCatalog.make(name, policy: policy, configuration: self) else {
                throw ConfigurationError(description: "unknown controller '\(name)' (expected one of: \(ControllerCatalog.names.joined(separator: ", ")))")
            }
            made.append(controller)
        }
        return ResolvedConfiguration(configuration: self, policy: policy, transition: transition,
                                     completionTiming: timing, controllers: made)
    }
}
