import Engine

/// VCTransitionsLibrary's horizontal swipe: progress = |dx| / distance, clamped to 0…1.
///
/// The release decision belongs to the policy (VCTransitionsLibrary's own is "finish iff
/// progress > 0.5"); a cancelled pointer always cancels.
public struct HorizontalSwipeController: InteractionController {
    /// The swipe distance that makes progress 1 in VCTransitionsLibrary, in points.
    public static let defaultDistance = 200.0

    /// `swipe`.
    public let name = "swipe"
    /// The release rule in force.
    public var policy: ThresholdPolicy
    /// Points of horizontal travel for progress 1.
    public let distance: Double
    /// The window's width in points (for policies that count screens per second).
    public let screenWidth: Double
    private var drag: DragRecognizer
    /// Progress the transition had when this gesture took hold of it (non-zero after a grab).
    private var startProgress = 0.0
    /// +1 when the transition advances with rightward motion, −1 with leftward; set when a
    /// grabbed transition continues, nil for VCTransitionsLibrary's |dx| rule.
    private var grabbedDirection: Double?
    /// The finishing direction at the last release: a grab keeps advancing the same way.
    private var directionAtLastRelease = 1.0

    /// Creates a horizontal swipe controller.
    public init(policy: ThresholdPolicy = .vcTransitions, distance: Double = HorizontalSwipeController.defaultDistance,
                screenWidth: Double, tracker: any VelocityTracker = LeastSquaresVelocityTracker()) {
        self.policy = policy
        self.distance = distance
        self.screenWidth = screenWidth
        self.drag = DragRecognizer(axis: .horizontal, tracker: tracker)
    }

    /// True while the swipe holds the transition.
    public var isInteracting: Bool { drag.state == .began }

    /// The progress for the drag's current translation.
    var progress: Double {
        let dx = drag.translation.x
        if let grabbedDirection { return min(max(startProgress + dx * grabbedDirection / distance, 0), 1) }
        return min(abs(dx) / distance, 1)
    }

    /// +1 or −1: the horizontal direction in which progress grows right now.
    var finishingDirection: Double {
        if let grabbedDirection { return grabbedDirection }
        return drag.translation.x < 0 ? -1 : 1
    }

    /// Feeds one pointer event.
    public mutating func handle(_ event: PointerEvent, driver: inout TransitionDriver) -> ControllerReport? {
        let wasInteracting = isInteracting
        guard let state = drag.handle(event) else { return nil }
        switch state {
        case .began where !wasInteracting:
            startProgress = driver.begin()
            grabbedDirection = driver.grabCount > 0 ? directionAtLastRelease : nil
            driver.update(progress: progress)
            return .began(at: event.timestamp)
        case .began:
            driver.update(progress: progress)
            return nil
        case .ended:
            driver.update(progress: progress)
            return .released(release(at: event.timestamp, driver: &driver, pointerCancelled: false))
        case .cancelled:
            return .released(release(at: event.timestamp, driver: &driver, pointerCancelled: true))
        case .possible, .failed:
            return nil
        }
    }

    /// What a release now would measure and decide.
    public func pendingRelease(at time: Double) -> (measurement: ReleaseMeasurement, decision: ReleaseDecision)? {
        guard isInteracting else { return nil }
        let measurement = measure(at: time)
        return (measurement, policy.decide(measurement))
    }

    private func measure(at time: Double) -> ReleaseMeasurement {
        let velocity = drag.releaseVelocity(at: time).x * finishingDirection
        return ReleaseMeasurement(progress: progress, velocity: velocity, pointsPerProgress: distance, screenExtent: screenWidth)
    }

    private mutating func release(at time: Double, driver: inout TransitionDriver, pointerCancelled: Bool) -> ReleaseOutcome {
        let measurement = measure(at: time)
        directionAtLastRelease = finishingDirection
        let decision = pointerCancelled
            ? ReleaseDecision(.cancel, reason: "pointer cancelled")
            : policy.decide(measurement)
        let velocity = ReleaseVelocity(progressPerSecond: measurement.progressVelocity, pointsPerSecond: measurement.velocity)
        if decision.verdict == .finish { driver.finish(velocity: velocity) } else { driver.cancel(velocity: velocity) }
        return ReleaseOutcome(time: time, measurement: measurement, decision: decision)
    }

}
