import Engine

/// How every controller holds the percent-driven transition: it takes hold (or grabs a
/// completing one where it is), feeds it progress, and lets go with the policy's decision.
struct TransitionGrip {
    /// True while the controller holds the transition.
    private(set) var isHolding = false
    /// The progress the transition had when taken (non-zero after a grab), 0…1.
    private(set) var startProgress = 0.0
    /// True when the controller grabbed a transition that was finishing or cancelling.
    private(set) var isGrab = false

    /// Takes hold of the driver's transition.
    mutating func take(_ driver: inout TransitionDriver) {
        startProgress = driver.begin()
        isGrab = driver.grabCount > 0
        isHolding = true
    }

    /// The progress after the gesture added `travel` progress units, clamped to 0…1.
    func progress(adding travel: Double) -> Double {
        min(max(startProgress + travel, 0), 1)
    }

    /// Lets go: the policy decides on `measurement` (a cancelled pointer always cancels) and the
    /// driver animates to that end with the release velocity.
    mutating func release(_ measurement: ReleaseMeasurement, policy: ThresholdPolicy, pointerCancelled: Bool,
                          at time: Double, driver: inout TransitionDriver) -> ReleaseOutcome {
        isHolding = false
        let decision = pointerCancelled ? ReleaseDecision(.cancel, reason: "pointer cancelled") : policy.decide(measurement)
        let velocity = ReleaseVelocity(progressPerSecond: measurement.progressVelocity, pointsPerSecond: measurement.velocity)
        if decision.verdict == .finish { driver.finish(velocity: velocity) } else { driver.cancel(velocity: velocity) }
        return ReleaseOutcome(time: time, measurement: measurement, decision: decision, pointerCancelled: pointerCancelled)
    }
}
