import Dispatch
import Engine
import FoundationEssentials
import Glibc
import Playground
import Plumbing
import Traces

/// Measures input-to-present latency in the live window: a thread pushes synthetic mouse
/// input into SDL's queue at 1,000 Hz (a drag back and forth, pressed afresh each second);
/// once the window has settled (its draw paths timed on that drag), it reports for
/// ``duration`` seconds, for every event it took off the queue,
/// when the event arrived, when it was taken off, and when the present call of the frame that
/// reflects it returned.
final class LatencyProbe: @unchecked Sendable {
    /// Events pushed per second.
    static let rate = 1000.0
    /// Seconds after the window's first frame at which measuring begins even if the window is
    /// still choosing its draw path.
    static let settlingTimeLimit = 5.0
    /// Seconds beyond ``duration`` and ``settlingTimeLimit`` after which pushing stops even if
    /// measuring never began.
    static let pushingTimeLimit = 15.0
    /// How long to measure, from ``beginMeasuring(settledAfterFrames:now:)``, in seconds.
    let duration: Double
    private let lock = Lock()
    private var samples: [Double] = []
    private var arrivalSamples: [Double] = []
    private var finished = false
    private var stopped = false
    /// The first and the last present-return while measuring, in seconds on the window's clock.
    private var firstPresent: Double?
    private var lastPresent: Double?
    private var frames = 0
    /// The last position pushed: where the synthetic finger really is, within 1 ms.
    private var latestPushed: (x: Double, y: Double)?
    private var distances: [Double] = []
    /// How each frame presented while measuring was scheduled.
    private var frameSchedules: [FrameSchedule] = []
    private var predictedSamples: [Double] = []
    private var renderer = ""
    private var path = ""
    private var settlingFrames = 0
    /// When measuring began on the window's clock, in seconds: events that arrived earlier
    /// waited behind start-up frames and are not counted.
    private var measuringFrom: Double?
    /// Signalled when the pushing thread has pushed its last event.
    private let pusherDone = DispatchSemaphore(value: 0)
    private var pusherRunning = false

    init(duration: Double) {
        self.duration = duration
    }

    /// Seconds from dequeue to present-return, one per event.
    var latencies: [Double] {
        lock.withLock { samples }
    }

    /// Seconds from arrival in the queue to present-return, one per event: ``latencies`` plus
    /// the wait in the queue for the frame that takes it.
    var arrivalLatencies: [Double] {
        lock.withLock { arrivalSamples }
    }

    /// Points between the finger each frame drew and the real one when its present returned.
    var drawnDistances: [Double] {
        lock.withLock { distances }
    }

    /// Points between the predicted finger each frame drew and the real one when its present
    /// returned.
    var predictedDistances: [Double] {
        lock.withLock { predictedSamples }
    }

    /// How each frame presented while measuring was scheduled (late latching).
    var schedules: [FrameSchedule] {
        lock.withLock { frameSchedules }
    }

    /// The window's renderer and why it was chosen, as the HUD says it.
    var rendererSummary: String {
        get {
            lock.withLock { renderer }
        }
        set {
            lock.withLock { renderer = newValue }
        }
    }

    /// The path that drew the layers and why, as the HUD said it when the probe stopped.
    var drawPath: String {
        get {
            lock.withLock { path }
        }
        set {
            lock.withLock { path = newValue }
        }
    }

    /// Frames presented while measuring.
    var frameCount: Int {
        lock.withLock { frames }
    }

    /// True once ``beginMeasuring(settledAfterFrames:now:)`` has been called.
    var isMeasuring: Bool {
        lock.withLock { measuringFrom != nil }
    }

    /// Frames the window presented before measuring began (its start-up and draw-path trial).
    var framesBeforeStart: Int {
        lock.withLock { settlingFrames }
    }

    /// True once the pusher has stopped.
    var isFinished: Bool {
        lock.withLock { finished }
    }

    /// Called after each present while measuring (by ``framePresented(_:)``) with the arrival and dequeue times of the
    /// pointer events the frame reflects, where it drew the finger and the predicted finger
    /// (points), if it drew them, and how the frame was scheduled.
    func framePresented(pointerTimes: [PointerEventTimes], presentReturned: Double, drawn: (x: Double, y: Double)?, predicted: (x: Double, y: Double)?,
                        schedule: FrameSchedule? = nil) {
        lock.lock()
        if measuringFrom != nil, let schedule { frameSchedules.append(schedule) }
        let counted = measuringFrom.map { from in pointerTimes.filter { $0.arrival >= from } } ?? []
        samples += counted.map { presentReturned - $0.dequeued }
        arrivalSamples += counted.map { presentReturned - $0.arrival }
        if let real = latestPushed {
            func distance(_ point: (x: Double, y: Double)) -> Double { ((point.x - real.x) * (point.x - real.x) + (point.y - real.y) * (point.y - real.y)).squareRoot() }
            if let drawn { distances.append(distance(drawn)) }
            if let predicted { predictedSamples.append(distance(predicted)) }
        }
        frames += 1
        if firstPresent == nil { firstPresent = presentReturned }
        lastPresent = presentReturned
        lock.unlock()
    }

