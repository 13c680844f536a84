import Engine
import Foundation
import Interaction
@testable import Playground
import Testing
import Traces

/// What the window shows and does, driven through its core on virtual time.
@Suite("Playground core")
struct PlaygroundCoreTests {
    typealias Harness = LiveFrameLoopTests.Harness

    static func mouse(_ phase: PointerPhase, x: Double) -> AppEvent { LiveFrameLoopTests.mouse(phase, x: x) }

    @Test func afterAFinishTheDestinationStaysAndAfterACancelTheSource() throws {
        let harness = try Harness()
        #expect(!harness.core.showsSwappedScreens)
        // 300 points of a 200-point swipe: finishes, and the destination (the "to" screen at
        // progress 1) stays until the next gesture.
        harness.queue.schedule(Self.mouse(.down, x: 100), at: 100.1)
        for step in 1...10 { harness.queue.schedule(Self.mouse(.move, x: 100 + Double(step) * 30), at: 100.1 + Double(step) * 0.016) }
        harness.queue.schedule(Self.mouse(.up, x: 400), at: 100.3)
        harness.run(until: 101.5, drawing: 0)
        #expect(harness.core.stage.session.driver.state == .finished)
        #expect(harness.core.stage.session.presentedProgress == 1)
        #expect(!harness.core.showsSwappedScreens)
        // A short drag then starts from the destination, drawn as the "from" screen, and cancels back to it.
        harness.queue.schedule(Self.mouse(.down, x: 100), at: 102)
        harness.queue.schedule(Self.mouse(.move, x: 150), at: 102.016)
        harness.run(until: 102.05, drawing: 0)
        #expect(harness.core.stage.session.driver.state == .interacting)
        #expect(harness.core.showsSwappedScreens)
        harness.queue.schedule(Self.mouse(.up, x: 150), at: 102.1)
        harness.run(until: 103, drawing: 0)
        #expect(harness.core.stage.session.driver.state == .cancelled)
        #expect(harness.core.showsSwappedScreens)
        #expect(harness.core.stage.session.presentedProgress == 0)
    }

    @Test func theDecisionAndWhoMadeItStayThroughTheCompletion() throws {
        let harness = try Harness()
        harness.queue.schedule(Self.mouse(.down, x: 100), at: 100.1)
        for step in 1...10 { harness.queue.schedule(Self.mouse(.move, x: 100 + Double(step) * 12), at: 100.1 + Double(step) * 0.016) }
        harness.queue.schedule(Self.mouse(.up, x: 220), at: 100.3)
        harness.run(until: 100.31, drawing: 0)
        let snapshot = harness.core.stage.snapshot()
        #expect(snapshot.state == .finishing)
        #expect(snapshot.pendingDecision == nil)
        #expect(snapshot.released?.controller == .swipe)
        #expect(snapshot.released?.decision == .finish)
        #expect(snapshot.released?.reason == "progress 0.6 > 0.5")
    }

    @Test func ctrlWheelPinchesLiveEvenWhenCtrlIsUpBeforeTheWindowTakesTheTurn() throws {
        let harness = try Harness()
        harness.core.toggleRecording(now: harness.clock.now)
        // Ctrl down, three notches, Ctrl up: all queued within one frame.
        harness.queue.schedule(.controlChanged(true), at: 100.101)
        for notch in 0..<3 { harness.queue.schedule(.wheel(notches: -1, at: Point(x: 400, y: 300)), at: 100.102 + Double(notch) * 0.001) }
        harness.queue.schedule(.controlChanged(false), at: 100.106)
        harness.run(until: 101, drawing: 0.015)
        let trace = try harness.recording()
        let identifiers = Set(trace.events.map(\.pointerID))
        #expect(identifiers == [WheelPinchEmulator.pointerIDs.0, WheelPinchEmulator.pointerIDs.1])
        #expect(trace.events.filter { $0.phase == .up }.count == 2)
    }

    @Test func changingTheReplaySpeedDoesNotMoveTheReplay() throws {
        let trace = try Trace.load(path: packageRoot.appendingPathComponent("recordings/demo.json").path)
        var replay = PlaygroundReplay(trace: trace, path: "demo.json", configuration: try trace.header.configuration.resolve(), speed: 1)
        replay.update(wallTime: 10)
        replay.update(wallTime: 10.5)
        let before = replay.time
        // The speed changes 40 ms after the last frame: the replay has moved on those 40 ms
        // at the old speed, and from there goes on at the new one.
        replay.setSpeed(2, wallTime: 10.54)
        #expect(abs(replay.time - (before + 0.04)) < 1e-12)
        replay.update(wallTime: 10.64)
        #expect(abs(replay.time - (before + 0.04 + 0.2)) < 1e-12)
    }

