import Engine

/// The samples an Android velocity strategy sees (`libs/input/VelocityTracker.cpp`), for one
/// pointer:
///
/// - a move more than 40 ms (the stop time) after the previous one clears the history first
///   (`VelocityTracker::addMovement`, `ASSUME_POINTER_STOPPED_TIME`);
/// - a move with the newest sample's time replaces it; at most 20 samples are kept, and those
///   more than 100 ms older than the newest are dropped as each one is added
///   (`AccumulatingVelocityTrackerStrategy::addMovement`, `HISTORY_SIZE`, `HORIZON`);
/// - a lift more than 40 ms after the last move clears it, so the release reports no velocity
///   (the `ACTION_UP` case).
///
/// Android keeps one last-event time for all pointers; the lab gives each pointer its own
/// tracker, so the time is per pointer here.
struct AndroidMovementHistory: Hashable, Sendable {
    /// `HISTORY_SIZE`.
    static let historySize = 20
    /// `HORIZON` of the `lsq2` and `impulse` strategies, in µs.
    static let horizon: Int64 = 100_000
    /// `ASSUME_POINTER_STOPPED_TIME` (40 ms unless the tunables say otherwise), in µs.
    let stoppedTime: Int64

    private(set) var history = SampleHistory(capacity: historySize, replacesSameTime: true)
    private var lastEventTime: Int64?

    /// An empty history whose pointer is taken to have stopped after `stoppedTime` µs.
    init(stoppedTime: Int64) { self.stoppedTime = stoppedTime }

    mutating func removeAll() {
        history.removeAll()
        lastEventTime = nil
    }

    mutating func add(_ position: Point, at seconds: Double) {
        let time = SampleTime.microseconds(seconds)
        if let lastEventTime, time - lastEventTime > stoppedTime { history.removeAll() }
        lastEventTime = time
        history.append(TimedSample(position: position, time: time))
        history.dropOlder(than: Self.horizon)
    }

    /// True when a lift at `seconds` keeps the history: within 40 ms of the last move.
    func keepsHistory(forLiftAt seconds: Double) -> Bool {
        guard let lastEventTime else { return false }
        return SampleTime.microseconds(seconds) - lastEventTime <= stoppedTime
    }
}
