import Engine
import Interaction
import Testing

/// A touch going down at (`x`, `y`), dragging by (`dx`, `dy`) in ten moves, holding still
/// `hold` seconds, then lifting.
func touchDrag(x: Double = 400, y: Double = 300, dx: Double = 0, dy: Double = 0, hold: Double = 0.2, steps: Int = 10) -> [PointerEvent] {
    var script = GestureScript()
    script.down(1, x: x, y: y)
    script.drag(1, dx: dx, dy: dy, steps: steps)
    script.wait(hold)
    script.up(1)
    return script.events
}

@Suite("Horizontal swipe operations")
struct HorizontalSwipeOperationTests {
    @Test func aPopFiresOnARightToLeftSwipe() throws {
        let records = try replay(touchDrag(dx: -120)) { $0.operation = .pop }
        #expect(records.map(\.progressAtRelease) == [singlePrecision(0.6)])
    }

    @Test func aPopIgnoresALeftToRightSwipe() throws {
        #expect(try replay(touchDrag(dx: 120)) { $0.operation = .pop }.isEmpty)
    }

    @Test func aPopConfiguredLeftToRightFiresOnlyThatWay() throws {
        let configure: (inout SessionConfiguration) -> Void = {
            $0.operation = .pop
            $0.popOnRightToLeft = false
        }
        #expect(try replay(touchDrag(dx: 120), configure: configure).count == 1)
        #expect(try replay(touchDrag(dx: -120), configure: configure).isEmpty)
    }

    @Test func aDismissFiresEitherWay() throws {
        #expect(try replay(touchDrag(dx: 120)) { $0.operation = .dismiss }.count == 1)
        #expect(try replay(touchDrag(dx: -120)) { $0.operation = .dismiss }.count == 1)
    }

    @Test func tabsMoveToTheNeighbourAndStopAtTheEnds() throws {
        var script = GestureScript()
        for dx in [150.0, -150, -150, 150] {
            script.down(1, x: 400, y: 300)
            script.drag(1, dx: dx)
            script.up(1)
            script.wait(1)
        }
        // Two tabs, the first selected: left-to-right has no previous tab; right-to-left goes
        // to the second, and then there is no next; left-to-right goes back.
        let records = try replay(script.events) {
            $0.operation = .tab
            $0.tabCount = 2
            $0.selectedTab = 0
        }
        #expect(records.map(\.outcome) == [.finished, .finished])
        #expect(records.map(\.beganAt) == [1.176, 3.496])
    }

    @Test func aNewTouchGrabsACompletingSwipeAndCarriesItOn() throws {
        var script = GestureScript()
        script.down(1, x: 300, y: 300)
        script.drag(1, dx: 120)
        script.up(1)
        script.wait(0.1)
        script.down(1, x: 500, y: 300)
        script.drag(1, dx: -150)
        script.wait(0.2)
        script.up(1)
        // The second swipe grabs the finishing transition and, moving back, cancels it.
        let records = try replay(script.events)
        #expect(records.map(\.grabs) == [1])
        #expect(records.map(\.outcome) == [.cancelled])
        #expect(records.map(\.beganAt) == [0.016])
    }

    @Test func theVelocityAtReleaseIsInPointsPerSecondTowardsFinishing() throws {
        // 200 points in ten moves 16 ms apart, released at once: 1250 pt/s, leftwards.
        let records = try replay(touchDrag(dx: -200, hold: 0)) { $0.operation = .dismiss }
        #expect(abs(records[0].velocityAtRelease - 1250) < 1e-6)
    }
}

@Suite("Vertical swipe operations")
struct VerticalSwipeOperationTests {
    @Test func progressIsTheVerticalTravelOverTheDistance() throws {
        let records = try replay(touchDrag(dy: 150)) { $0.controllers = [.verticalSwipe] }
        #expect(records.map(\.progressAtRelease) == [0.75])
        #expect(records.map(\.controller) == [.verticalSwipe])
    }

    @Test func aPopFiresOnlyTopToBottom() throws {
        let configure: (inout SessionConfiguration) -> Void = {
            $0.controllers = [.verticalSwipe]
            $0.operation = .pop
        }
        #expect(try replay(touchDrag(dy: 120), configure: configure).count == 1)
        #expect(try replay(touchDrag(dy: -120), configure: configure).isEmpty)
    }

    @Test func aDismissFiresEitherWay() throws {
        let configure: (inout SessionConfiguration) -> Void = { $0.controllers = [.verticalSwipe] }
        #expect(try replay(touchDrag(dy: -120), configure: configure).map(\.progressAtRelease) == [singlePrecision(0.6)])
    }

    @Test func attachingItToTabsIsRefusedWithAClearError() {
        let configuration = SessionConfiguration(controllers: [.verticalSwipe], operation: .tab)
        let error = #expect(throws: ConfigurationError.self) { try configuration.resolve() }
        #expect(error?.description
            == "the vertical swipe cannot drive a tab operation: tabs change with a horizontal swipe (use 'swipe', or operation pop or dismiss)")
    }
}

@Suite("Edge pan, pan and pinch controllers")
struct OtherControllerTests {
    @Test func edgePanProgressIsTheTranslationOverTheWidth() throws {
        // 5-point moves: recognised (past the 8-point slop) at x = 15, inside the 20-point zone.
        let records = try replay(touchDrag(x: 5, dx: 200, steps: 40), policy: "mdtransitioning") { $0.controllers = [.edgePan] }
        #expect(records.map(\.progressAtRelease) == [0.25])
        #expect(records.map(\.outcome) == [.cancelled])
    }