    @Test func anEdgePanSaysWhenADragBeganOutsideItsZone() throws {
        let harness = try Harness(configuration: SessionConfiguration(controllers: [.edgePan]))
        #expect(harness.core.edgeZone?.rect == Rect(x: 0, y: 0, width: 20, height: 600))
        harness.queue.schedule(Self.mouse(.down, x: 60), at: 100.1)
        for step in 1...10 { harness.queue.schedule(Self.mouse(.move, x: 60 + Double(step) * 20), at: 100.1 + Double(step) * 0.016) }
        harness.queue.schedule(Self.mouse(.up, x: 260), at: 100.3)
        harness.run(until: 100.4, drawing: 0)
        #expect(harness.core.overlay.message?.text == "that drag began 60 pt from the left edge, outside the edge pan's 20-pt zone")
        // Begun inside the zone but past it by the time it moves past the slop: not recognised.
        harness.queue.schedule(Self.mouse(.down, x: 10), at: 100.5)
        for step in 1...10 { harness.queue.schedule(Self.mouse(.move, x: 10 + Double(step) * 20), at: 100.5 + Double(step) * 0.016) }
        harness.queue.schedule(Self.mouse(.up, x: 210), at: 100.7)
        harness.run(until: 100.8, drawing: 0)
        #expect(harness.core.overlay.message?.text == "that drag had left the edge pan's 20-pt zone when it moved past the slop, where the edge pan is recognised")
        // Still within the zone past the slop: the edge pan follows, and nothing is said.
        harness.core.flash("", now: 100.8)
        harness.queue.schedule(Self.mouse(.down, x: 2), at: 101)
        for step in 1...4 { harness.queue.schedule(Self.mouse(.move, x: 2 + Double(step) * 3), at: 101 + Double(step) * 0.016) }
        for step in 1...10 { harness.queue.schedule(Self.mouse(.move, x: 14 + Double(step) * 20), at: 101.064 + Double(step) * 0.016) }
        harness.queue.schedule(Self.mouse(.up, x: 214), at: 101.3)
        harness.run(until: 102, drawing: 0)
        #expect(harness.core.overlay.message?.text == "")
        #expect(harness.core.lastRecord?.controller == .edgePan)
    }

    @Test func anEdgePanTakenAtTheTouchDownSaysWhenItsRecogniserLetTheDragGo() throws {
        // Android's back gesture, compose's reference: down in the zone, then straight down the
        // edge, which cancels it before it crosses its threshold.
        let harness = try Harness(configuration: SessionConfiguration(controllers: [.edgePan], policy: .preset(.compose)))
        harness.queue.schedule(Self.mouse(.down, x: 10), at: 100.1)
        let at = { (y: Double) in AppEvent.pointer(id: 0, kind: .mouse, phase: .move, position: Point(x: 10, y: y)) }
        for step in 1...10 { harness.queue.schedule(at(300 + Double(step) * 20), at: 100.1 + Double(step) * 0.016) }
        harness.queue.schedule(.pointer(id: 0, kind: .mouse, phase: .up, position: Point(x: 10, y: 500)), at: 100.3)
        harness.run(until: 100.4, drawing: 0)
        #expect(harness.core.overlay.message?.text == "that drag went down in the edge pan's 20-pt zone but android-back did not take it (too short, too late or across the edge)")
        #expect(harness.core.lastRecord == nil)
    }

    @Test func pCyclesThePresetsThenTheRulesFromAFileAndShiftPGoesBack() throws {
        let custom = try PolicySpec.parse("position:threshold=0.35")
        let harness = try Harness(policyChoices: PolicySpec.presets + [custom])
        var seen: [String] = [harness.core.configuration.policy.canonical]
        for index in 0..<PolicySpec.presets.count {
            let pressed = 100.05 + Double(index) * 0.05
            harness.queue.schedule(.key(.character("p"), shift: false, control: false, alt: false), at: pressed)
            harness.run(until: pressed + 0.03, drawing: 0)
            seen.append(harness.core.configuration.policy.canonical)
        }
        #expect(seen == PolicySpec.presets.map(\.canonical) + [custom.canonical])
        #expect(harness.core.stage.resolved.policy.rule == custom.policy.rule)
        harness.queue.schedule(.key(.character("p"), shift: true, control: false, alt: false), at: 101)
        harness.run(until: 101.05, drawing: 0)
        #expect(harness.core.configuration.policy == PolicySpec.presets.last)
    }
}
