import Engine
import Foundation
@testable import Interaction
import Testing

/// One touch event.
func touch(_ pointer: Int, _ phase: PointerPhase, _ x: Double, _ y: Double, at time: Double = 0) -> PointerEvent {
    PointerEvent(pointerID: pointer, kind: .touch, phase: phase, position: Point(x: x, y: y), timestamp: time)
}

@Suite("Drag recognizer")
struct DragRecognizerTests {
    /// A drag on `axis` whose pointer 1 went down at (100, 100).
    static func started(_ axis: DragAxis) -> DragRecognizer {
        var drag = DragRecognizer(axis: axis)
        #expect(drag.offer(touch(1, .down, 100, 100)) == .join)
        return drag
    }

    @Test func anAxisLockedDragClaimsJustPastEightPoints() {
        var drag = Self.started(.horizontal)
        #expect(drag.track(touch(1, .move, 108, 100, at: 0.01)) == nil)
        #expect(drag.track(touch(1, .move, 108.01, 100, at: 0.02)) == .accepted)
    }

    @Test func aHorizontalDragIgnoresVerticalTravel() {
        var drag = Self.started(.horizontal)
        #expect(drag.track(touch(1, .move, 107, 300, at: 0.01)) == nil)
    }

    @Test func aVerticalDragClaimsJustPastEightPointsDown() {
        var drag = Self.started(.vertical)
        #expect(drag.track(touch(1, .move, 150, 108, at: 0.01)) == nil)
        #expect(drag.track(touch(1, .move, 150, 108.01, at: 0.02)) == .accepted)
    }

    @Test func aFreePanClaimsJustPastEighteenPointsInAnyDirection() {
        var drag = Self.started(.free)
        #expect(drag.track(touch(1, .move, 118, 100, at: 0.01)) == nil)
        #expect(drag.track(touch(1, .move, 112.8, 112.8, at: 0.02)) == .accepted)
    }

    @Test func theAxisSlopIsSmallerThanThePanSlopSoDirectionalSwipesWin() {
        #expect(DragRecognizer(axis: .horizontal).slop == 8)
        #expect(DragRecognizer(axis: .free).slop == 18)
    }

    @Test func aClaimBeginsOnlyOnceTheArenaGivesThePointer() {
        var drag = Self.started(.horizontal)
        _ = drag.track(touch(1, .move, 120, 100, at: 0.01))
        #expect(drag.state == .possible)
        drag.acceptGesture(pointer: 1)
        #expect(drag.state == .began)
    }

    @Test func aDragThatWonByDefaultBeginsAtItsSlop() {
        var drag = Self.started(.horizontal)
        drag.acceptGesture(pointer: 1)
        #expect(drag.state == .possible)
        #expect(drag.track(touch(1, .move, 120, 100, at: 0.01)) == .accepted)
        #expect(drag.state == .began)
    }

    @Test func aSecondPointerBeforeTheDragBeganMakesItWithdraw() {
        var drag = Self.started(.horizontal)
        #expect(drag.offer(touch(2, .down, 300, 100)) == .withdraw)
        #expect(drag.state == .failed)
        #expect(!drag.follows(1))
    }

    @Test func aSecondPointerAfterTheDragBeganPassesItBy() {
        var drag = Self.started(.horizontal)
        drag.acceptGesture(pointer: 1)
        _ = drag.track(touch(1, .move, 120, 100, at: 0.01))
        #expect(drag.offer(touch(2, .down, 300, 100)) == .pass)
        #expect(drag.state == .began)
    }

    @Test func liftingInsideTheSlopRejects() {
        var drag = Self.started(.horizontal)
        #expect(drag.track(touch(1, .up, 104, 100, at: 0.01)) == .rejected)
        #expect(drag.state == .failed)
    }

    @Test func losingTheArenaLetsThePointerGo() {
        var drag = Self.started(.horizontal)
        drag.rejectGesture(pointer: 1)
        #expect(drag.state == .failed)
        #expect(!drag.follows(1))
    }
}

@Suite("MDTransitioning edge pan recognizer")
struct MDEdgePanRecognizerTests {
    static let screen = Size(width: 800, height: 600)

    /// MDTransitioning tests the zone where the pointer is when the pan is recognised
    /// (`location.x < 20`), not where it went down: every touch joins.
    @Test(arguments: [
        (ScreenEdge.left, 19.99, 300.0, true), (.left, 20, 300, false), (.left, 20.01, 300, false),
        (.right, 780.01, 300, true), (.right, 780, 300, false),
        (.top, 400, 19.99, true), (.top, 400, 20, false),
        (.bottom, 400, 580.01, true), (.bottom, 400, 580, false),
    ])
    func aPointerIsInTheEdgeZoneOnlyWithinTwentyPointsOfItsEdge(edge: ScreenEdge, x: Double, y: Double, inside: Bool) {
        var recognizer = MDEdgePanRecognizer(edge: edge, screenSize: Self.screen)
        #expect(recognizer.isInZone(Point(x: x, y: y)) == inside)
        #expect(recognizer.offer(touch(1, .down, x, y)) == .join)
    }

