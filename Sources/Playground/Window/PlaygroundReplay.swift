import Engine
import Interaction
import Traces

/// A trace being replayed in the window in real time.
///
/// Times are computed from one absolute start each frame (replay time = (now − start) ·
/// speed), never by adding up frame intervals, so a long replay does not drift.
package struct PlaygroundReplay {
    /// The trace.
    let trace: Trace
    /// Its path, for the HUD.
    package let path: String
    /// The configuration it replays under.
    let configuration: ResolvedConfiguration
    /// Replay speed, 0.1…10.
    package var speed: Double
    /// The replay's own stage, playing the trace's events as its time moves on.
    package private(set) var stage: Stage
    /// Transitions that came to rest so far.
    package private(set) var records: [TransitionRecord] = []
    /// Replay time reached, in trace seconds.
    package private(set) var time: Double
    /// True while paused.
    package var isPaused = false
    /// Wall time and replay time at the last (re)start of the clock, so speed changes and
    /// pauses do not jump.
    private var anchorWall: Double?
    private var anchorTime: Double
    /// The replayed pointers' recent paths, fading as the live ones do.
    package private(set) var trail = PointerTrail()

    package init(trace: Trace, path: String, configuration: ResolvedConfiguration, speed: Double) {
        self.trace = trace
        self.path = path
        self.configuration = configuration
        self.speed = speed
        let start = trace.events.first?.timestamp ?? 0
        stage = Stage(configuration: configuration, playing: trace.events)
        time = start
        anchorTime = start
        endTime = ReplayTimeline.endTime(of: trace.events, configuration: configuration)
    }

    /// Jumps to `target` trace seconds: replays from the start (replay is deterministic and
    /// fast), so scrubbing backwards shows exactly what was shown going forwards.
    mutating func seek(to target: Double, wallTime now: Double) {
        stage = Stage(configuration: configuration, playing: trace.events)
        records = []
        trail = PointerTrail()
        time = startTime
        advance(to: min(max(target, startTime), endTime))
        anchorWall = now
        anchorTime = time
    }

    /// When the replay starts: the first event's time, in trace seconds.
    package var startTime: Double { trace.events.first?.timestamp ?? 0 }

    /// When the replay ends: after the last event and the last completion, in trace seconds.
    package let endTime: Double

    /// True once every event was fed and the transition came to rest.
    var isDone: Bool { stage.hasPlayedScript && !stage.session.driver.state.isCompleting && time >= endTime }

    /// Moves the replay to wall time `now` (seconds on the window's clock).
    mutating func update(wallTime now: Double) {
        guard !isPaused else { return }
        guard let anchorWall else {
            self.anchorWall = now
            return
        }
        advance(to: min(anchorTime + (now - anchorWall) * speed, endTime))
    }

    /// Changes the speed without a jump in replay time.
    mutating func setSpeed(_ newSpeed: Double, wallTime now: Double) {
        reanchor(wallTime: now)
        speed = min(max(newSpeed, 0.1), 10)
    }

    /// Pauses or resumes.
    mutating func togglePause(wallTime now: Double) {
        reanchor(wallTime: now)
        isPaused.toggle()
    }

    /// Moves on by one frame of `frameInterval` seconds of trace time (while paused).
    mutating func step(frameInterval: Double, wallTime now: Double) {
        advance(to: time + frameInterval)
        reanchor(wallTime: now)
    }

    /// Brings the replay up to wall time `now` at the speed in force, then restarts the clock
    /// from there, so what follows (a new speed, a pause) starts where the replay really is.
    private mutating func reanchor(wallTime now: Double) {
        if !isPaused, let anchorWall { advance(to: min(anchorTime + (now - anchorWall) * speed, endTime)) }
        anchorWall = now
        anchorTime = time
    }

    private mutating func advance(to target: Double) {
        let fed = stage.scriptPosition
        records += stage.advance(to: target)
        for event in trace.events[fed..<stage.scriptPosition] {
            trail.add(id: event.pointerID, position: event.position, time: event.timestamp, phase: event.phase)
        }
        time = target
        trail.prune(now: target)
    }
}
