import Engine
import Interaction
@testable import Playground

/// A platform queue that behaves like SDL 2.26's, on virtual time: events scripted at chosen
/// times reach the queue when it is pumped (the watch sees each), polling pumps first and
/// queues an internal sentinel the window never receives, and some events can be queued
/// before the watch exists or be removed from the queue before anyone polls them.
final class ScriptedEventQueue: PlatformEventQueue {
    /// One scripted event.
    struct Event {
        /// Tells events apart, as SDL's bytes do.
        var serial: Int
        /// What the window makes of it.
        var appEvent: AppEvent
        /// False for the platform's internal events, which are queued but never handed over.
        var handedOver = true
        /// The platform's own millisecond time for it, if it keeps one.
        var platformMilliseconds: Int?
        /// A precise time the platform passes to the watch (like the X server's), if any.
        var platformArrival: Double?
    }

    private let clock: VirtualClock
    private var script: [(time: Double, event: Event)] = []
    private var queued: [Event] = []
    private var watch: (@Sendable (Event, Double?) -> Void)?
    private var nextSerial = 0
    /// How many events the watch was told of, internal ones included.
    private(set) var watchCalls = 0

    init(clock: VirtualClock) {
        self.clock = clock
    }

    /// Scripts `appEvent` to reach the queue at `time` seconds.
    func schedule(_ appEvent: AppEvent, at time: Double, handedOver: Bool = true, platformMilliseconds: Int? = nil,
                  platformArrival: Double? = nil) {
        script.append((time, Event(serial: nextSerial, appEvent: appEvent, handedOver: handedOver,
                                   platformMilliseconds: platformMilliseconds, platformArrival: platformArrival)))
        nextSerial += 1
        script.sort { $0.time < $1.time }
    }

    /// Removes every queued event not yet polled (as SDL does with superseded resizes).
    func dropQueued() {
        queued.removeAll()
    }

    func setWatch(_ watch: (@Sendable (Event, Double?) -> Void)?) {
        self.watch = watch
    }

    func pump() {
        while let first = script.first, first.time <= clock.now {
            script.removeFirst()
            enqueue(first.event)
        }
    }

    func poll() -> Event? {
        pump()
        // SDL 2.26 queues a sentinel each time it is polled and skips it when it comes round.
        enqueue(Event(serial: -1, appEvent: .ignored, handedOver: false))
        while !queued.isEmpty {
            let event = queued.removeFirst()
            if event.handedOver { return event }
        }
        return nil
    }

    func identity(of event: Event) -> Int { event.serial }

    func platformQueueTime(of event: Event) -> Double? {
        event.platformMilliseconds.map { Double($0) / 1000 }
    }

    func appEvent(for event: Event, windowSize: Size) -> AppEvent { event.appEvent }

    private func enqueue(_ event: Event) {
        watchCalls += 1
        watch?(event, event.platformArrival)
        queued.append(event)
    }
}

/// Sleeps by moving the virtual clock on.
struct VirtualSleeper: FrameSleeper {
    let clock: VirtualClock

    func sleep(seconds: Double) {
        clock.advanceTime(by: seconds)
    }
}
