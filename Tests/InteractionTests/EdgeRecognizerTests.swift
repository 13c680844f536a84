import Engine
@testable import Interaction
import Testing

/// Each reference's edge pan on the held-out style of trace: touches going down at 11.5, 19.5,
/// 20.0 and 20.5 points from the left edge, recognised before or after 20 points, and pointer
/// cancels. Each recogniser runs under the policy whose reference it is (md: mdtransitioning,
/// uikit-screen-edge: swiftui-navigation, flutter-cupertino: flutter, android-back: compose), on an
/// 800×600 window with the standard tunables (edge zone 20 pt, axis slop 8 pt).
@Suite("Edge recognisers")
struct EdgeRecognizerTests {
    /// How a case ended under one recogniser: no transition, or the transition's outcome.
    enum Outcome: String, CustomStringConvertible {
        case none = "-", finished = "finish", cancelled = "cancel"
        var description: String { rawValue }
    }

    /// The recognisers in table order, each with its reference's policy.
    static let recognisers: [(name: EdgeRecognizerName, policy: String)] = [
        (.md, "mdtransitioning"), (.uikitScreenEdge, "swiftui-navigation"), (.flutterCupertino, "flutter"), (.androidBack, "compose"),
    ]

    /// A touch going down at `x` (y 300) and, after `before`, its first move to `firstMove` 8 ms
    /// later, then `steps` moves 5 ms apart on to `to`, held `hold` seconds (0.2: velocity 0 by the
    /// stop rule; 0: ended while moving) and lifted or cancelled.
    static func edgeTouch(downAt x: Double, firstMove: Double, to: Double, steps: Int = 40, end: PointerPhase = .up, hold: Double = 0.2,
                          kind: PointerKind = .touch, before: (inout GestureScript) -> Void = { _ in }) -> [PointerEvent] {
        var script = GestureScript(kind: kind)
        script.down(1, x: x, y: 300)
        before(&script)
        script.wait(0.008)
        script.move(1, x: firstMove, y: 300)
        script.drag(1, dx: to - firstMove, steps: steps, interval: 0.005)
        script.wait(hold)
        if end == .up { script.up(1) } else { script.cancel(1) }
        return script.events
    }

    /// The outcome of `events` under each recogniser, in table order.
    static func outcomes(_ events: [PointerEvent], edge: ScreenEdge = .left) throws -> [Outcome] {
        try recognisers.map { recogniser in
            let records = try replay(events, policy: recogniser.policy) {
                $0.controllers = [.edgePan]
                $0.edge = edge
                $0.edgeRecognizer = recogniser.name
            }
            #expect(records.count <= 1)
            return records.first.map { $0.outcome == .finished ? .finished : .cancelled } ?? .none
        }
    }

    /// ``outcomes(_:edge:)`` as text, "finish cancel - -", for failures that say what they got.
    static func table(_ events: [PointerEvent], edge: ScreenEdge = .left) throws -> String {
        try outcomes(events, edge: edge).map(\.rawValue).joined(separator: " ")
    }

    // The boundary table: md, uikit-screen-edge, flutter-cupertino, android-back.

    @Test func downAt11_5RecognisedBefore20BeginsUnderEvery() throws {
        #expect(try Self.table(Self.edgeTouch(downAt: 11.5, firstMove: 19.75, to: 451.5)) == "finish finish finish finish")
    }

    @Test func downAt11_5RecognisedPast20NeverBeginsUnderMDOnly() throws {
        #expect(try Self.table(Self.edgeTouch(downAt: 11.5, firstMove: 20.25, to: 451.5)) == "- finish finish finish")
    }

    @Test func downAt19_5BeginsWhereTheDownDecides() throws {
        #expect(try Self.table(Self.edgeTouch(downAt: 19.5, firstMove: 27.75, to: 459.5)) == "- finish finish finish")
    }

    @Test func downAt20IsOutsideEveryZone() throws {
        #expect(try Self.table(Self.edgeTouch(downAt: 20, firstMove: 28.25, to: 460)) == "- - - -")
    }

    @Test func downAt20_5IsOutsideEveryZone() throws {
        #expect(try Self.table(Self.edgeTouch(downAt: 20.5, firstMove: 28.75, to: 460.5)) == "- - - -")
    }

