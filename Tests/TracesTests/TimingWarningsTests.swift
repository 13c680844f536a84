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
            "event 1: pointer 0 goes 10 pt from its down to its move in no time (at 0.0 s): an infinite speed",
            "event 1: 30 moves of pointer 0 to different places share the time 0.0 s (the clock did not run)",
            "the trace moves but lasts 0 s: its clock did not run while it was recorded",
        ])
    }

    @Test func aBurstOfMovesAtOneTimeWarnsAtItsFirstMove() {
        let events = [event(.down, x: 0, at: 0), event(.move, x: 10, at: 0.02), event(.move, x: 20, at: 0.04), event(.move, x: 30, at: 0.04),
                      event(.move, x: 40, at: 0.06), event(.up, x: 40, at: 0.08)]
        #expect(warnings(events) == ["event 2: 2 moves of pointer 0 to different places share the time 0.04 s (the clock did not run)"])
    }

    @Test func movesOfDifferentPointersAtOneTimeAndALiftWhereTheLastMoveWasAreFine() {
        let events = [event(.down, x: 0, at: 0), event(.down, x: 100, at: 0, id: 1), event(.move, x: 10, at: 0.02),
                      event(.move, x: 110, at: 0.02, id: 1), event(.up, x: 10, at: 0.02), event(.up, x: 110, at: 0.03, id: 1)]
        #expect(warnings(events).isEmpty)
    }

    @Test func twoSamplesOfOnePointerAtOneTimeAndPlaceWarn() {
        let moves = [event(.down, x: 0, at: 0), event(.move, x: 10, at: 0.02), event(.move, x: 10, at: 0.02), event(.up, x: 10, at: 0.03)]
        #expect(warnings(moves) == ["event 2: pointer 0's move repeats the time (0.02 s) and the place of its move before: two samples of one pointer at one time (the clock did not run, or ran finer than the format's microseconds)"])
        let downAndMove = [event(.down, x: 5, at: 0.5), event(.move, x: 5, at: 0.5), event(.move, x: 9, at: 0.516), event(.up, x: 9, at: 0.6)]
        #expect(warnings(downAndMove) == ["event 1: pointer 0's move repeats the time (0.5 s) and the place of its down before: two samples of one pointer at one time (the clock did not run, or ran finer than the format's microseconds)"])
    }

    @Test func samplesLessThanAMicrosecondApartShareTheFormatsTime() {
        // 0.4 µs apart within one microsecond: written, both are 0.016001 s.
        let elsewhere = [event(.down, x: 0, at: 0), event(.move, x: 10, at: 0.0160006), event(.move, x: 12, at: 0.0160010), event(.up, x: 12, at: 0.03)]
        #expect(warnings(elsewhere) == [
            "event 1: the time 0.0160006 s is finer than the format's microseconds: rewriting the trace rounds it",
            "event 1: 2 moves of pointer 0 to different places share the time 0.016001 s (the clock did not run)",
        ])
        let samePlace = [event(.down, x: 0, at: 0), event(.move, x: 10, at: 0.0160006), event(.move, x: 10, at: 0.0160010), event(.up, x: 10, at: 0.03)]
        #expect(warnings(samePlace) == [
            "event 1: the time 0.0160006 s is finer than the format's microseconds: rewriting the trace rounds it",
            "event 2: pointer 0's move repeats the time (0.016001 s) and the place of its move before: two samples of one pointer at one time (the clock did not run, or ran finer than the format's microseconds)",
        ])
    }

    @Test func aDownAndAMoveElsewhereAtOneTimeWarn() {
        let events = [event(.down, x: 0, at: 0.5), event(.move, x: 9, at: 0.5), event(.move, x: 17, at: 0.516), event(.up, x: 17, at: 0.8)]
        #expect(warnings(events) == ["event 1: pointer 0 goes 9 pt from its down to its move in no time (at 0.5 s): an infinite speed"])
    }

    @Test func aStepJustOverTheCeilingWarnsAndOneAtItDoesNot() {
        // 20 pt in 1 ms is 20,000 pt/s, the ceiling itself; 20.02 pt in 1 ms is past it.
        let atCeiling = [event(.down, x: 0, at: 0.5), event(.move, x: 20, at: 0.501), event(.up, x: 20, at: 0.6)]
        #expect(warnings(atCeiling).isEmpty)
        let past = [event(.down, x: 0, at: 0.5), event(.move, x: 20.02, at: 0.501), event(.up, x: 20.02, at: 0.6)]
        #expect(warnings(past) == ["event 1: pointer 0 steps 20.02 pt in 1 ms (20020 pt/s), faster than the 20000 pt/s a finger, pen or mouse reaches: its clock stamped the events too close together"])
    }

    @Test func aLiftAfterAPauseAndANewTouchFarAwayAreFine() {
        let events = [event(.down, x: 0, at: 0), event(.move, x: 10, at: 0.02), event(.up, x: 10, at: 0.03),
                      event(.down, x: 700, at: 0.031), event(.move, x: 710, at: 0.05), event(.up, x: 710, at: 0.06)]
        #expect(warnings(events).isEmpty)
    }

    @Test func timesFinerThanMicrosecondsWarn() {
        let events = [event(.down, x: 0, at: 0.5), event(.move, x: 5, at: 0.5160004), event(.up, x: 5, at: 0.6)]
        #expect(warnings(events) == ["event 1: the time 0.5160004 s is finer than the format's microseconds: rewriting the trace rounds it"])
    }

    @Test func onlyTheFirstFiveOfAKindAreListedAndTheRestCounted() {
        var events = [event(.down, x: 0, at: 0)]
        for step in 1...8 { events.append(event(.move, x: Double(step) * 100, at: Double(step) * 0.001)) }
        events.append(event(.up, x: 800, at: 0.1))
        let listed = warnings(events)
        #expect(listed.count == 6)
        #expect(listed.last == "… and 3 more steps faster than the ceiling")
    }

    @Test("a step of 20,000 pt/s is fine; one of 20,001 pt/s, the finest step past it a trace can hold in 1 ms, warns")
    func theCeilingAndOnePointPerSecondPast() {
        #expect(TimingWarnings.maximumPlausibleSpeed == 20_000)
        #expect(warnings([event(.down, x: 0, at: 0.5), event(.move, x: 20, at: 0.501), event(.up, x: 20, at: 0.6)]).isEmpty)
        #expect(warnings([event(.down, x: 0, at: 0.5), event(.move, x: 20.001, at: 0.501), event(.up, x: 20.001, at: 0.6)])
                == ["event 1: pointer 0 steps 20 pt in 1 ms (20001 pt/s), faster than the 20000 pt/s a finger, pen or mouse reaches: its clock stamped the events too close together"])
    }

    @Test("five warnings of a kind are all listed; a sixth is counted")
    func fiveListedAndASixthCounted() {
        #expect(TimingWarnings.listedPerKind == 5)
        func steps(_ count: Int) -> [PointerEvent] {
            [event(.down, x: 0, at: 0)] + (1...count).map { event(.move, x: Double($0) * 100, at: Double($0) * 0.001) }
                + [event(.up, x: Double(count) * 100, at: 0.1)]
        }
        let five = warnings(steps(5))
        #expect(five.count == 5)
        #expect(five.allSatisfy { $0.contains("faster than the 20000 pt/s") })
        let six = warnings(steps(6))
        #expect(six.count == 6)
        #expect(Array(six.prefix(5)) == five)
        #expect(six.last == "… and 1 more steps faster than the ceiling")
    }
}
