import Engine
import FoundationEssentials
import Glibc
import Plumbing
import Traces

/// How the time of a live event was found, from the best to the last resort.
package enum ArrivalSource: String, Sendable {
    /// Stamped by the watch as the platform queued this very event: with the display
    /// server's own time for it where the platform passes that on (X11 mouse and keys, to
    /// the millisecond), else with the window's clock as it was queued (microseconds, but
    /// late by however long the window was busy before it pumped the queue).
    case watch
    /// The platform's own queue time for the event (SDL: whole milliseconds), because the
    /// watch never saw it (queued before stamping began, or made by the platform).
    case platformTimestamp
    /// The moment the window took it off the queue: the platform keeps no time for it.
    case dequeued
    /// Stamped by a phone streaming to `play --serve`: its own event time, put on the
    /// window's clock by ``RemoteClockMapping``.
    case remote
}

/// One event as the window handles it, with the time it reached the platform's queue.
package struct TimedAppEvent {
    /// What happened.
    let event: AppEvent
    /// When it reached the queue, in seconds on the window's clock; a pointer event's is never
    /// earlier than the previous pointer event's, so the events of a trace stay in order.
    let arrival: Double
    /// How that time was found.
    let source: ArrivalSource
}

/// Live events with the time each one really arrived, however late the window takes them.
///
/// The window takes events off the queue just before it draws, so a frame shows the freshest
/// input; a watch stamps each event as the platform queues it, and ``next(windowSize:)``
/// pairs every event taken off with its own stamp by identity (see ``ArrivalMatcher``).
package final class LiveInput<Queue: PlatformEventQueue>: @unchecked Sendable {
    private let queue: Queue
    private let clock: TimeSource
    private let lock = Lock()
    private var matcher = ArrivalMatcher<Queue.Identity>()
    private var lastPointerArrival = -Double.infinity
    /// How many events were timed by each source, for the HUD and the tests.
    private(set) var countsBySource: [ArrivalSource: Int] = [:]

    /// Live input from `queue`, stamped on `clock` (the window's).
    package init(queue: Queue, clock: TimeSource) {
        self.queue = queue
        self.clock = clock
    }

    /// Starts stamping events as the platform queues them.
    package func start() {
        queue.setWatch { [unowned self] event, platformArrival in
            let identity = queue.identity(of: event)
            let now = platformArrival ?? clock.now
            lock.lock()
            matcher.stamp(identity, at: now)
            lock.unlock()
        }
    }

    /// Stops stamping.
    package func stop() {
        queue.setWatch(nil)
    }

    /// Lets the platform queue what has arrived, stamping each event.
    func pump() {
        queue.pump()
    }

    /// The next event on the queue with the time it arrived, or nil when the queue is empty.
    func next(windowSize: Size) -> TimedAppEvent? {
        guard let event = queue.poll() else { return nil }
        let dequeued = clock.now
        lock.lock()
        let stamped = matcher.claim(queue.identity(of: event))
        lock.unlock()
        var arrival: Double
        var source: ArrivalSource
        if let stamped {
            (arrival, source) = (stamped, .watch)
        } else if let platformTime = queue.platformQueueTime(of: event) {
            (arrival, source) = (platformTime, .platformTimestamp)
        } else {
            (arrival, source) = (dequeued, .dequeued)
        }
        let appEvent = queue.appEvent(for: event, windowSize: windowSize)
        arrival = min(arrival, dequeued)
        if case .pointer = appEvent {
            arrival = max(arrival, lastPointerArrival)
            lastPointerArrival = arrival
        }
        countsBySource[source, default: 0] += 1
        return TimedAppEvent(event: appEvent, arrival: arrival, source: source)
    }
}
