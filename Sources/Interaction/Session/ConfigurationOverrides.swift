import Engine

/// What a command changes in a session's configuration, whatever a trace recorded: "what would
/// this gesture have done under X". The one way a command line overrides a configuration, for
/// a window's session as for every trace a command replays. Nil keeps the configuration's own.
public struct ConfigurationOverrides: Hashable, Sendable {
    /// The release policy to use instead.
    public var policy: PolicySpec?
    /// The transition to use instead.
    public var transition: TransitionName?
    /// The controllers to use instead (several compete in an arena).
    public var controllers: [ControllerKind]?
    /// The transition's duration to use instead, in seconds.
    public var duration: Double?
    /// The transition's direction to use instead.
    public var direction: TransitionDirection?
    /// The completion timing to use instead.
    public var completion: CompletionTiming.Name?
    /// The velocity estimator to use instead.
    public var velocityEstimator: VelocityEstimator?
    /// The edge pan's edge to use instead.
    public var edge: ScreenEdge?
    /// The swipe's operation to use instead.
    public var operation: InteractionOperation?
    /// The pinch direction that drives the transition instead.
    public var pinchDirection: PinchDirection?
    /// The resampling mode to use instead.
    public var resampling: ResamplingMode?
    /// The predictor to use instead.
    public var prediction: PredictorName?
    /// The prediction horizon to use instead, in seconds.
    public var predictionHorizon: Double?
    /// The edge pan's recogniser to use instead of the configuration's (or its policy's).
    public var edgeRecognizer: EdgeRecognizerName?
    /// Tunables to use instead, by their name in ``GestureTunables/fields`` (units as there).
    public var tunables: [String: Double] = [:]

    /// Overrides of the given parts; none by default.
    public init(policy: PolicySpec? = nil, resampling: ResamplingMode? = nil, prediction: PredictorName? = nil, predictionHorizon: Double? = nil,
                edgeRecognizer: EdgeRecognizerName? = nil) {
        self.policy = policy
        self.resampling = resampling
        self.prediction = prediction
        self.predictionHorizon = predictionHorizon
        self.edgeRecognizer = edgeRecognizer
    }

    /// `configuration` with these overrides.
    public func applied(to configuration: SessionConfiguration) -> SessionConfiguration {
        var changed = configuration
        if let policy { changed.policy = policy }
        if let transition { changed.transition = transition }
        if let controllers { changed.controllers = controllers }
        if let duration { changed.duration = duration }
        if let direction { changed.direction = direction }
        if let completion { changed.completion = completion }
        if let velocityEstimator { changed.velocityEstimator = velocityEstimator }
        if let edge { changed.edge = edge }
        if let operation { changed.operation = operation }
        if let pinchDirection { changed.pinchDirection = pinchDirection }
        if let resampling { changed.resampling = resampling }
        if let prediction { changed.prediction = prediction }
        if let predictionHorizon { changed.predictionHorizon = predictionHorizon }
        if let edgeRecognizer { changed.edgeRecognizer = edgeRecognizer }
        for field in GestureTunables.fields {
            if let value = tunables[field.name] { changed.tunables[keyPath: field.keyPath] = value }
        }
        return changed
    }
}
