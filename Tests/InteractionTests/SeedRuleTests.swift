import Engine
import Interaction
import Testing

/// The seeds' rules to the letter, each pinned at its boundary (docs/seed-rules.md maps every
/// rule to its seed file and line).
@Suite("Seed rules to the letter")
struct SeedRuleTests {
    // MARK: VCTransitionsLibrary

    /// A swipe from x = 300 whose last move is `last` points to the left, then a lift at
    /// `liftX` (its own position, possibly elsewhere).
    static func swipeLeft(lastMoveAt last: Double, liftX: Double? = nil) -> [PointerEvent] {
        var script = GestureScript()
        script.down(1, x: 300, y: 300)
        script.drag(1, dx: -last)
        script.wait(0.008)
        var events = script.events
        let lastMove = events[events.count - 1]
        events.append(PointerEvent(pointerID: 1, kind: lastMove.kind, phase: .up,
                                   position: Point(x: liftX ?? lastMove.position.x, y: 300), timestamp: script.time))
        return events
    }

    /// CEHorizontalSwipeInteractionController.m:82–84: `fminf(fmaxf(fabsf(t / 200.0), 0), 1)` in
    /// single precision, then `> 0.5`. 100.000005 points reads exactly 0.5 and cancels.
    @Test(arguments: [(99.99999, TransitionOutcome.cancelled), (100.0, .cancelled), (100.000005, .cancelled), (100.00001, .finished)])
    func theHalfWayTestIsOnTheSinglePrecisionFraction(travel: Double, outcome: TransitionOutcome) throws {
        let records = try replay(Self.swipeLeft(lastMoveAt: travel))
        #expect(records.map(\.outcome) == [outcome])
        #expect(records.map(\.progressAtRelease) == [singlePrecision(travel / 200)])
    }

    /// CEHorizontalSwipeInteractionController.m:84 and 97–105: the flag is set on the last
    /// change; the lift's own position does not count.
    @Test func theLiftsOwnPositionDoesNotCount() throws {
        let shortThenFar = try replay(Self.swipeLeft(lastMoveAt: 99, liftX: 100))
        #expect(shortThenFar.map(\.outcome) == [.cancelled])
        #expect(shortThenFar.map(\.progressAtRelease) == [singlePrecision(0.495)])
        let pastThenBack = try replay(Self.swipeLeft(lastMoveAt: 101, liftX: 300))
        #expect(pastThenBack.map(\.outcome) == [.finished])
    }

    /// The vertical swipe keeps the lift out the same way (CEVerticalSwipeInteractionController.m:71–73).
    @Test func theVerticalSwipesLiftDoesNotCountEither() throws {
        var script = GestureScript()
        script.down(1, x: 400, y: 200)
        script.drag(1, dx: 0, dy: 99)
        script.wait(0.008)
        var events = script.events
        events.append(PointerEvent(pointerID: 1, kind: .touch, phase: .up, position: Point(x: 400, y: 500), timestamp: script.time))
        let records = try replay(events) { $0.controllers = [.verticalSwipe] }
        #expect(records.map(\.outcome) == [.cancelled])
    }

    /// One 12-point move: with `flutter` (no velocity below three samples) the velocity at the
    /// start is 0, with `android-lsq2` it points the way the finger went.
    static func oneStepSwipe(dx: Double = 0, dy: Double = 0) -> [PointerEvent] {
        var script = GestureScript()
        script.down(1, x: 400, y: 300)
        script.wait(0.016)
        script.move(1, x: 400 + dx, y: 300 + dy)
        script.drag(1, dx: dx * 5, dy: dy * 5)
        script.wait(0.2)
        script.up(1)
        return script.events
    }

    /// CEHorizontalSwipeInteractionController.m:47: `rightToLeftSwipe = vel.x < 0`, the velocity
    /// when the pan begins, not its translation.
    @Test func theHorizontalPopDirectionIsTheSignOfTheVelocityAtTheStart() throws {
        let pop: (VelocityEstimator) -> (inout SessionConfiguration) -> Void = { estimator in
            { $0.operation = .pop; $0.velocityEstimator = estimator }
        }
        // Moving right to left: with a velocity the pop fires; with none (0 is not < 0) it does not.
        #expect(try replay(Self.oneStepSwipe(dx: -12), configure: pop(.androidLSQ2)).count == 1)
        #expect(try replay(Self.oneStepSwipe(dx: -12), configure: pop(.flutter)).isEmpty)
    }

    /// CEVerticalSwipeInteractionController.m:51: `topToBottomSwipe = translation.y > 0`.
    @Test func theVerticalPopDirectionIsTheSignOfTheTranslation() throws {
        let records = try replay(Self.oneStepSwipe(dy: 12)) {
            $0.controllers = [.verticalSwipe]
            $0.operation = .pop
            $0.velocityEstimator = .flutter
        }
        #expect(records.count == 1)
    }

    /// CEHorizontalSwipeInteractionController.m:90–93 and 35–38: a fraction of 1 or more is shown
    /// as 0.99, so the finish runs at speed 1 − 0.99 over the last 1% (the full duration); the
    /// decision keeps the fraction 1.
    @Test(arguments: [(199.0, 0.35), (200.0, 0.35), (260.0, 0.35)])
    func aFullSwipeIsShownAtNinetyNinePercentAndFinishesOverTheFullDuration(travel: Double, completion: Double) throws {
        let events = horizontalDrag(distance: travel, hold: 0.02)
        let records = try replay(events)
        #expect(records.map(\.outcome) == [.finished])
        #expect(records.map(\.progressAtRelease) == [singlePrecision(min(travel / 200, 1))])
        let release = events[events.count - 1].timestamp
        #expect(abs(records[0].endedAt - release - completion) < 1e-9)
    }