    /// Seconds from the first to the last present while measuring.
    var measuredSpan: Double {
        lock.withLock { (lastPresent ?? 0) - (firstPresent ?? 0) }
    }

    /// The mean interval between presents while measuring, in seconds; nil before two frames.
    var frameInterval: Double? {
        lock.withLock {
            guard frames >= 2, let firstPresent, let lastPresent else { return nil }
            return (lastPresent - firstPresent) / Double(frames - 1)
        }
    }

    /// Stops pushing, whether or not measuring has ended, and returns once the last event is
    /// pushed: the window is closing, and nothing may reach SDL's queue after it has quit.
    func stop() {
        let running = lock.withLock {
            stopped = true
            return pusherRunning
        }
        if running { pusherDone.wait() }
    }

    /// Begins measuring, for ``duration`` seconds from now (`now` seconds on the window's
    /// clock): the window has settled after presenting `settledAfterFrames` frames.
    func beginMeasuring(settledAfterFrames: Int, now: Double) {
        lock.withLock {
            settlingFrames = settledAfterFrames
            measuringFrom = now
        }
    }

    /// True when the window is closing, or measuring began at least ``duration`` seconds
    /// before `now` (seconds on the window's clock).
    private func shouldStopPushing(at now: Double) -> Bool {
        lock.withLock { stopped || (measuringFrom.map { now - $0 >= duration } ?? false) }
    }

    /// Starts pushing mouse events into `window`'s queue, timed on the window's clock.
    func start(_ window: ObservedWindow) {
        let width = window.width
        let height = window.height
        let clock = window.clock
        lock.withLock { pusherRunning = true }
        let started = DetachedThread.start { [self] in
            let start = clock.now
            var index = 0
            var cycle = 0
            var x = width / 4
            push(.down(x: x, y: height / 2), to: window)
            while !shouldStopPushing(at: clock.now) {
                let elapsed = clock.now - start
                // A window that never began measuring must not be pushed to forever.
                if elapsed >= duration + Self.settlingTimeLimit + Self.pushingTimeLimit { break }
                if Int(elapsed) > cycle {
                    // A fresh drag each second (lift, then press again), so a contact the
                    // window cancelled (a focus change under a busy display) is back at once.
                    cycle = Int(elapsed)
                    push(.up(x: width / 4, y: height / 2), to: window)
                    push(.down(x: width / 4, y: height / 2), to: window)
                }
                let phase = elapsed.truncatingRemainder(dividingBy: 1.0)
                let travel = phase < 0.5 ? phase * 2 : 2 - phase * 2
                x = width / 4 + Int(travel * Double(width) / 2)
                push(.move(x: x, y: height / 2), to: window)
                index += 1
                let next = Double(index) / Self.rate
                Pause.sleep(seconds: next - (clock.now - start))
            }
            // Lifted where it is, so the frames drawn before the window closes still measure
            // the finger where it really is.
            push(.up(x: x, y: height / 2), to: window)
            pusherEnded()
        }
        if !started { pusherEnded() }
    }

    /// The pushing is over (or never started): the probe is finished and stops wait no more.
    private func pusherEnded() {
        lock.withLock {
            finished = true
            pusherRunning = false
        }
        pusherDone.signal()
    }

    private func push(_ mouse: SyntheticMouse, to window: ObservedWindow) {
        window.pushMouse(mouse)
        let position = mouse.position
        lock.lock()
        latestPushed = (Double(position.x), Double(position.y))
        lock.unlock()
    }
}

extension LatencyProbe: WindowObserver {
    func windowOpened(_ window: ObservedWindow) {
        rendererSummary = window.rendererSummary
        start(window)
    }

    func framePresented(_ frame: ObservedFrame) -> Bool {
        if isMeasuring {
            framePresented(pointerTimes: frame.pointerTimes, presentReturned: frame.presentReturned, drawn: frame.drawn, predicted: frame.predicted,
                           schedule: frame.schedule)
            if isFinished { return true }
        } else if !frame.isChoosingDrawPath || frame.secondsSinceStart >= Self.settlingTimeLimit {
            // Measured once the window has settled: its first frames and its draw-path trial
            // are start-up, which `bench --only startup` measures.
            beginMeasuring(settledAfterFrames: frame.presentedFrames, now: frame.presentReturned)
        }
        return false
    }

    func windowClosing(drawPath: String) {
        self.drawPath = drawPath
        stop()
    }
}
