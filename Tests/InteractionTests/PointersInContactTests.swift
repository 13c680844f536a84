import Engine
@testable import Interaction
import Testing

/// The stage's contacts: kept by id, whatever order the pointers went down in.
@Suite("Pointers in contact")
struct PointersInContactTests {
    static func event(_ id: Int, _ phase: PointerPhase, x: Double = 0, at time: Double = 0) -> PointerEvent {
        PointerEvent(pointerID: id, kind: .touch, phase: phase, position: Point(x: x, y: 0), timestamp: time)
    }

    @Test func downsMovesAndLiftsKeepTheLastEventOfEachPointerInContact() {
        var contacts = PointersInContact()
        contacts.record(Self.event(3, .down, x: 1))
        contacts.record(Self.event(1, .down, x: 2))
        contacts.record(Self.event(2, .down, x: 3))
        contacts.record(Self.event(3, .move, x: 4))
        contacts.record(Self.event(2, .up, x: 5))
        contacts.record(Self.event(9, .up))
        #expect(contacts.positions == [1: Point(x: 2, y: 0), 3: Point(x: 4, y: 0)])
        #expect(contacts.contains(3) && contacts.contains(1) && !contacts.contains(2) && !contacts.contains(9))
        #expect(contacts.lastEvent(of: 3) == Self.event(3, .move, x: 4))
        #expect(contacts.cancellations(at: 7).map(\.pointerID) == [1, 3])
        #expect(contacts.cancellations(at: 7).allSatisfy { $0.phase == .cancel && $0.timestamp == 7 })
        contacts.record(Self.event(1, .cancel))
        contacts.record(Self.event(3, .up))
        #expect(contacts.isEmpty)
    }

    @Test func theSamePointersAreEqualWhateverOrderTheyWentDownIn() {
        var first = PointersInContact(), second = PointersInContact()
        for id in [4, 2, 7] { first.record(Self.event(id, .down)) }
        for id in [7, 4, 2] { second.record(Self.event(id, .down)) }
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
    }
}
