import Engine

/// Where the browser predicted a pointer would be (`PointerEvent.getPredictedEvents()`), kept
/// with the real event it came with and never part of the events themselves: replay, velocity
/// and decisions see only ``Trace/events``, so a prediction can never pass for a real sample.
public struct PredictedSample: Hashable, Sendable {
    /// When the prediction is for, in seconds from the trace's start.
    public var timestamp: Double
    /// The predicted position in window points.
    public var position: Point

    /// Creates a predicted sample at `timestamp` seconds and `position` in points.
    public init(timestamp: Double, position: Point) {
        self.timestamp = timestamp
        self.position = position
    }
}