    @Test func edgePanFromTheBottomMovesUp() throws {
        let records = try replay(touchDrag(x: 400, y: 595, dy: -300, steps: 60), policy: "mdtransitioning") {
            $0.controllers = [.edgePan]
            $0.edge = .bottom
        }
        #expect(records.map(\.progressAtRelease) == [0.5])
        #expect(records.map(\.outcome) == [.finished])
    }

    @Test func edgePanNeedsItsTouchInsideTheZone() throws {
        #expect(try replay(touchDrag(x: 25, dx: 200)) { $0.controllers = [.edgePan] }.isEmpty)
    }

    @Test func panProgressIsTheHorizontalTranslationOverTheWidth() throws {
        let records = try replay(touchDrag(dx: 200, dy: 90), policy: "swiftui-navigation") { $0.controllers = [.pan] }
        #expect(records.map(\.progressAtRelease) == [0.25])
        #expect(records.map(\.reason) == ["progress 0.25 >= 0.2 and velocity 0 pt/s > -200"])
    }

    /// Two fingers 200 points apart closing (or opening) symmetrically by `change` points each.
    static func pinch(change: Double) -> [PointerEvent] {
        var script = GestureScript()
        script.down(1, x: 300, y: 300)
        script.down(2, x: 500, y: 300)
        script.drag([(1, change, 0), (2, -change, 0)], steps: 10)
        script.wait(0.2)
        script.up(1)
        script.up(2)
        return script.events
    }

    @Test func pinchingInGivesOneMinusScaleOverStartScale() throws {
        // Span 100 → 50; the pinch begins when the span reaches 80 (past 18 points of change),
        // so startScale = 0.8 and progress = 1 − 0.5 / 0.8 = 0.375.
        let records = try replay(Self.pinch(change: 50)) { $0.controllers = [.pinch] }
        #expect(records.count == 1)
        #expect(abs(records[0].progressAtRelease - 0.375) < 1e-12)
    }

    @Test func pinchingOutGivesOneMinusStartScaleOverScale() throws {
        // Span 100 → 200; it begins at span 120 (scale 1.2): progress = 1 − 1.2 / 2 = 0.4.
        let records = try replay(Self.pinch(change: -100)) {
            $0.controllers = [.pinch]
            $0.pinchDirection = .pinchOut
        }
        #expect(abs(records[0].progressAtRelease - 0.4) < 1e-12)
    }

    @Test func pinchingTheWrongWayMeasuresANegativeProgressAndCancels() throws {
        // VCTransitionsLibrary decides on 1 − scale / startScale unclamped: here 1 − 2 / 1.2.
        let records = try replay(Self.pinch(change: -100)) { $0.controllers = [.pinch] }
        #expect(records.map(\.progressAtRelease) == [1 - 2 / 1.2])
        #expect(records.map(\.outcome) == [.cancelled])
    }

    @Test func aFastPinchReportsItsSpanVelocity() throws {
        var script = GestureScript()
        script.down(1, x: 300, y: 300)
        script.down(2, x: 500, y: 300)
        script.drag([(1, 50, 0), (2, -50, 0)], steps: 10, interval: 0.01)
        script.up(1)
        // The span shrinks 5 points every 10 ms: 500 pt/s towards finishing.
        let records = try replay(script.events) { $0.controllers = [.pinch] }
        #expect(abs(records[0].velocityAtRelease - 500) < 1e-6)
    }
}

/// A session on a virtual clock, fed events at their own times.
struct SessionRun {
    var stage: Stage
    private(set) var records: [TransitionRecord] = []

    init(_ configuration: SessionConfiguration = SessionConfiguration()) throws {
        stage = Stage(configuration: try configuration.resolve())
    }

    /// The stage's session.
    var session: InteractionSession { stage.session }

    mutating func feed(_ events: [PointerEvent]) {
        for event in events { records += stage.feed(event) }
    }

    /// Cancels every pointer down at `time` seconds, as the window does when it loses focus.
    mutating func cancelAll(at time: Double) {
        records += stage.cancelAll(at: time)
    }

    /// Lets a running completion reach its end.
    mutating func settle() {
        records += stage.finishCompletion()
    }
}

@Suite("MDTransitioning hooks")
struct InteractionHookTests {
    final class Log {
        var entries: [String] = []
    }

    static func text(_ progress: Double) -> String { DecimalFormat.string(progress, decimals: 4) }

    @Test func theCallbacksFollowTheTransition() throws {
        let log = Log()
        var run = try SessionRun()
        run.stage.setHooks(InteractionHooks(onBegin: { log.entries.append("begin \(Self.text($0))") },
                                              onUpdate: { log.entries.append("update \(Self.text($0))") },
                                              onEnd: { log.entries.append("end \($0)") }), for: .swipe)
        run.feed(touchDrag(dx: 40, hold: 0))
        #expect(log.entries == ["begin 0", "update 0.06", "update 0.08", "update 0.1", "update 0.12", "update 0.14",
                                "update 0.16", "update 0.18", "update 0.2", "update 0.2", "end false"])
    }

    @Test func theAllowHookCanVetoAGesture() throws {
        var run = try SessionRun()
        run.stage.setHooks(InteractionHooks(allow: { location, _ in location.x > 500 }), for: .swipe)
        run.feed(touchDrag(dx: 150))
        run.settle()
        #expect(run.records.isEmpty)
    }

    @Test func theProgressHookReplacesTheControllersOwn() throws {
        var run = try SessionRun()
        run.stage.setHooks(InteractionHooks(progress: { _, translation, _ in translation.x / 400 }), for: .swipe)
        run.feed(touchDrag(dx: 150))
        run.settle()
        #expect(run.records.map(\.progressAtRelease) == [0.375])
    }
}
