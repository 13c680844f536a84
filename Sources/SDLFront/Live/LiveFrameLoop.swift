import Engine

/// How the window waits between frames: SDL sleeps for real, tests move a virtual clock.
protocol FrameSleeper {
    /// Waits about `seconds`.
    func sleep(seconds: Double)
}

/// The window's loop without SDL: each frame takes every queued event, with the time it
/// arrived, into the core and moves the core on to the frame's time; between frames it waits,
/// pumping the platform's queue every millisecond so the watch stamps each event as it comes.
///
/// Events stay in the queue until just before a frame is drawn, so the frame shows the
/// freshest input; their times are those they arrived at, not those they were taken at.
struct LiveFrameLoop<Queue: PlatformEventQueue> {
    /// The live events and their times.
    let input: LiveInput<Queue>
    /// What the events mean.
    let core: PlaygroundCore
    /// The window's clock.
    let clock: TimeSource
    /// How to wait.
    let sleeper: FrameSleeper
    /// A phone's touches streamed to `play --serve`, if it serves.
    var remote: RemoteTouchInbox?
    /// How often the queue is pumped while waiting, in seconds.
    static var pumpInterval: Double { 0.001 }

    /// Takes every queued event into the core, then moves the core on to now. Returns the time
    /// each pointer event was taken off the queue (for the latency probe) and now.
    func takeInput() -> (pointerDequeueTimes: [Double], now: Double) {
        var dequeueTimes: [Double] = []
        while let timed = input.next(windowSize: core.configuration.windowSize) {
            if case .pointer = timed.event { dequeueTimes.append(clock.now) }
            core.handle(timed)
        }
        if let remote { takeRemote(from: remote) }
        let now = clock.now
        core.advance(to: now)
        return (dequeueTimes, now)
    }

    /// Takes the phone's touches whose time has come, after the local ones: each at its mapped
    /// time, or at the stage's time if that has moved past it, so the stage's time never goes back.
    private func takeRemote(from remote: RemoteTouchInbox) {
        let (events, messages) = remote.take(dueBy: clock.now)
        for message in messages { core.notice(message, now: clock.now) }
        for event in events {
            let appEvent = AppEvent.pointer(id: event.pointerID, kind: event.kind, phase: event.phase, position: event.position)
            core.handle(TimedAppEvent(event: appEvent, arrival: max(event.timestamp, core.stage.now), source: .remote))
        }
    }

    /// Waits until `deadline` seconds on the window's clock (or until the core stops running),
    /// leaving events in the queue but pumping it so each is stamped as it arrives.
    func wait(until deadline: Double) {
        while core.running, clock.now < deadline {
            input.pump()
            sleeper.sleep(seconds: Self.pumpInterval)
        }
    }
}
