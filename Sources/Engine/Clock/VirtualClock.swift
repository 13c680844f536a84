/// A clock whose time moves only when its owner says so.
///
/// Modelled on swift-nio's `EmbeddedEventLoop.advanceTime(to:)`: tests and headless replays
/// drive it from event timestamps, so the same input always sees the same times.
public final class VirtualClock: TimeSource {
    /// The current virtual time in seconds.
    public private(set) var now: Double

    /// Creates a clock that starts at `start` seconds.
    public init(start: Double = 0) {
        self.now = start
    }

    /// Moves the clock forward to `time` seconds. A time in the past leaves the clock where
    /// it is, because time never runs backwards.
    public func advanceTime(to time: Double) {
        if time > now { now = time }
    }

    /// Moves the clock forward by `interval` seconds (negative intervals are ignored).
    public func advanceTime(by interval: Double) {
        advanceTime(to: now + interval)
    }
}
