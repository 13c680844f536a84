/// Why a predictor's guesses are worse than holding the last position (its 95th percentile
/// error above holding's), measured on the positions of a ``PredictionErrorSurvey``. Errors in
/// points.
public struct PredictionShortfall: Equatable, Sendable {
    /// What the measurements point to.
    public enum Cause: Equatable, Sendable {
        /// Predictions right after a step under ``PredictionTiming/minimumExtrapolationStep``:
        /// holding there instead brings the 95th percentile to holding's or below.
        case shortSteps
        /// The acceleration term: the same positions predicted from velocity alone
        /// (``PredictorName/linearFirst``) are no worse than holding.
        case accelerationTerm
        /// Both: velocity alone is no worse than holding once it too holds after short steps,
        /// while neither holding after short steps nor velocity alone is enough by itself.
        case shortStepsAndAccelerationTerm
        /// Neither explains it.
        case unexplained
    }

    /// The predictor's 95th percentile.
    public let percentile95: Double
    /// Holding's 95th percentile at the same positions.
    public let holdingPercentile95: Double
    /// The positions measured.
    public let positions: Int
    /// Of those, the predictions made when one of the last two steps between moves was short.
    public let afterShortSteps: Int
    /// The predictor's 95th percentile with those predictions replaced by holding.
    public let percentile95HoldingAfterShortSteps: Double
    /// The 95th percentile of velocity alone at the same positions; nil for a predictor without
    /// an acceleration term.
    public let velocityAlonePercentile95: Double?
    /// The same with velocity alone holding after short steps too; nil without an acceleration term.
    public let velocityAloneHoldingAfterShortStepsPercentile95: Double?

    /// A shortfall of these measurements.
    public init(percentile95: Double, holdingPercentile95: Double, positions: Int, afterShortSteps: Int,
                percentile95HoldingAfterShortSteps: Double, velocityAlonePercentile95: Double?,
                velocityAloneHoldingAfterShortStepsPercentile95: Double?) {
        self.percentile95 = percentile95
        self.holdingPercentile95 = holdingPercentile95
        self.positions = positions
        self.afterShortSteps = afterShortSteps
        self.percentile95HoldingAfterShortSteps = percentile95HoldingAfterShortSteps
        self.velocityAlonePercentile95 = velocityAlonePercentile95
        self.velocityAloneHoldingAfterShortStepsPercentile95 = velocityAloneHoldingAfterShortStepsPercentile95
    }

    /// The cause the measurements point to: short steps first (they are the references' own
    /// limit, `kResampleMinDelta`), then the acceleration term, then both together.
    public var cause: Cause {
        if afterShortSteps > 0 && percentile95HoldingAfterShortSteps <= holdingPercentile95 { return .shortSteps }
        if let velocityAlonePercentile95, velocityAlonePercentile95 <= holdingPercentile95 { return .accelerationTerm }
        if afterShortSteps > 0, let velocityAloneHoldingAfterShortStepsPercentile95,
           velocityAloneHoldingAfterShortStepsPercentile95 <= holdingPercentile95 { return .shortStepsAndAccelerationTerm }
        return .unexplained
    }
}
