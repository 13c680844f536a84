import Engine
import Foundation
import Interaction
@testable import Playground
import Testing
import Traces

/// The window's loop on virtual time with a scripted queue: every recorded event must carry
/// the time it reached the queue, whatever else the queue holds and however late frames run.
@Suite("Live loop: event times")
struct LiveFrameLoopTests {
    /// A loop over a scripted queue, recording into a fresh folder.
    final class Harness {
        let clock = VirtualClock(start: 100)
        let queue: ScriptedEventQueue
        let input: LiveInput<ScriptedEventQueue>
        let core: PlaygroundCore
        let loop: LiveFrameLoop<ScriptedEventQueue>
        let folder: String

        init(configuration: SessionConfiguration = SessionConfiguration(), policyChoices: [PolicySpec] = PolicySpec.presets) throws {
            queue = ScriptedEventQueue(clock: clock)
            input = LiveInput(queue: queue, clock: clock)
            folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("gesture-lab-loop-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
            var options = PlaygroundOptions(configuration: configuration, windowSize: Size(width: 800, height: 600))
            options.recordFolder = folder
            options.policyChoices = policyChoices
            core = try PlaygroundCore(options: options, replay: nil, exitWhenReplayEnds: false,
                                      windowSize: Size(width: 800, height: 600), startTime: clock.now)
            loop = LiveFrameLoop(input: input, core: core, clock: clock, sleeper: VirtualSleeper(clock: clock))
            input.start()
        }

        deinit { try? FileManager.default.removeItem(atPath: folder) }

        /// Runs frames until `end` seconds: input taken, then `drawing` seconds of drawing
        /// (nothing pumped meanwhile), then a wait pumping the queue until the next frame. Frames
        /// are a whole number of milliseconds apart (17), so the window's pumps fall on whole
        /// milliseconds as the scripted events expect (the wait ends at the next frame's start).
        func run(until end: Double, frameInterval: Double = 0.017, drawing: Double = 0.012) {
            while clock.now < end {
                let frameStart = clock.now
                _ = loop.takeInput()
                clock.advanceTime(by: drawing)
                loop.wait(until: frameStart + frameInterval)
            }
        }

        /// Stops recording and loads what was recorded.
        func recording() throws -> Trace {
            core.toggleRecording(now: clock.now)
            let path = try #require(core.lastRecordingPath)
            return try Trace.load(path: path)
        }
    }

    static func press(_ character: Character) -> AppEvent { .key(.character(character), shift: false, control: false, alt: false) }

    static func mouse(_ phase: PointerPhase, x: Double) -> AppEvent {
        .pointer(id: 0, kind: .mouse, phase: phase, position: Point(x: x, y: 300))
    }

    /// A little before `milliseconds` after 100 s, so the pump on that millisecond sees it
    /// whatever the rounding of the virtual clock's steps.
    static func justBefore(_ milliseconds: Int) -> Double { 100 + Double(milliseconds) / 1000 - 0.0002 }

    @Test func theFirstFrameTakesNoInputAndTheSecondTakesItStampedWithItsArrival() throws {
        let harness = try Harness()
        harness.queue.schedule(Self.mouse(.down, x: 100), at: Self.justBefore(1))
        harness.loop.wait(until: 100.002)
        let first = harness.loop.takeInput(readingQueues: false)
        #expect(first.pointerTimes.isEmpty)
        #expect(first.now == harness.clock.now)
        #expect(harness.core.stage.contacts.positions.isEmpty)
        let second = harness.loop.takeInput()
        #expect(second.pointerTimes.map(\.arrival) == [100.001])
        #expect(harness.core.stage.contacts.positions.values.map(\.x) == [100])
    }

    @Test func waitingEndsAtTheNextFramesStartRatherThanOnTheNextWholePump() throws {
        let harness = try Harness()
        // Twelve sleeps of a millisecond between pumps, then one of half a millisecond: the
        // frame starts on time, not at 100.013.
        harness.loop.wait(until: 100.0125)
        #expect(abs(harness.clock.now - 100.0125) < 1e-9)
    }

    @Test func movesSentTwentyMillisecondsApartAreRecordedTwentyMillisecondsApart() throws {
        let harness = try Harness()
        // R two seconds in, then a drag of 30 moves 20 ms apart; the window pumps every
        // millisecond between frames and SDL polls queue a sentinel every frame.
        harness.queue.schedule(Self.press("r"), at: Self.justBefore(2000))
        harness.queue.schedule(Self.mouse(.down, x: 100), at: Self.justBefore(2500))
        for step in 1...30 { harness.queue.schedule(Self.mouse(.move, x: 100 + Double(step) * 10), at: Self.justBefore(2500 + step * 20)) }
        harness.queue.schedule(Self.mouse(.up, x: 400), at: Self.justBefore(3120))
        harness.run(until: 104, drawing: 0)
        let trace = try harness.recording()
        let milliseconds = trace.events.map { Int(($0.timestamp * 1000).rounded()) }
        let sent: [Int] = [500] + (1...30).map { 500 + $0 * 20 } + [1120]
        #expect(milliseconds == sent)
        #expect(harness.input.countsBySource == [.watch: 33])
        // SDL's sentinels, one per poll and never handed over, did not shift a single stamp.
        #expect(harness.queue.watchCalls > 33 + 200)
    }

