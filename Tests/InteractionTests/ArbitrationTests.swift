import Engine
import Interaction
import Testing

/// Several controllers on one screen competing for the same pointers.
@Suite("Arbitration between controllers")
struct ArbitrationTests {
    /// A touch going down at (`x`, 300) and dragging by `dx` points, then lifting.
    static func touchDrag(fromX x: Double, dx: Double, steps: Int = 10) -> [PointerEvent] {
        var script = GestureScript()
        script.down(1, x: x, y: 300)
        script.drag(1, dx: dx, steps: steps)
        script.wait(0.1)
        script.up(1)
        return script.events
    }

    @Test(arguments: [[ControllerKind.swipe, .edgePan], [.edgePan, .swipe]])
    func aTouchRecognisedInsideTheEdgeZoneGoesToTheEdgePan(controllers: [ControllerKind]) throws {
        // 5-point moves from x = 5: past the slop at x = 15, inside the 20-point zone.
        let records = try replay(Self.touchDrag(fromX: 5, dx: 200, steps: 40)) { $0.controllers = controllers }
        #expect(records.map(\.controller) == [.edgePan])
        #expect(records[0].progressAtRelease == 0.25)
    }

    @Test func aTouchDownJustOutsideTheEdgeZoneGoesToTheSwipe() throws {
        let records = try replay(Self.touchDrag(fromX: 20, dx: 120)) { $0.controllers = [.edgePan, .swipe] }
        #expect(records.map(\.controller) == [.swipe])
        #expect(records[0].progressAtRelease == singlePrecision(0.6))
    }

    @Test func anEdgePanThatFailsReleasesThePointerToTheSwipe() throws {
        // Down in the left edge zone but moving outward: the edge pan rejects, the swipe takes it.
        let records = try replay(Self.touchDrag(fromX: 15, dx: -15)) { $0.controllers = [.edgePan, .swipe] }
        #expect(records.map(\.controller) == [.swipe])
        #expect(records[0].progressAtRelease == singlePrecision(0.075))
    }

    @Test func aSwipeThatRefusesItsDirectionReleasesThePointerToThePan() throws {
        // A pop fires only right-to-left; a left-to-right drag is the pan's, once past its 18 points.
        let records = try replay(Self.touchDrag(fromX: 300, dx: 200)) {
            $0.controllers = [.swipe, .pan]
            $0.operation = .pop
        }
        #expect(records.map(\.controller) == [.pan])
        #expect(records[0].progressAtRelease == 0.25)
    }

    @Test func aSecondPointerBeforeTheSwipeBeganTurnsItIntoAPinch() throws {
        var script = GestureScript()
        script.down(1, x: 300, y: 300)
        script.drag(1, dx: 5, steps: 2)
        script.down(2, x: 505, y: 300)
        script.drag([(1, 60, 0), (2, -60, 0)], steps: 6)
        script.up(1)
        script.up(2)
        let records = try replay(script.events) { $0.controllers = [.swipe, .pinch] }
        #expect(records.map(\.controller) == [.pinch])
    }

    @Test func aSecondPointerAfterTheSwipeBeganDoesNotStealIt() throws {
        var script = GestureScript()
        script.down(1, x: 300, y: 300)
        script.drag(1, dx: 50, steps: 5)
        script.down(2, x: 600, y: 300)
        script.down(3, x: 700, y: 300)
        script.drag([(1, 70, 0), (2, -100, 0), (3, -150, 0)], steps: 5)
        script.wait(0.1)
        script.up(2)
        script.up(3)
        script.up(1)
        let records = try replay(script.events) { $0.controllers = [.pinch, .swipe] }
        #expect(records.map(\.controller) == [.swipe])
        #expect(records[0].progressAtRelease == singlePrecision(0.6))
    }

    @Test func aVerticalMoveGoesToTheVerticalSwipeAndAHorizontalOneToTheSwipe() throws {
        var vertical = GestureScript()
        vertical.down(1, x: 400, y: 200)
        vertical.drag(1, dx: 3, dy: 150)
        vertical.wait(0.1)
        vertical.up(1)
        let both: (inout SessionConfiguration) -> Void = { $0.controllers = [.swipe, .verticalSwipe] }
        #expect(try replay(vertical.events, configure: both).map(\.controller) == [.verticalSwipe])
        #expect(try replay(Self.touchDrag(fromX: 300, dx: 150), configure: both).map(\.controller) == [.swipe])
    }

    @Test func aLoneControllerStillWaitsForItsSlop() throws {
        let records = try replay(Self.touchDrag(fromX: 300, dx: 17)) { $0.controllers = [.pan] }
        #expect(records.isEmpty)
    }
}
