import Engine

/// Estimates a pointer's velocity from its recent positions.
///
/// Injected into recognizers (as Flutter does), so a controller can be replayed with another
/// estimator to see what the estimate changes. Times arrive in seconds and are compared in
/// whole microseconds (`SampleTime`).
public protocol VelocityTracker {
    /// Forgets every sample (a new pointer, or a cancelled one: Android's `ACTION_CANCEL`
    /// clears the tracker, so a cancelled pointer reports no velocity).
    mutating func reset()
    /// Adds a position (points) sampled at `time` (seconds).
    mutating func addSample(_ position: Point, at time: Double)
    /// The velocity at the newest sample, in points per second; zero when the estimator has
    /// no estimate.
    func velocity() -> Point
    /// The velocity for a release at `time` seconds, in points per second: zero when the
    /// pointer had stopped moving long enough before it lifted (the estimator's stop rule).
    func releaseVelocity(at time: Double) -> Point
}

/// The velocity estimators the lab offers, each named after the reference it reproduces.
public enum VelocityEstimator: Hashable, Sendable, CaseIterable, RawRepresentable {
    /// Flutter's `VelocityTracker` (touch): quadratic least squares over the last 100 ms.
    case flutter
    /// Android's default `lsq2` strategy: quadratic least squares over the last 100 ms.
    case androidLSQ2
    /// Android's `impulse` strategy: the velocity that imparts the work the finger did.
    case androidImpulse
    /// The slope between the last two samples (what naive controllers use).
    case lastTwoPoints

    /// The names accepted for each estimator besides its own: the lab's earlier names.
    public static let aliases: [String: VelocityEstimator] = [
        "lsq": .androidLSQ2, "impulse": .androidImpulse,
    ]

    /// Every name `init(rawValue:)` accepts: the estimators' names, then the aliases.
    public static var acceptedNames: [String] { allCases.map(\.rawValue) + aliases.keys.sorted() }

    /// The estimator's name, as command lines and trace headers spell it.
    public var rawValue: String {
        switch self {
        case .flutter: return "flutter"
        case .androidLSQ2: return "android-lsq2"
        case .androidImpulse: return "android-impulse"
        case .lastTwoPoints: return "last-two"
        }
    }

    /// The estimator named `rawValue` or by one of its aliases.
    public init?(rawValue: String) {
        if let estimator = Self.allCases.first(where: { $0.rawValue == rawValue }) ?? Self.aliases[rawValue] {
            self = estimator
        } else {
            return nil
        }
    }

    /// The estimator a configuration uses unless it names one (docs/velocity-estimators.md
    /// says why).
    public static let standard = VelocityEstimator.androidLSQ2

    /// A fresh tracker of this kind.
    /// `stoppedAfter` is the velocity stop rule, in seconds (``GestureTunables/velocityStopTime``).
    public func makeTracker(stoppedAfter stopTime: Double = GestureTunables.standard.velocityStopTime) -> any VelocityTracker {
        let stoppedTime = SampleTime.microseconds(stopTime)
        switch self {
        case .flutter: return FlutterVelocityTracker(stoppedTime: stoppedTime)
        case .androidLSQ2: return AndroidVelocityTracker(strategy: .lsq2, stoppedTime: stoppedTime)
        case .androidImpulse: return AndroidVelocityTracker(strategy: .impulse, stoppedTime: stoppedTime)
        case .lastTwoPoints: return LastTwoPointsVelocityTracker(stoppedTime: stoppedTime)
        }
    }
}
