/// A source of the current time, in seconds, injected into everything in the Engine that
/// needs to know "now".
///
/// The Engine and Interaction modules never read the wall clock: the window injects a real
/// monotonic clock, headless replays and tests inject a ``VirtualClock`` that they advance
/// themselves, so every replay is deterministic.
public protocol TimeSource: AnyObject {
    /// The current time in seconds, on an arbitrary but fixed origin. Never decreases.
    var now: Double { get }
}