    @Test func aBurstTakenInOneFrameKeepsEachEventsOwnTime() throws {
        let harness = try Harness()
        harness.queue.schedule(Self.press("r"), at: 100.0012, platformArrival: 100.001)
        harness.queue.schedule(Self.mouse(.down, x: 100), at: 100.1, platformArrival: 100.1)
        // Ten moves a millisecond apart while the window draws a 15 ms frame: they reach the
        // queue together, with the display server's times.
        for step in 1...10 {
            let sent = 100.1 + Double(step) * 0.001
            harness.queue.schedule(Self.mouse(.move, x: 100 + Double(step)), at: sent, platformArrival: sent)
        }
        harness.queue.schedule(Self.mouse(.up, x: 110), at: 100.2, platformArrival: 100.2)
        harness.run(until: 100.5, drawing: 0.015)
        let trace = try harness.recording()
        let milliseconds = trace.events.map { Int(($0.timestamp * 1000).rounded()) }
        let sent: [Int] = [99] + (1...10).map { 99 + $0 } + [199]
        #expect(milliseconds == sent)
    }

    @Test func eventsQueuedBeforeStampingBeganFallBackToThePlatformsOwnTime() throws {
        let harness = try Harness()
        harness.input.stop()
        // Queued before the watch exists: SDL's millisecond timestamps are all there is.
        harness.queue.schedule(Self.press("r"), at: 100, platformMilliseconds: 100_000)
        harness.queue.schedule(Self.mouse(.down, x: 100), at: 100, platformMilliseconds: 100_000)
        harness.queue.schedule(Self.mouse(.move, x: 120), at: 100.010, platformMilliseconds: 100_010)
        harness.clock.advanceTime(to: 100.02)
        harness.queue.pump()
        harness.input.start()
        harness.queue.schedule(Self.mouse(.move, x: 140), at: Self.justBefore(50))
        harness.queue.schedule(Self.mouse(.up, x: 140), at: Self.justBefore(70))
        harness.run(until: 100.2, drawing: 0)
        let trace = try harness.recording()
        #expect(trace.events.map { Int(($0.timestamp * 1000).rounded()) } == [0, 10, 50, 70])
        #expect(harness.input.countsBySource == [.platformTimestamp: 3, .watch: 2])
    }

    @Test func eventsRemovedFromTheQueueLeaveNoStampBehindForOthers() throws {
        let harness = try Harness()
        harness.queue.schedule(Self.press("r"), at: Self.justBefore(1))
        harness.run(until: 100.05, drawing: 0)
        // Five events the platform queues and then removes (superseded resizes, say), and an
        // internal one: their stamps must not go to the events after them.
        for index in 0..<5 { harness.queue.schedule(.resized, at: 100.06 + Double(index) * 0.001) }
        harness.queue.schedule(.ignored, at: 100.066, handedOver: false)
        harness.clock.advanceTime(to: 100.07)
        harness.queue.pump()
        harness.queue.dropQueued()
        harness.queue.schedule(Self.mouse(.down, x: 100), at: Self.justBefore(100))
        harness.queue.schedule(Self.mouse(.up, x: 100), at: Self.justBefore(200))
        harness.run(until: 100.3, drawing: 0)
        let trace = try harness.recording()
        #expect(trace.events.map { Int(($0.timestamp * 1000).rounded()) } == [99, 199])
    }

    @Test func theDisplayServersOwnTimeWinsOverWhenTheWindowGotRoundToIt() throws {
        let harness = try Harness()
        harness.queue.schedule(Self.press("r"), at: Self.justBefore(1))
        // The window takes a while to pump; the server says when each event really came.
        harness.queue.schedule(Self.mouse(.down, x: 100), at: 100.110, platformArrival: 100.103)
        harness.queue.schedule(Self.mouse(.move, x: 110), at: 100.110, platformArrival: 100.108)
        harness.queue.schedule(Self.mouse(.up, x: 110), at: 100.140, platformArrival: 100.121)
        harness.run(until: 100.3, drawing: 0)
        let trace = try harness.recording()
        #expect(trace.events.map { Int(($0.timestamp * 1000).rounded()) } == [102, 107, 120])
    }
}
