/// The fixed times the velocity trackers compare sample ages and gaps with, for a caller that
/// must know how near a trace comes to one: `export-test`, whose apps may see event times only
/// to their platform's clock resolution (``SampleTime`` is exact, a page's clock is not).
package enum VelocityTimeRules {
    /// The shortest age or gap any tracker compares with, in µs, when pointers are taken to have
    /// stopped after `stopMicroseconds`: the trackers' horizons, the stop time (a zero stop time
    /// compares gaps with zero, which no change of scale can cross, so it is left out), and
    /// Flutter's release rule, which counts whole milliseconds and so turns at the first whole
    /// millisecond past the stop time.
    package static func shortest(stopMicroseconds: Int64) -> Int64 {
        let stop = stopMicroseconds > 0 ? stopMicroseconds : .max
        return min(AndroidMovementHistory.horizon, FlutterVelocityTracker.horizon, stop,
                   FlutterVelocityTracker.releaseBoundary(stoppedTime: stopMicroseconds))
    }
}
