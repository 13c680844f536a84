import Engine

/// One interactive transition from the moment a gesture took hold of it to the moment it
/// came to rest: the unit of every replay report and of `--events-out`.
public struct TransitionRecord: Hashable, Sendable {
    /// The controller that drove it.
    public var controller: ControllerKind
    /// The policy that decided it.
    public var policy: String
    /// When the gesture took hold, in seconds.
    public var beganAt: Double
    /// When it let go (the last time, if it was grabbed again), in seconds.
    public var releasedAt: Double
    /// Progress at release, 0…1.
    public var progressAtRelease: Double
    /// Velocity at release towards finishing, in points per second.
    public var velocityAtRelease: Double
    /// The policy's verdict.
    public var decision: ReleaseDecision.Verdict
    /// The policy's reason, quoting its numbers.
    public var reason: String
    /// How it ended.
    public var outcome: TransitionOutcome
    /// When it came to rest, in seconds.
    public var endedAt: Double
    /// How many times a new touch grabbed it while it was completing.
    public var grabs: Int
    /// Points of travel per unit of progress at release (what the policy saw).
    public var pointsPerProgress: Double = 0
    /// The screen's extent along the gesture's axis at release, in points.
    public var screenExtent: Double = 0
    /// True when a pointer cancel, not the policy, decided the release.
    public var pointerCancelled = false
    /// How slowly its completion played, when it was slow (see ``CompletionSlowness``).
    public var completionSlowness: CompletionSlowness?

    /// What the policy saw at release.
    public var measurement: ReleaseMeasurement {
        ReleaseMeasurement(progress: progressAtRelease, velocity: velocityAtRelease, pointsPerProgress: pointsPerProgress,
                           screenExtent: screenExtent)
    }

    /// Creates a record.
    public init(controller: ControllerKind, policy: String, beganAt: Double, releasedAt: Double, progressAtRelease: Double,
                velocityAtRelease: Double, decision: ReleaseDecision.Verdict, reason: String, outcome: TransitionOutcome,
                endedAt: Double, grabs: Int) {
        self.controller = controller
        self.policy = policy
        self.beganAt = beganAt
        self.releasedAt = releasedAt
        self.progressAtRelease = progressAtRelease
        self.velocityAtRelease = velocityAtRelease
        self.decision = decision
        self.reason = reason
        self.outcome = outcome
        self.endedAt = endedAt
        self.grabs = grabs
    }
}
