import Engine

/// What a controller tells its session about the transition it drives.
public enum ControllerReport: Hashable, Sendable {
    /// The gesture was recognised and took hold of the transition at `time` seconds.
    case began(at: Double)
    /// The gesture let go at `time` seconds and the policy decided.
    case released(ReleaseOutcome)
}

/// The facts of a release: what the policy saw and what it decided.
public struct ReleaseOutcome: Hashable, Sendable {
    /// Time of release, in seconds.
    public var time: Double
    /// What the policy saw.
    public var measurement: ReleaseMeasurement
    /// What it decided.
    public var decision: ReleaseDecision

    /// Creates a release outcome.
    public init(time: Double, measurement: ReleaseMeasurement, decision: ReleaseDecision) {
        self.time = time
        self.measurement = measurement
        self.decision = decision
    }
}

/// Turns pointer input into the progress of a percent-driven transition and decides, on
/// release, whether it finishes or cancels.
public protocol InteractionController {
    /// The controller's stable name (`swipe`, `pinch`, …).
    var name: String { get }
    /// The release rule in force.
    var policy: ThresholdPolicy { get set }
    /// True while the controller holds the transition (its gesture has begun and not ended).
    var isInteracting: Bool { get }
    /// Feeds one pointer event; drives `driver` and reports beginnings and releases.
    mutating func handle(_ event: PointerEvent, driver: inout TransitionDriver) -> ControllerReport?
    /// What a release at `time` seconds would measure and decide now, while interacting.
    func pendingRelease(at time: Double) -> (measurement: ReleaseMeasurement, decision: ReleaseDecision)?
}