    /// CEHorizontalSwipeInteractionController.m: the completion speed is `1 − fraction`, so a
    /// touch cancelled at 0.99 cancels over 100 times UIKit's time; the record says so.
    @Test func aCancelNearOneIsASlowCompletionAndTheRecordSaysWhy() throws {
        let records = try replay(horizontalDrag(distance: 198, endPhase: .cancel))
        #expect(records.map(\.outcome) == [.cancelled])
        let slowness = try #require(records[0].completionSlowness)
        #expect(slowness.explanation == "slow: vctransitions speed 1 − p = 0.01 → 34.65 s, not 0.35 s")
        #expect(abs(records[0].endedAt - records[0].releasedAt - slowness.duration) < 1e-9)
    }

    @Test func aFullSwipesFinishIsNotSlow() throws {
        let records = try replay(horizontalDrag(distance: 200, hold: 0.02))
        #expect(records.map(\.outcome) == [.finished])
        #expect(records[0].completionSlowness == nil)
    }

    /// CEPinchInteractionController.m:58–59: `fraction = 1.0 − scale / startScale`, not clamped.
    @Test func aPinchMeasuresItsFractionUnclamped() throws {
        var script = GestureScript()
        script.down(1, x: 350, y: 300)
        script.down(2, x: 450, y: 300)
        script.drag([(1, -50, 0), (2, 50, 0)])
        script.wait(0.2)
        script.up(1)
        script.up(2)
        let records = try replay(script.events) { $0.controllers = [.pinch] }
        #expect(records.count == 1)
        #expect(records[0].progressAtRelease < 0)
        #expect(records[0].outcome == .cancelled)
    }

    // MARK: MDTransitioning

    /// A touch going down at `x`, recognised after one 10-point move inward (at `x + 10`), then
    /// dragged on by `more` points in 5-point moves, and lifted or cancelled.
    static func edgePan(downAt x: Double, more: Double = 200, end: PointerPhase = .up) -> [PointerEvent] {
        var script = GestureScript()
        script.down(1, x: x, y: 300)
        script.wait(0.008)
        script.move(1, x: x + 10, y: 300)
        script.drag(1, dx: more, steps: max(1, Int(more / 5)), interval: 0.008)
        script.wait(0.2)
        if end == .up { script.up(1) } else { script.cancel(1) }
        return script.events
    }

    /// MDPopInteractionController.m:20–22 via MDSwipeInteractionController.m:98–102: `location.x
    /// < 20` where the pan is recognised.
    @Test(arguments: [(9.99, 1), (10.0, 0), (10.01, 0)])
    func theTwentyPointTestIsWhereThePanIsRecognised(downAt x: Double, transitions: Int) throws {
        let records = try replay(Self.edgePan(downAt: x), policy: "mdtransitioning") { $0.controllers = [.edgePan] }
        #expect(records.count == transitions)
    }

    /// MDSwipeInteractionController.m:84–90: Ended and Cancelled alike, `progress > 0.25` finishes.
    @Test(arguments: [(189.99, TransitionOutcome.cancelled), (190.0, .cancelled), (190.01, .finished)])
    func aCancelledEdgePanIsDecidedByTheProgressRule(more: Double, outcome: TransitionOutcome) throws {
        // Down at 0, recognised at 10: the translation at the cancel is 10 + more.
        let records = try replay(Self.edgePan(downAt: 0, more: more, end: .cancel), policy: "mdtransitioning") {
            $0.controllers = [.edgePan]
        }
        #expect(records.map(\.outcome) == [outcome])
        #expect(records.map(\.progressAtRelease) == [(10 + more) / 800])
        #expect(records.map(\.reason) != ["pointer cancelled"])
    }

    // MARK: swiftui-navigation-transitions

    /// NavigationTransitionInteraction.swift:13–15: `percent = translation / width`, signed.
    @Test func panProgressIsSignedTranslationOverWidth() throws {
        let records = try replay(touchDrag(dx: -100), policy: "swiftui-navigation") { $0.controllers = [.pan] }
        #expect(records.map(\.progressAtRelease) == [-0.125])
        #expect(records.map(\.outcome) == [.cancelled])
    }

    /// NavigationTransitionInteraction.swift:32: `percent >= 0.2 && velocity > -200` (held still,
    /// so the velocity is 0): 160 of 800 points finishes, just under does not.
    @Test(arguments: [(159.99, TransitionOutcome.cancelled), (160.0, .finished), (160.01, .finished)])
    func panFinishesFromOneFifthOfTheWidth(dx: Double, outcome: TransitionOutcome) throws {
        let records = try replay(touchDrag(dx: dx), policy: "swiftui-navigation") { $0.controllers = [.pan] }
        #expect(records.map(\.outcome) == [outcome])
    }

    /// NavigationTransitionInteraction.swift:46–48: `.failed, .cancelled` cancel.
    @Test func aCancelledPanCancels() throws {
        var script = GestureScript()
        script.down(1, x: 200, y: 300)
        script.drag(1, dx: 400)
        script.cancel(1)
        let records = try replay(script.events, policy: "swiftui-navigation") { $0.controllers = [.pan] }
        #expect(records.map(\.reason) == ["pointer cancelled"])
        #expect(records.map(\.outcome) == [.cancelled])
    }
}
