import Engine

/// Predicts where a pointer will be: fed the pointer's positions as they come, asked for its
/// position at a later time. Chromium's `ui::InputPredictor`, with times in seconds.
public protocol PointerPredictor {
    /// Forgets everything: a new stroke begins.
    mutating func reset()
    /// Takes the pointer's position (points) at `time` seconds; a gap longer than
    /// ``PredictionTiming/maximumGap`` starts a new stroke.
    mutating func update(_ position: Point, at time: Double)
    /// True when enough has been seen to predict.
    var hasPrediction: Bool { get }
    /// The predicted position at `time` seconds, or nil when there is none.
    func prediction(at time: Double) -> Point?
    /// The typical time between the positions seen, in seconds.
    var timeInterval: Double { get }
}

/// The timing constants every Chromium predictor shares (`ui::InputPredictor`).
public enum PredictionTiming {
    /// `kMaxTimeDelta`: positions further apart than 20 ms belong to different strokes.
    public static let maximumGap = 0.020
    /// `kTimeInterval`: the time interval assumed before two positions are seen, 8 ms.
    public static let defaultInterval = 0.008
    /// `kMinTimeInterval`: the smallest time interval reported, 2.5 ms.
    public static let minimumInterval = 0.0025
    /// `kMaxPredictionTime`: Chromium predicts at most 25 ms ahead.
    public static let maximumPrediction = 0.025

    /// True when `end` is more than ``maximumGap`` after `start` (seconds), in whole
    /// microseconds as Chromium compares time ticks.
    static func isGap(from start: Double, to end: Double) -> Bool {
        SampleTime.microseconds(end) - SampleTime.microseconds(start) > SampleTime.microseconds(maximumGap)
    }

    /// Milliseconds from `start` to `end` seconds, as Chromium's `InMillisecondsF` of a
    /// difference of time ticks (whole microseconds).
    static func milliseconds(from start: Double, to end: Double) -> Double {
        Double(SampleTime.microseconds(end) - SampleTime.microseconds(start)) / 1000
    }
}