    @Test func aCancelPastHalfFinishesWhereThePolicyDecidesIt() throws {
        // Progress 0.55, still for 0.2 s: MDTransitioning finishes past 0.25, Flutter's dragEnd
        // at rest past 0.5; UIKit's and Android's cancel.
        #expect(try Self.table(Self.edgeTouch(downAt: 11.5, firstMove: 19.75, to: 451.5, end: .cancel))
            == "finish cancel finish cancel")
    }

    @Test func aCancelAtThreeTenthsFinishesOnlyUnderMD() throws {
        #expect(try Self.table(Self.edgeTouch(downAt: 11.5, firstMove: 19.75, to: 251.5, end: .cancel))
            == "finish cancel cancel cancel")
    }

    @Test func aCancelMidFlickFinishesOnlyUnderFlutterWhichKeepsTheVelocity() throws {
        // Progress 0.2 at 1,517.5 pt/s (1.9 screens/s): MDTransitioning's 0.25 is not passed.
        let events = Self.edgeTouch(downAt: 11.5, firstMove: 19.75, to: 171.5, steps: 20, end: .cancel, hold: 0)
        #expect(try Self.table(events) == "cancel cancel finish cancel")
        let flutter = try replay(events, policy: "flutter") { $0.controllers = [.edgePan] }
        #expect(flutter.map(\.pointerCancelled) == [false])
        #expect(flutter.map(\.progressAtRelease) == [160.0 / 800])
        let uikit = try replay(events, policy: "swiftui-navigation") { $0.controllers = [.edgePan] }
        #expect(uikit.map(\.reason) == ["pointer cancelled"])
    }

    @Test func aTapInTheStripBeginsOnlyFlutterAloneInTheArena() throws {
        var script = GestureScript()
        script.down(1, x: 11.5, y: 300)
        script.wait(0.1)
        script.up(1)
        #expect(try Self.table(script.events) == "- - cancel -")
    }

    @Test func aTouchHeldPastAndroidsLongPressTimeoutIsNoBackGesture() throws {
        // Android cancels a touch that moves, still short of its slop, more than 250 ms after going
        // down; at 0.25 s exactly it crosses. (A first move of 5 pt, inside every slop, keeps the
        // velocity MDTransitioning asks for when the pan is recognised.)
        let late = Self.edgeTouch(downAt: 11.5, firstMove: 19.75, to: 451.5) { script in
            script.wait(0.243)
            script.move(1, x: 16.5, y: 300)
        }
        #expect(try Self.table(late) == "finish finish finish -")
        let onTime = Self.edgeTouch(downAt: 11.5, firstMove: 19.75, to: 451.5) { script in
            script.wait(0.242)
            script.move(1, x: 16.5, y: 300)
        }
        #expect(try Self.table(onTime) == "finish finish finish finish")
    }

    @Test func travelAcrossTheEdgeFirstCancelsAndroidsBackOnly() throws {
        // 6.5 pt down (past Android's 6 pt slop, more than along): Android cancels; the others
        // ignore travel across their axis.
        let events = Self.edgeTouch(downAt: 11.5, firstMove: 19.75, to: 451.5) { script in
            script.wait(0.008)
            script.move(1, x: 11.5, y: 306.5)
        }
        #expect(try Self.table(events) == "finish finish finish -")
        let within = Self.edgeTouch(downAt: 11.5, firstMove: 19.75, to: 451.5) { script in
            script.wait(0.008)
            script.move(1, x: 11.5, y: 306)
        }
        #expect(try Self.table(within) == "finish finish finish finish")
    }

    @Test func androidsSlopIsThreeQuartersOfTheAxisSlop() throws {
        // Past 6 pt it begins, at 6 it waits: a release there makes no transition.
        func tap(moving dx: Double) -> [PointerEvent] {
            var script = GestureScript()
            script.down(1, x: 11.5, y: 300)
            script.wait(0.01)
            script.move(1, x: 11.5 + dx, y: 300)
            script.wait(0.01)
            script.up(1)
            return script.events
        }
        let android = { (events: [PointerEvent]) in try replay(events, policy: "compose") { $0.controllers = [.edgePan] }.count }
        #expect(try android(tap(moving: 6)) == 0)
        #expect(try android(tap(moving: 6.01)) == 1)
    }

    @Test func androidTakesAPointExactlyTheWidthFromTheRightEdge() throws {
        // EdgeBackGestureHandler: x >= displayWidth - width on the right, x < width on the left.
        let right = Self.edgeTouch(downAt: 780, firstMove: 771.75, to: 340)
        #expect(try Self.table(right, edge: .right) == "- - - finish")
        let inside = Self.edgeTouch(downAt: 780.5, firstMove: 772.25, to: 340.5)
        #expect(try Self.table(inside, edge: .right) == "- finish finish finish")
    }

    @Test func flutterMeasuresFromWhereItBeganAndForgetsTravelPastTheStart() throws {
        // Out 10 pt to the edge first, then in: the controller's value clamps on each update.
        let events = Self.edgeTouch(downAt: 11.5, firstMove: 1.5, to: 451.5)
        let flutter = try replay(events, policy: "flutter") { $0.controllers = [.edgePan] }
        #expect(flutter.map(\.progressAtRelease) == [450.0 / 800])
        let android = try replay(events, policy: "compose") { $0.controllers = [.edgePan] }
        #expect(android.map(\.progressAtRelease) == [440.0 / 800])
        // MDTransitioning rejects the outward pan; UIKit's, whose direction is not documented, takes it.
        #expect(try Self.table(events) == "- finish finish finish")
    }

    @Test func flutterClaimsPastItsSlopByPointerKindAndBeginsThere() throws {
        // Competing with a swipe, Flutter's drag must claim: a mouse past 1 pt (kPrecisePointerHitSlop),
        // before the swipe's 8; it then measures from where it claimed.
        var script = GestureScript(kind: .mouse)
        script.down(1, x: 11.5, y: 300)
        script.wait(0.008)
        script.move(1, x: 13, y: 300)
        script.drag(1, dx: 438.5, steps: 40, interval: 0.005)
        script.wait(0.2)
        script.up(1)
        let records = try replay(script.events, policy: "flutter") { $0.controllers = [.edgePan, .swipe] }
        #expect(records.map(\.controller) == [.edgePan])
        #expect(records.map(\.progressAtRelease) == [438.5 / 800])
        #expect(CupertinoBackGestureRecognizer.hitSlop(.touch) == 18 && CupertinoBackGestureRecognizer.hitSlop(.pen) == 18)
        #expect(CupertinoBackGestureRecognizer.hitSlop(.mouse) == 1)
    }

    @Test func aSecondPointerOutsideFlutterStripNeverReachesItsDrag() throws {
        // Competing with a swipe, Flutter's drag has not begun when a second finger lands on the
        // page: its strip's Listener does not see it, so the drag goes on (Android's would cancel).
        var script = GestureScript()
        script.down(1, x: 11.5, y: 300)
        script.wait(0.008)
        script.down(2, x: 400, y: 100)
        script.wait(0.008)
        script.move(1, x: 31, y: 300)
        script.drag(1, dx: 420, steps: 40, interval: 0.005)
        script.wait(0.2)
        script.up(1)
        script.up(2)
        let flutter = try replay(script.events, policy: "flutter") { $0.controllers = [.edgePan, .swipe] }
        #expect(flutter.map(\.controller) == [.edgePan])
        let android = try replay(script.events, policy: "compose") { $0.controllers = [.edgePan, .swipe] }
        #expect(android.isEmpty)
    }

    @Test func theRecogniserIsThePolicysUnlessNamed() throws {
        var configuration = SessionConfiguration()
        let byPolicy = PolicySpec.presets.map { spec -> String in
            configuration.policy = spec
            return configuration.resolvedEdgeRecognizer.rawValue
        }
        #expect(byPolicy == ["md", "md", "uikit-screen-edge", "flutter-cupertino", "android-back", "uikit-screen-edge"])
        configuration.edgeRecognizer = .androidBack
        configuration.policy = .preset(.mdTransitioning)
        #expect(configuration.resolvedEdgeRecognizer == .androidBack)
        // Under mdtransitioning's policy, Android's recogniser begins where MDTransitioning's does not.
        let events = Self.edgeTouch(downAt: 19.5, firstMove: 27.75, to: 459.5)
        #expect(try replay(events, policy: "mdtransitioning") { $0.controllers = [.edgePan] }.isEmpty)
        #expect(try replay(events, policy: "mdtransitioning") {
            $0.controllers = [.edgePan]
            $0.edgeRecognizer = .androidBack
        }.map(\.outcome) == [.finished])
    }
}
