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
/// ``stretch(resolution:stoppedTime:)``: that moves every age or gap within two resolutions of a
/// rule past it, one way and then the other, and every other velocity by that fraction alone.
struct ClockResolutionCheck {
    /// How finely the app sees event times, in seconds.
    var resolution: Double
    /// What the test allows a velocity to differ by.
    var tolerance: VelocityTolerance

    /// One release of the delivered trace, as each stretched replay decided it.
    struct Release: Hashable {
        /// The decision and release velocity (points per second, the stretch undone) of each
        /// stretched replay, in order.
        var outcomes: [Outcome]
        /// True when a stretched replay's velocity is more than half the tolerance from the lab's:
        /// the app's could be too, by its clock alone, so the test does not assert it.
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

    /// The fraction the clock is stretched and shrunk by: two resolutions over the shortest time
    /// a tracker compares with (`stoppedTime` in seconds, the stop time), so an age or gap within
    /// two resolutions of any such time crosses it (each of two event times can be off by one).
    static func stretch(resolution: Double, stoppedTime: Double) -> Double {
        let shortest = Double(VelocityTimeRules.shortest(stoppedTime: SampleTime.microseconds(stoppedTime))) / 1_000_000
        return 2 * resolution / shortest
    }

    /// The stretch for `configuration`'s stop time, in per cent.
    func stretchPercent(configuration: ResolvedConfiguration) -> Double {
        100 * Self.stretch(resolution: resolution, stoppedTime: configuration.configuration.tunables.velocityStopTime)
    }

    /// The resolution in words.
    var resolutionText: String { "\(DecimalFormat.string(resolution * 1_000_000, decimals: 3)) µs" }

    /// The releases of `records` (the lab's replay of `events` under `configuration`), each as the
    /// stretched replays decided it; nil when the stretched replays do not have the same number
    /// of releases (a release itself turns on the clock), or when the resolution is zero.
    func check(_ events: [PointerEvent], records: [TransitionRecord], configuration: ResolvedConfiguration) -> [Release]? {
        guard resolution > 0 else { return records.map { _ in Release(outcomes: [], velocityTurns: false, decisionTurns: false) } }
        let stretch = stretchPercent(configuration: configuration) / 100
        var releases = records.map { _ in Release(outcomes: [], velocityTurns: false, decisionTurns: false) }
        for factor in [1 + stretch, 1 - stretch] {
            var stretched = events
            for index in stretched.indices { stretched[index].timestamp *= factor }
            let other = HeadlessReplay.run(stretched, configuration: configuration)
            guard other.count == records.count else { return nil }
            for (index, record) in records.enumerated() {
                let velocity = other[index].velocityAtRelease * factor
                releases[index].outcomes.append(Outcome(decision: other[index].decision, velocity: velocity))
                if other[index].decision != record.decision { releases[index].decisionTurns = true }
                if abs(velocity - record.velocityAtRelease) > tolerance.allowed(around: record.velocityAtRelease) / 2 {
                    releases[index].velocityTurns = true
                }
            }
        }
        return releases
    }
}
