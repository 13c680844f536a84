import Engine
import Interaction

/// Which releases of a delivered trace can come out otherwise when the app under test sees the
/// event times only to its platform's clock resolution (``TestPlatform/appClockResolution``).
///
/// The velocity trackers compare sample ages and gaps with fixed times (``VelocityTimeRules``):
/// a sample lying within a resolution or two of one is kept or dropped by chance, and the
/// release velocity can jump (recordings/human/dollar1/s05-fast-check.json: a sample exactly
/// 100 ms before the release, its velocity 128.3 pt/s with it, 63.5 without). The lab replays
/// the delivered events twice more, with the clock stretched and shrunk by
/// ``stretch(resolution:stopMicroseconds:)``: every age or gap within two resolutions of the
/// shortest rule, and within proportionally more of a longer one (the horizon's 0.5 ms at the
/// default 40 ms stop time), crosses it one way and then the other. The check is conservative:
/// it may leave out a velocity the app's clock could not in fact turn, never the reverse for a
/// single sample near a rule.
struct ClockResolutionCheck {
    /// The platform whose app sees the times.
    var platform: TestPlatform
    /// What the test allows a velocity to differ by.
    var tolerance: VelocityTolerance

    /// The largest stretch the check makes. Beyond it the shortest rule is under 20 of the
    /// app's clock steps, and stretched replays no longer stand for a clock that is merely
    /// coarse: every velocity is taken to turn.
    static let largestStretch = 0.1
    /// The least change taken for a jump, in points per second: the stretched times are rounded
    /// to whole microseconds, which moves a velocity far less than that.
    static let smallestJump = 1.0

    /// What the check found for a trace.
    enum Finding: Hashable {
        /// The app sees the delivered times exactly: nothing can turn.
        case exact
        /// Each release, in order, as the replays with the clock `stretch` (a fraction) longer
        /// and shorter decided it.
        case releases([Release], stretch: Double)
        /// The stretched replays decide a different number of releases.
        case releaseCountTurns
        /// The shortest rule, in seconds, is too short for the app's clock (``largestStretch``).
        case rulesTooShort(shortest: Double)
    }

    /// One release of the delivered trace, as each stretched replay decided it.
    struct Release: Hashable {
        /// The decision and release velocity of each stretched replay, in order.
        var outcomes: [Outcome]
        /// True when a stretched replay's velocity is more than half the tolerance (and more
        /// than ``smallestJump``) from the lab's: the app's could be too, by its clock alone, so
        /// the test does not assert it.
        var velocityTurns: Bool
        /// True when a stretched replay decides otherwise.
        var decisionTurns: Bool
    }

    /// What one stretched replay decided for a release.
    struct Outcome: Hashable {
        /// Finish or cancel.
        var decision: ReleaseDecision.Verdict
        /// The release velocity, in points per second, the stretch undone.
        var velocity: Double
    }

    /// The fraction the clock is stretched and shrunk by: two resolutions (`resolution` in
    /// seconds) over the shortest time a tracker compares with when pointers are taken to have
    /// stopped after `stopMicroseconds`, so an age or gap within two resolutions of that time
    /// crosses it (each of two event times can be off by one).
    static func stretch(resolution: Double, stopMicroseconds: Int64) -> Double {
        2 * resolution / (Double(VelocityTimeRules.shortest(stopMicroseconds: stopMicroseconds)) / 1_000_000)
    }

    /// What becomes of the releases of `records` (the lab's replay of `events` under
    /// `configuration`) when the app sees the times only to the platform's resolution.
    func check(_ events: [PointerEvent], records: [TransitionRecord], configuration: ResolvedConfiguration) -> Finding {
        guard platform.appClockResolution > 0 else { return .exact }
        let stopMicroseconds = configuration.configuration.tunables.velocityStopMicroseconds
        let stretch = Self.stretch(resolution: platform.appClockResolution, stopMicroseconds: stopMicroseconds)
        guard stretch <= Self.largestStretch else {
            return .rulesTooShort(shortest: Double(VelocityTimeRules.shortest(stopMicroseconds: stopMicroseconds)) / 1_000_000)
        }
        var releases = records.map { _ in Release(outcomes: [], velocityTurns: false, decisionTurns: false) }
        for factor in [1 + stretch, 1 - stretch] {
            var stretched = events
            for index in stretched.indices { stretched[index].timestamp *= factor }
            let other = HeadlessReplay.run(stretched, configuration: configuration)
            guard other.count == records.count else { return .releaseCountTurns }
            for (index, record) in records.enumerated() {
                // Velocities are distances over times: the stretch divided them by `factor`.
                let velocity = other[index].velocityAtRelease * factor
                releases[index].outcomes.append(Outcome(decision: other[index].decision, velocity: velocity))
                if other[index].decision != record.decision { releases[index].decisionTurns = true }
                let jump = max(tolerance.allowed(around: record.velocityAtRelease) / 2, Self.smallestJump)
                if abs(velocity - record.velocityAtRelease) > jump { releases[index].velocityTurns = true }
            }
        }
        return .releases(releases, stretch: stretch)
    }
}
