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

/// The timing constants every Chromium predictor shares: `ui::InputPredictor`'s, in
/// ui/base/prediction/input_predictor.h.
public enum PredictionTiming {
    /// `kMaxTimeDelta`, 20 ms: a position more than this after the previous one starts a new
    /// stroke (`Update` of `LinearPredictor`, `LeastSquaresPredictor` and `KalmanPredictor`
    /// resets when `new − last > kMaxTimeDelta`: exactly 20 ms does not).
    public static let maximumGap = 0.020
    /// `kTimeInterval`: the time interval assumed before two positions are seen, 8 ms.
    public static let defaultInterval = 0.008
    /// `kMinTimeInterval`: the smallest time interval `TimeInterval()` reports, 2.5 ms. It
    /// spaces the predicted events; it does not stop a predictor from predicting.
    public static let minimumInterval = 0.0025
    /// `kMaxPredictionTime`, 25 ms: blink's `InputEventPrediction::AddPredictedEvents` makes
    /// predictions up to `last event + MaxPredictionTime()` (inclusive) and none further
    /// (``PointerPrediction``).
    public static let maximumPrediction = 0.025
    /// `kResampleMinDelta`, 2 ms (ui/base/prediction/linear_resampling.cc): Chromium's
    /// `LinearResampling` does not extrapolate from two positions closer in time than this
    /// (Android's resampler has the same 2 ms, `RESAMPLE_MIN_DELTA`). The pointer predictors
    /// above have no such limit (`LinearPredictor` only refuses a step of 0); the lab uses it
    /// to say when their errors come from such steps (``PredictionShortfall``).
    public static let minimumExtrapolationStep = 0.002

    /// True when `end` is more than ``maximumGap`` after `start` (seconds), in whole
    /// microseconds as Chromium compares time ticks.
    static func isGap(from start: Double, to end: Double) -> Bool {
        SampleTime.microseconds(end) - SampleTime.microseconds(start) > SampleTime.microseconds(maximumGap)
    }

    /// True when a prediction for `time` is further than ``maximumPrediction`` after the
    /// last position, at `last` (seconds), in whole microseconds as Chromium compares time ticks.
    public static func isBeyondMaximumPrediction(_ time: Double, after last: Double) -> Bool {
        SampleTime.microseconds(time) - SampleTime.microseconds(last) > SampleTime.microseconds(maximumPrediction)
    }

    /// Milliseconds from `start` to `end` seconds, as Chromium's `InMillisecondsF` of a
    /// difference of time ticks (whole microseconds).
    static func milliseconds(from start: Double, to end: Double) -> Double {
        Double(SampleTime.microseconds(end) - SampleTime.microseconds(start)) / 1000
    }
}
