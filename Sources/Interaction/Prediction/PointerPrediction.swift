import Engine

/// One pointer's prediction as Chromium's renderer runs a predictor: blink's
/// `InputEventPrediction` (third_party/blink/renderer/platform/widget/input/input_event_prediction.cc)
/// wrapped around a ``PointerPredictor``. The rules are its guards, each where the reference
/// has it:
/// - the predictor is fed moves only; a down, lift or cancel erases it (`HandleEvents` sends
///   every other event to `ResetPredictor`, which drops the pointer's predictor), so a stroke's
///   predictor begins at its first move, never at the down;
/// - a prediction is made no further than `kMaxPredictionTime`, 25 ms
///   (ui/base/prediction/input_predictor.h), after the last move fed: `AddPredictedEvents`
///   stops at `last_event_timestamp_ + MaxPredictionTime()`, inclusive;
/// - a gap over `kMaxTimeDelta` (20 ms) between moves, and each predictor's own
///   `HasPrediction()`, are the predictor's (``PredictionTiming/isGap(from:to:)``);
/// - without a prediction the pointer is where it last really was: the last position is held,
///   never extrapolated.
///
/// ``PredictorName/none`` never predicts, so it always holds.
public struct PointerPrediction {
    /// The predictor run.
    public let predictorName: PredictorName
    private var predictor: (any PointerPredictor)?
    /// The time of the last move fed to the predictor, in seconds.
    private var lastMoveTime: Double?
    /// The pointer's last real position, in points: the down's until a move comes.
    private var lastPosition: Point?

    /// A pointer not yet seen, predicted by `predictorName`.
    public init(_ predictorName: PredictorName) {
        self.predictorName = predictorName
    }

    /// Takes the pointer's event: a move feeds the predictor, anything else starts afresh.
    public mutating func take(_ phase: PointerPhase, at position: Point, time: Double) {
        switch phase {
        case .move:
            if predictor == nil { predictor = predictorName.makePredictor() }
            predictor?.update(position, at: time)
            lastMoveTime = time
        case .down, .up, .cancel:
            predictor = nil
            lastMoveTime = nil
        }
        lastPosition = position
    }

    /// The predicted position at `time` seconds, or nil when the reference would make none: no
    /// move yet, the predictor cannot predict, or `time` is more than ``PredictionTiming/maximumPrediction``
    /// after the last move. A prediction that is not finite counts as none.
    public func prediction(at time: Double) -> Point? {
        guard let lastMoveTime, let predictor, predictor.hasPrediction,
              !PredictionTiming.isBeyondMaximumPrediction(time, after: lastMoveTime),
              let predicted = predictor.prediction(at: time), predicted.x.isFinite, predicted.y.isFinite else { return nil }
        return predicted
    }

    /// Where the pointer is taken to be at `time` seconds: the prediction, or, when there is
    /// none, the last real position held. Nil before any event.
    public func position(at time: Double) -> Point? {
        prediction(at: time) ?? lastPosition
    }
}
