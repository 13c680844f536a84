import Engine

/// Everything that decides how a session turns input into transitions: which controllers
/// listen, the release policy, the transition, its direction and timing. Stored in every
/// trace's header, and overridable on replay.
public struct SessionConfiguration: Hashable, Sendable {
    /// VCTransitionsLibrary's swipe distance for progress 1, in points.
    public static let defaultSwipeDistance = 200.0

    /// The controllers attached to the screen, in the order they compete for a pointer (after
    /// edge pans, whose strips lie above the page).
    public var controllers: [ControllerKind]
    /// The release policy.
    public var policy: PolicySpec
    /// The transition.
    public var transition: TransitionName
    /// Forward (present) or backward (dismiss).
    public var direction: TransitionDirection
    /// The transition's duration in seconds.
    public var duration: Double
    /// The completion timing; nil uses the policy's own.
    public var completion: CompletionTiming.Name?
    /// The swipe distance for progress 1, in points.
    public var swipeDistance: Double
    /// The velocity estimator.
    public var velocityEstimator: VelocityEstimator
    /// The window's size in points.
    public var windowSize: Size
    /// What the swipes do: pop, dismiss or change tabs.
    public var operation: InteractionOperation
    /// For a horizontal pop: true when a right-to-left swipe pops.
    public var popOnRightToLeft: Bool
    /// The edge the edge pan starts from.
    public var edge: ScreenEdge
    /// The reference whose rules recognise the edge pan; nil: the policy's own
    /// (``resolvedEdgeRecognizer``).
    public var edgeRecognizer: EdgeRecognizerName?
    /// Which way the pinch drives the transition.
    public var pinchDirection: PinchDirection
    /// How many tabs the tab operation moves between (at least 1).
    public var tabCount: Int
    /// The tab selected at the start, 0-based.
    public var selectedTab: Int
    /// Slops, the edge zone and the velocity stop rule.
    public var tunables: GestureTunables
    /// How the stage resamples pointer input to frame times.
    public var resampling: ResamplingMode
    /// The predictor whose guess drives the controllers (``PredictorName/none``: the real
    /// position).
    public var prediction: PredictorName
    /// How far ahead the prediction reaches, in seconds.
    public var predictionHorizon: Double

    /// The prediction horizon unless one is given: one 60 Hz frame, in seconds.
    public static let defaultPredictionHorizon = 0.016
    /// The prediction horizons allowed, in seconds.
    public static let predictionHorizons = 0.001...0.100

    /// The configuration the lab starts with: a horizontal swipe that dismisses, driving a
    /// crossfade under VCTransitionsLibrary's policy, in an 800×600 window.
    public init(controllers: [ControllerKind] = [.swipe], policy: PolicySpec = .preset(.vcTransitions),
                transition: TransitionName = .standard, direction: TransitionDirection = .forward,
                duration: Double = TransitionDriver.defaultDuration, completion: CompletionTiming.Name? = nil,
                swipeDistance: Double = SessionConfiguration.defaultSwipeDistance,
                velocityEstimator: VelocityEstimator = .standard,
                windowSize: Size = Size(width: 800, height: 600),
                operation: InteractionOperation = .dismiss, popOnRightToLeft: Bool = true, edge: ScreenEdge = .left,
                edgeRecognizer: EdgeRecognizerName? = nil,
                pinchDirection: PinchDirection = .pinchIn, tabCount: Int = 3, selectedTab: Int = 1,
                tunables: GestureTunables = .standard, resampling: ResamplingMode = .off, prediction: PredictorName = .none,
                predictionHorizon: Double = SessionConfiguration.defaultPredictionHorizon) {
        self.controllers = controllers
        self.policy = policy
        self.transition = transition
        self.direction = direction
        self.duration = duration
        self.completion = completion
        self.swipeDistance = swipeDistance
        self.velocityEstimator = velocityEstimator
        self.windowSize = windowSize
        self.operation = operation
        self.popOnRightToLeft = popOnRightToLeft
        self.edge = edge
        self.edgeRecognizer = edgeRecognizer
        self.pinchDirection = pinchDirection
        self.tabCount = tabCount
        self.selectedTab = selectedTab
        self.tunables = tunables
        self.resampling = resampling
        self.prediction = prediction
        self.predictionHorizon = predictionHorizon
    }
}

extension SessionConfiguration {
    /// The edge pan's recogniser: the one named, or the policy's reference's.
    public var resolvedEdgeRecognizer: EdgeRecognizerName { edgeRecognizer ?? EdgeRecognizerName(for: policy) }
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
    /// Fresh controllers, in the configuration's order.
    let controllers: [any InteractionController]
}

