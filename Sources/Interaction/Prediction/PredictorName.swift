/// The predictors the lab has, named after Chromium's (`ui/base/prediction`).
public enum PredictorName: String, Hashable, Sendable, CaseIterable {
    /// No prediction: the last position is held.
    case none
    /// ``LinearPredictor`` of first order (Chromium's `linear_first`).
    case linearFirst = "linear-first"
    /// ``LinearPredictor`` of second order (Chromium's `linear_second`).
    case linearSecond = "linear-second"
    /// ``LeastSquaresPredictor`` (Chromium's `lsq`).
    case lsq
    /// ``KalmanPredictor`` without options (Chromium's `kalman`).
    case kalman

    /// True when the prediction adds an acceleration (second-order) term to velocity.
    public var extrapolatesAcceleration: Bool {
        switch self {
        case .none, .linearFirst: false
        case .linearSecond, .lsq, .kalman: true
        }
    }

    /// A fresh predictor; nil for ``none``.
    public func makePredictor() -> (any PointerPredictor)? {
        switch self {
        case .none: nil
        case .linearFirst: LinearPredictor(order: .first)
        case .linearSecond: LinearPredictor(order: .second)
        case .lsq: LeastSquaresPredictor()
        case .kalman: KalmanPredictor()
        }
    }
}
