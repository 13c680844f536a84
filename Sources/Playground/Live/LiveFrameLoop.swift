import Engine

/// When a live pointer event reached the queue and when the window took it off, in seconds
/// on the window's clock.
package struct PointerEventTimes {
    /// When it reached the platform's queue (see ``TimedAppEvent/arrival``).
    package let arrival: Double
    /// When the window took it off the queue, just before drawing the frame that shows it.
    package let dequeued: Double
}

/// How the window waits between frames: SDL sleeps for real, tests move a virtual clock.
package protocol FrameSleeper {
    /// Waits about `seconds`.
    func sleep(seconds: Double)
}

/// The window's loop without SDL: each frame takes every queued event, with the time it
/// arrived, into the core and moves the core on to the frame's time; between frames it waits,
/// pumping the platform's queue every millisecond so the watch stamps each event as it comes.
///
/// Events stay in the queue until just before a frame is drawn, so the frame shows the
/// freshest input; their times are those they arrived at, not those they were taken at.
package struct LiveFrameLoop<Queue: PlatformEventQueue> {
    /// The live events and their times.
    let input: LiveInput<Queue>
    /// What the events mean.
    let core: PlaygroundCore
    /// The window's clock.
    let clock: TimeSource
    /// How to wait.
    let sleeper: FrameSleeper
    /// A phone's touches streamed to `play --serve`, if it serves.
    package var remote: RemoteTouchInbox?

    /// A loop taking `input` for `core` on `clock`, waiting with `sleeper`.
    package init(input: LiveInput<Queue>, core: PlaygroundCore, clock: TimeSource, sleeper: FrameSleeper, remote: RemoteTouchInbox? = nil) {
        self.input = input
        self.core = core
        self.clock = clock
        self.sleeper = sleeper
        self.remote = remote
    }
    /// How often the queue is pumped while waiting, in seconds.
    static var pumpInterval: Double { 0.001 }

    /// Takes every queued event into the core (unless `readingQueues` is false), then moves the
    /// core on to now. Returns, for each pointer event, when it arrived and when it was taken off
    /// the queue (for the latency probe), and now.
    ///
    /// The window's first frame reads no queue: the window was not on screen for anyone to aim
    /// at it, and reading SDL's queue the first time waits about a millisecond for the display
    /// server (`bench --only startup`); the events wait for the second frame, after the first
    /// present.
    package func takeInput(readingQueues: Bool = true) -> (pointerTimes: [PointerEventTimes], now: Double) {
        var pointerTimes: [PointerEventTimes] = []
        while readingQueues, let timed = input.next(windowSize: core.configuration.windowSize) {
            if case .pointer = timed.event { pointerTimes.append(PointerEventTimes(arrival: timed.arrival, dequeued: clock.now)) }
            core.handle(timed)
        }
        if readingQueues, let remote { takeRemote(from: remote) }
        let now = clock.now
        core.advance(to: now)
        return (pointerTimes, now)
    }

    /// Takes the phone's touches whose time has come, after the local ones: each at its mapped
    /// time, or at the stage's time if that has moved past it, so the stage's time never goes back.
    private func takeRemote(from remote: RemoteTouchInbox) {
        let (events, messages, study) = remote.take(dueBy: clock.now)
        for message in messages { core.notice(message, now: clock.now) }
        if let study { core.overlay.studyProgress = study }
        for event in events {
            let appEvent = AppEvent.pointer(id: event.pointerID, kind: event.kind, phase: event.phase, position: event.position)
            core.handle(TimedAppEvent(event: appEvent, arrival: max(event.timestamp, core.stage.now), source: .remote))
        }
    }

    /// Waits until `deadline` seconds on the window's clock (or until the core stops running),
    /// leaving events in the queue but pumping it so each is stamped as it arrives. The last
    /// sleep ends at the deadline itself, not on the next whole pump interval.
    package func wait(until deadline: Double) {
        while core.running {
            let remaining = deadline - clock.now
            guard remaining > 0 else { return }
            input.pump()
            sleeper.sleep(seconds: min(Self.pumpInterval, remaining))
        }
    }
}
