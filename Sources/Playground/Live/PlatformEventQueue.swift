import Engine

/// A platform's event queue as the window sees it: the platform queues events (telling a watch
/// of each as it does, on whichever thread queues it) and the window takes them off later.
///
/// SDL's queue is one (`SDLEventQueue`, in SDLFront); tests script another, with the platform's quirks:
/// internal events the window never receives, bursts, and events queued before the watch.
package protocol PlatformEventQueue: AnyObject, SendableMetatype {
    /// The platform's event.
    associatedtype Event
    /// What tells one queued event from another (SDL: the event's bytes).
    associatedtype Identity: Hashable, SendableMetatype

    /// Starts telling `watch` of every event as it is queued, with the time the platform
    /// itself gives the event on the window's clock when it knows one to the millisecond or
    /// better (SDL on X11: the X server's time); `nil` stops.
    func setWatch(_ watch: (@Sendable (Event, _ platformArrival: Double?) -> Void)?)
    /// Lets the platform queue what has arrived from the system (the watch sees each).
    func pump()
    /// Takes the next event off the queue.
    func poll() -> Event?
    /// The identity of `event`, the same when the watch saw it and when it is polled.
    func identity(of event: Event) -> Identity
    /// The platform's own, coarser record of when `event` was queued, in seconds on the
    /// window's clock, if it keeps one (SDL: whole milliseconds).
    func platformQueueTime(of event: Event) -> Double?
    /// What the window makes of `event`.
    func appEvent(for event: Event, windowSize: Size) -> AppEvent
}
