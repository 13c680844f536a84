import Engine
import Interaction
import Testing

/// A gesture taken away by the system ends cleanly: the transition cancels, nothing is stuck.
@Suite("Cancelling")
struct CancelTests {
    /// A touch that has swiped 120 points and is still down.
    static func swipeInProgress() -> [PointerEvent] {
        var script = GestureScript()
        script.down(1, x: 300, y: 300)
        script.drag(1, dx: 120)
        return script.events
    }

    @Test func aPointerCancelCancelsTheTransition() throws {
        var script = GestureScript()
        script.down(1, x: 300, y: 300)
        script.drag(1, dx: 180)
        script.cancel(1)
        let records = try replay(script.events)
        #expect(records.map(\.reason) == ["pointer cancelled"])
        #expect(records.map(\.outcome) == [.cancelled])
    }

    @Test func losingFocusCancelsEveryPointerAndLeavesNothingWaiting() throws {
        var run = try SessionRun()
        run.feed(Self.swipeInProgress())
        #expect(run.session.activeControllerKind == .swipe)
        run.cancelAll(at: 0.2)
        run.settle()
        #expect(run.records.map(\.outcome) == [.cancelled])
        #expect(run.records.map(\.reason) == ["pointer cancelled"])
        #expect(run.session.activeControllerKind == nil)
        #expect(run.session.driver.state == .cancelled)
    }

    @Test func aNewGestureWorksAfterTheWindowLostItsPointers() throws {
        var run = try SessionRun()
        run.feed(Self.swipeInProgress())
        run.cancelAll(at: 0.2)
        run.settle()
        var next = GestureScript(start: 2)
        next.down(1, x: 300, y: 300)
        next.drag(1, dx: 150)
        next.wait(0.2)
        next.up(1)
        run.feed(next.events)
        run.settle()
        #expect(run.records.map(\.outcome) == [.cancelled, .finished])
    }

    @Test func aPointerGoingDownAgainWithoutLiftingCancelsItsOldGestureFirst() throws {
        // The button was released outside the window and the lift never came.
        var script = GestureScript()
        script.down(1, x: 300, y: 300)
        script.drag(1, dx: 150)
        script.wait(1)
        script.down(1, x: 300, y: 300)
        script.drag(1, dx: 5)
        script.up(1)
        let records = try replay(script.events)
        #expect(records.map(\.reason) == ["pointer cancelled"])
        #expect(records.map(\.outcome) == [.cancelled])
    }

    @Test func movesAndLiftsOfPointersThatAreNotDownAreIgnored() throws {
        var script = GestureScript()
        script.move(4, x: 100, y: 100)
        script.up(4)
        script.cancel(5)
        #expect(try replay(script.events).isEmpty)
    }
}

@Suite("Mirrored pinch from a mouse")
struct MirroredPinchEmulatorTests {
    static let centre = Point(x: 400, y: 300)

    static func mouse(_ phase: PointerPhase, _ x: Double, _ y: Double, at time: Double = 0) -> PointerEvent {
        PointerEvent(pointerID: 0, kind: .mouse, phase: phase, position: Point(x: x, y: y), timestamp: time)
    }

    static func mirror(_ phase: PointerPhase, _ x: Double, _ y: Double, at time: Double = 0) -> PointerEvent {
        PointerEvent(pointerID: MirroredPinchEmulator.defaultMirrorPointerID, kind: .mouse, phase: phase,
                     position: Point(x: x, y: y), timestamp: time)
    }

    @Test func anAltDragAddsAPointerMirroredAboutTheCentre() {
        var emulator = MirroredPinchEmulator(center: Self.centre)
        #expect(emulator.events(for: Self.mouse(.down, 300, 200), altHeld: true) == [Self.mouse(.down, 300, 200), Self.mirror(.down, 500, 400)])
        #expect(emulator.events(for: Self.mouse(.move, 350, 250, at: 0.1), altHeld: true)
            == [Self.mouse(.move, 350, 250, at: 0.1), Self.mirror(.move, 450, 350, at: 0.1)])
        #expect(emulator.events(for: Self.mouse(.up, 350, 250, at: 0.2), altHeld: true)
            == [Self.mirror(.up, 450, 350, at: 0.2), Self.mouse(.up, 350, 250, at: 0.2)])
        #expect(!emulator.isMirroring)
    }

    @Test func aDragWithoutAltPassesThroughAlone() {
        var emulator = MirroredPinchEmulator(center: Self.centre)
        #expect(emulator.events(for: Self.mouse(.down, 300, 200), altHeld: false) == [Self.mouse(.down, 300, 200)])
        #expect(emulator.events(for: Self.mouse(.move, 320, 200), altHeld: false) == [Self.mouse(.move, 320, 200)])
    }

    @Test func pressingAndReleasingAltMidDragPutsTheMirrorDownAndLiftsIt() {
        var emulator = MirroredPinchEmulator(center: Self.centre)
        _ = emulator.events(for: Self.mouse(.down, 300, 200), altHeld: false)
        #expect(emulator.events(for: Self.mouse(.move, 310, 200), altHeld: true) == [Self.mouse(.move, 310, 200), Self.mirror(.down, 490, 400)])
        #expect(emulator.events(for: Self.mouse(.move, 320, 200), altHeld: false) == [Self.mirror(.up, 480, 400), Self.mouse(.move, 320, 200)])
    }

    @Test func aMoveWithTheButtonUpNeverAddsAMirror() {
        var emulator = MirroredPinchEmulator(center: Self.centre)
        #expect(emulator.events(for: Self.mouse(.move, 310, 200), altHeld: true) == [Self.mouse(.move, 310, 200)])
    }

    @Test func anAltDragDrivesThePinchController() throws {
        var emulator = MirroredPinchEmulator(center: Self.centre)
        var events: [PointerEvent] = []
        events += emulator.events(for: Self.mouse(.down, 300, 300), altHeld: true)
        for step in 1...10 {
            events += emulator.events(for: Self.mouse(.move, 300 + Double(step) * 5, 300, at: Double(step) * 0.016), altHeld: true)
        }
        events += emulator.events(for: Self.mouse(.up, 350, 300, at: 0.4), altHeld: true)
        // Span 100 → 50, begun at span 80: progress = 1 − 0.5 / 0.8.
        let records = try replay(events) { $0.controllers = [.swipe, .pinch] }
        #expect(records.map(\.controller) == [.pinch])
        #expect(abs(records[0].progressAtRelease - 0.375) < 1e-12)
    }
}