    @Test func anInwardMovePastTheSlopClaims() {
        var recognizer = MDEdgePanRecognizer(edge: .left, screenSize: Self.screen)
        _ = recognizer.offer(touch(1, .down, 10, 300))
        #expect(recognizer.track(touch(1, .move, 18, 300, at: 0.01)) == nil)
        #expect(recognizer.track(touch(1, .move, 18.01, 300, at: 0.02)) == .accepted)
    }

    @Test func anOutwardMovePastTheSlopRejects() {
        var recognizer = MDEdgePanRecognizer(edge: .right, screenSize: Self.screen)
        _ = recognizer.offer(touch(1, .down, 790, 300))
        #expect(recognizer.track(touch(1, .move, 798.01, 300, at: 0.01)) == .rejected)
        #expect(recognizer.state == .failed)
    }
}

@Suite("Pinch recognizer")
struct PinchRecognizerTests {
    /// A pinch with pointer 1 at (300, 300) and pointer 2 at (500, 300): span 100.
    static func twoFingers() -> PinchRecognizer {
        var pinch = PinchRecognizer()
        _ = pinch.offer(touch(1, .down, 300, 300))
        _ = pinch.offer(touch(2, .down, 500, 300))
        return pinch
    }

    /// Positions scaled by `factor` about their centroid.
    static func scaled(_ points: [Point], by factor: Double) -> [Point] {
        let centre = points.reduce(Point.zero, +) * (1 / Double(points.count))
        return points.map { centre + ($0 - centre) * factor }
    }

    @Test func theSpanIsTheMeanDistanceToTheCentroid() {
        #expect(Self.twoFingers().cluster.span == 100)
    }

    @Test func aPinchClaimsJustPastEighteenPointsOfSpanChange() {
        var pinch = Self.twoFingers()
        #expect(pinch.track(touch(2, .move, 464, 300, at: 0.01)) == nil)
        #expect(pinch.track(touch(2, .move, 463.98, 300, at: 0.02)) == .accepted)
    }

    @Test func aSinglePointerNeverClaims() {
        var pinch = PinchRecognizer()
        _ = pinch.offer(touch(1, .down, 300, 300))
        #expect(pinch.track(touch(1, .move, 600, 300, at: 0.01)) == nil)
    }

    @Test func theScaleIsTheSpanOverTheStartSpan() {
        var pinch = Self.twoFingers()
        _ = pinch.track(touch(2, .move, 600, 300, at: 0.01))
        #expect(pinch.scale == 1.5)
    }

    @Test func addingAndRemovingPointersRebasesTheScaleWithoutAJump() {
        var pinch = Self.twoFingers()
        _ = pinch.track(touch(2, .move, 600, 300, at: 0.01))
        _ = pinch.offer(touch(3, .down, 450, 500, at: 0.02))
        #expect(pinch.scale == 1.5)
        let spread = Self.scaled([Point(x: 300, y: 300), Point(x: 600, y: 300), Point(x: 450, y: 500)], by: 2)
        for (index, point) in spread.enumerated() { _ = pinch.track(touch(index + 1, .move, point.x, point.y, at: 0.03)) }
        #expect(abs(pinch.scale - 3) < 1e-12)
        _ = pinch.track(touch(3, .up, spread[2].x, spread[2].y, at: 0.04))
        #expect(abs(pinch.scale - 3) < 1e-12)
        let closer = Self.scaled(Array(spread[0...1]), by: 0.5)
        for (index, point) in closer.enumerated() { _ = pinch.track(touch(index + 1, .move, point.x, point.y, at: 0.05)) }
        #expect(abs(pinch.scale - 1.5) < 1e-12)
    }

    @Test func theEffectiveSpanStaysContinuousAcrossRebasing() {
        var pinch = Self.twoFingers()
        _ = pinch.track(touch(2, .move, 600, 300, at: 0.01))
        let before = pinch.effectiveSpan
        _ = pinch.offer(touch(3, .down, 450, 900, at: 0.02))
        #expect(pinch.effectiveSpan == before)
        #expect(before == 150)
    }

    @Test func rotationFollowsTheFirstTwoPointersAndSurvivesRebasing() {
        var pinch = Self.twoFingers()
        _ = pinch.track(touch(2, .move, 400, 400, at: 0.01))
        #expect(abs(pinch.rotation - Double.pi / 4) < 1e-12)
        _ = pinch.offer(touch(3, .down, 100, 100, at: 0.02))
        _ = pinch.track(touch(1, .up, 300, 300, at: 0.03))
        #expect(abs(pinch.rotation - Double.pi / 4) < 1e-12)
    }

    @Test func aBegunPinchEndsWhenFewerThanTwoPointersRemain() {
        var pinch = Self.twoFingers()
        pinch.acceptGesture(pointer: 1)
        pinch.acceptGesture(pointer: 2)
        _ = pinch.track(touch(2, .move, 460, 300, at: 0.01))
        #expect(pinch.state == .began)
        #expect(pinch.track(touch(1, .up, 300, 300, at: 0.02)) == nil)
        #expect(pinch.state == .ended)
    }
}