/// A configuration that names something the lab does not have, or asks for something a
/// controller refuses.
public struct ConfigurationError: Error, Hashable, CustomStringConvertible {
    /// What is wrong, naming the bad value and the valid ones.
    public let description: String
}

/// Makes the controllers a configuration names.
enum ControllerCatalog {
    /// A fresh controller of `kind`; throws when the controller refuses the configuration (a
    /// vertical swipe for tabs).
    static func make(_ kind: ControllerKind, policy: ThresholdPolicy,
                     configuration: SessionConfiguration) throws(ConfigurationError) -> any InteractionController {
        let tracker = configuration.velocityEstimator.makeTracker(stoppedAfter: configuration.tunables.velocityStopTime)
        let screen = configuration.windowSize, tunables = configuration.tunables
        switch kind {
        case .swipe:
            return HorizontalSwipeController(policy: policy, operation: configuration.operation,
                                             popOnRightToLeft: configuration.popOnRightToLeft, distance: configuration.swipeDistance,
                                             tabs: TabSelection(count: configuration.tabCount, selected: configuration.selectedTab),
                                             screenSize: screen, tunables: tunables, tracker: tracker)
        case .verticalSwipe:
            return try VerticalSwipeController(policy: policy, operation: configuration.operation,
                                               distance: configuration.swipeDistance, screenSize: screen, tunables: tunables,
                                               tracker: tracker)
        case .edgePan:
            let edge = configuration.edge
            switch configuration.resolvedEdgeRecognizer {
            case .md:
                return EdgePanController(policy: policy, recognizer: MDEdgePanRecognizer(edge: edge, screenSize: screen, tunables: tunables, tracker: tracker))
            case .uikitScreenEdge:
                return EdgePanController(policy: policy, recognizer: ScreenEdgePanRecognizer(edge: edge, screenSize: screen, tunables: tunables, tracker: tracker))
            case .flutterCupertino:
                return EdgePanController(policy: policy, recognizer: CupertinoBackGestureRecognizer(edge: edge, screenSize: screen, tunables: tunables, tracker: tracker))
            case .androidBack:
                return EdgePanController(policy: policy, recognizer: AndroidBackGestureRecognizer(edge: edge, screenSize: screen, tunables: tunables, tracker: tracker))
            }
        case .pan:
            return PanController(policy: policy, screenSize: screen, tunables: tunables, tracker: tracker)
        case .pinch:
            return PinchController(policy: policy, direction: configuration.pinchDirection, screenSize: screen, tunables: tunables, tracker: tracker)
        }
    }
}

extension SessionConfiguration {
    /// Looks every name up, or throws naming the first unknown one and the valid choices.
    public func resolve() throws(ConfigurationError) -> ResolvedConfiguration {
        let policy = self.policy.policy
        let transition = self.transition.transition
        let timing = completion?.timing ?? policy.completionTiming
        guard duration.isFinite, duration > 0, duration <= 60 else {
            throw ConfigurationError(description: "duration \(duration) s is out of range (0 < duration <= 60)")
        }
        guard swipeDistance.isFinite, swipeDistance > 0 else {
            throw ConfigurationError(description: "swipe distance \(swipeDistance) must be a positive number of points")
        }
        guard tabCount >= 1 else {
            throw ConfigurationError(description: "tab count \(tabCount) must be at least 1")
        }
        guard selectedTab >= 0, selectedTab < tabCount else {
            throw ConfigurationError(description: "selected tab \(selectedTab) must be one of the \(tabCount) tabs (0…\(tabCount - 1))")
        }
        if let problem = tunables.problem { throw ConfigurationError(description: problem) }
        guard Self.predictionHorizons.contains(predictionHorizon) else {
            throw ConfigurationError(description: "prediction horizon \(predictionHorizon) s is out of range (\(Self.predictionHorizons.lowerBound)…\(Self.predictionHorizons.upperBound) s)")
        }
        guard !controllers.isEmpty else {
            throw ConfigurationError(description: "no controller given (expected some of: \(ControllerKind.names.joined(separator: ", ")))")
        }
        var made: [any InteractionController] = []
        for kind in controllers {
            made.append(try ControllerCatalog.make(kind, policy: policy, configuration: self))
        }
        return ResolvedConfiguration(configuration: self, policy: policy, transition: transition,
                                     completionTiming: timing, controllers: made)
    }
}
