import Engine
import Interaction
import Testing

@Suite("Horizontal swipe controller (VCTransitionsLibrary)")
struct HorizontalSwipeControllerTests {
    @Test func progressIsTheHorizontalTravelOverTheDistance() throws {
        let records = try replay(horizontalDrag(distance: 120, hold: 0.2))
        #expect(records.count == 1)
        #expect(records[0].progressAtRelease == singlePrecision(0.6))
        #expect(records[0].controller == .swipe)
    }

    @Test func progressCountsTravelInEitherDirection() throws {
        let records = try replay(horizontalDrag(startX: 500, distance: -150, hold: 0.2))
        #expect(records[0].progressAtRelease == 0.75)
        #expect(records[0].outcome == .finished)
    }

    @Test func progressIsClampedToOne() throws {
        let records = try replay(horizontalDrag(distance: 350, hold: 0.2))
        #expect(records[0].progressAtRelease == 1)
    }

    @Test func justPastHalfFinishes() throws {
        let records = try replay(horizontalDrag(distance: 100.2, hold: 0.2))
        #expect(records[0].progressAtRelease == singlePrecision(0.501))
        #expect(records[0].decision == .finish)
        #expect(records[0].outcome == .finished)
        #expect(records[0].reason == "progress 0.501 > 0.5")
    }

    @Test func exactlyHalfCancels() throws {
        let records = try replay(horizontalDrag(distance: 100, hold: 0.2))
        #expect(records[0].decision == .cancel)
        #expect(records[0].outcome == .cancelled)
        #expect(records[0].reason == "progress 0.5 <= 0.5")
    }

    @Test func justShortOfHalfCancels() throws {
        let records = try replay(horizontalDrag(distance: 99.8, hold: 0.2))
        #expect(records[0].progressAtRelease == singlePrecision(0.499))
        #expect(records[0].outcome == .cancelled)
    }

    @Test func aCancelledPointerAlwaysCancels() throws {
        let records = try replay(horizontalDrag(distance: 180, endPhase: .cancel))
        #expect(records[0].progressAtRelease == singlePrecision(0.9))
        #expect(records[0].decision == .cancel)
        #expect(records[0].reason == "pointer cancelled")
        #expect(records[0].outcome == .cancelled)
    }

    @Test func movementInsideTheSlopStartsNoTransition() throws {
        let records = try replay(horizontalDrag(distance: 8, hold: 0.2))
        #expect(records.isEmpty)
    }

    @Test func theDistanceIsConfigurable() throws {
        let records = try replay(horizontalDrag(distance: 120, hold: 0.2)) { $0.swipeDistance = 300 }
        #expect(records[0].progressAtRelease == singlePrecision(0.4))
        #expect(records[0].outcome == .cancelled)
    }

    @Test func completionEndsAfterVCTransitionsRemainingTime() throws {
        // VCTransitionsLibrary's completion speed 1 − p makes a finish take the full duration.
        let events = horizontalDrag(distance: 150, hold: 0.2)
        let records = try replay(events)
        let release = events[events.count - 1].timestamp
        #expect(abs(records[0].endedAt - (release + 0.35)) < 1e-9)
    }
}
