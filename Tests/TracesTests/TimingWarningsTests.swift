import Engine
import Interaction
import Testing
import Traces

@Suite("Timing warnings")
struct TimingWarningsTests {
    func event(_ phase: PointerPhase, x: Double, at time: Double, id: Int = 0) -> PointerEvent {
        PointerEvent(pointerID: id, kind: .mouse, phase: phase, position: Point(x: x, y: 0), timestamp: time)
    }

    func warnings(_ events: [PointerEvent]) -> [String] {
        var check = TimingWarnings()
        for event in events { check.observe(event) }
        return check.finish().map(\.description)
    }

    @Test func aTraceRecordedWithAStoppedClockWarnsTwice() {
        let stopped = [event(.down, x: 0, at: 0)] + (1...30).map { event(.move, x: Double($0) * 10, at: 0) } + [event(.up, x: 300, at: 0)]
        #expect(warnings(stopped) == [
            "event 1: 30 moves of pointer 0 to different places share the time 0.0 s (the clock did not run)",
            "the trace moves but lasts 0 s: its clock did not run while it was recorded",
        ])
    }

    @Test func aBurstOfMovesAtOneTimeWarnsAtItsFirstMove() {
        let events = [event(.down, x: 0, at: 0), event(.move, x: 10, at: 0.02), event(.move, x: 20, at: 0.04), event(.move, x: 30, at: 0.04),
                      event(.move, x: 40, at: 0.06), event(.up, x: 40, at: 0.08)]
        #expect(warnings(events) == ["event 2: 2 moves of pointer 0 to different places share the time 0.04 s (the clock did not run)"])
    }

    @Test func movesOfDifferentPointersOrToOnePlaceAtOneTimeAreFine() {
        let events = [event(.down, x: 0, at: 0), event(.down, x: 100, at: 0, id: 1), event(.move, x: 10, at: 0.02),
                      event(.move, x: 110, at: 0.02, id: 1), event(.move, x: 10, at: 0.02), event(.up, x: 10, at: 0.03),
                      event(.up, x: 110, at: 0.03, id: 1)]
        #expect(warnings(events).isEmpty)
    }

    @Test func aDownAndAMoveAtOneTimeAreFine() {
        let events = [event(.down, x: 0, at: 0.5), event(.move, x: 9, at: 0.5), event(.move, x: 17, at: 0.516), event(.up, x: 17, at: 0.8)]
        #expect(warnings(events).isEmpty)
    }
}
