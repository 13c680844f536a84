/// How input reaches the controllers, as a command may override it whatever a trace recorded:
/// resampling, the predictor (with its horizon) that drives them, and the recogniser that turns
/// it into an edge pan. Nil keeps the trace's own.
public struct InputOverrides: Hashable, Sendable {
    /// The resampling mode to use instead of the trace's.
    public var resampling: ResamplingMode?
    /// The predictor to use instead of the trace's.
    public var prediction: PredictorName?
    /// The prediction horizon to use instead of the trace's, in seconds.
    public var predictionHorizon: Double?
    /// The edge pan's recogniser to use instead of the trace's (or its policy's).
    public var edgeRecognizer: EdgeRecognizerName?

    /// Overrides of the given parts; none by default.
    public init(resampling: ResamplingMode? = nil, prediction: PredictorName? = nil, predictionHorizon: Double? = nil,
                edgeRecognizer: EdgeRecognizerName? = nil) {
        self.resampling = resampling
        self.prediction = prediction
        self.predictionHorizon = predictionHorizon
        self.edgeRecognizer = edgeRecognizer
    }

    /// `configuration` with these overrides.
    public func applied(to configuration: SessionConfiguration) -> SessionConfiguration {
        var changed = configuration
        if let resampling { changed.resampling = resampling }
        if let prediction { changed.prediction = prediction }
        if let predictionHorizon { changed.predictionHorizon = predictionHorizon }
        if let edgeRecognizer { changed.edgeRecognizer = edgeRecognizer }
        return changed
    }
}
