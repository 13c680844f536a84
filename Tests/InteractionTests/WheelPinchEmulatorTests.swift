import Engine
import Interaction
import Testing

@Suite("Ctrl+wheel pinch")
struct WheelPinchEmulatorTests {
    @Test func theFirstNotchPutsTwoFingersDownAndTheNextSpreadsThem() {
        var emulator = WheelPinchEmulator()
        let landing = emulator.events(notches: 1, at: Point(x: 400, y: 300), time: 1)
        #expect(landing.map(\.phase) == [.down, .down])
        #expect(landing.map(\.position.x) == [300, 500])
        #expect(emulator.isPinching)
        let spread = emulator.events(notches: 1, at: Point(x: 400, y: 300), time: 1.02)
        #expect(spread.map(\.phase) == [.move, .move])
        #expect(spread.map(\.position.x) == [290, 510])
        #expect(spread.map(\.timestamp) == [1.02, 1.02])
    }

    @Test func notchesTowardsTheUserClose() {
        var emulator = WheelPinchEmulator()
        _ = emulator.events(notches: -1, at: Point(x: 400, y: 300), time: 1)
        let events = emulator.events(notches: -1, at: Point(x: 999, y: 999), time: 1.1)
        #expect(events.map(\.phase) == [.move, .move])
        // 100 / 1.1 about the first notch's centre: the first notch only lands the fingers.
        #expect(abs(events[0].position.x - (400 - 100 / 1.1)) < 1e-9)
    }

    @Test func aPauseLiftsBothFingers() {
        var emulator = WheelPinchEmulator()
        _ = emulator.events(notches: 2, at: Point(x: 400, y: 300), time: 1)
        #expect(emulator.events(idleAt: 1.2).isEmpty)
        let lift = emulator.events(idleAt: 1.25)
        #expect(lift.map(\.phase) == [.up, .up])
        #expect(!emulator.isPinching)
    }

    @Test func theEmulatedPinchDrivesThePinchController() throws {
        var emulator = WheelPinchEmulator()
        var events: [PointerEvent] = []
        for step in 0..<10 { events += emulator.events(notches: -1, at: Point(x: 400, y: 300), time: 0.02 * Double(step)) }
        events += emulator.events(idleAt: 0.5)
        let records = try replay(events) { $0.controllers = [.pinch] }
        #expect(records.count == 1)
        #expect(records[0].controller == .pinch)
    }
}
