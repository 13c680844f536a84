/// The fixed times the velocity trackers compare sample ages and gaps with, for a caller that
/// must know how near a trace comes to one: `export-test`, whose apps may see event times only
/// to their platform's clock resolution (``SampleTime`` is exact, a page's clock is not).
package enum VelocityTimeRules {
    /// The shortest age or gap any tracker compares with, in µs, when pointers are taken to have
    /// stopped after `stoppedTime` µs: the trackers' horizons and the stop time (a zero stop time
    /// compares gaps with zero, which no change of scale can cross, so it is left out).
    package static func shortest(stoppedTime: Int64) -> Int64 {
        let horizons = [AndroidMovementHistory.horizon, FlutterVelocityTracker.horizon]
        return min(horizons.min() ?? AndroidMovementHistory.horizon, stoppedTime > 0 ? stoppedTime : .max)
    }
}
