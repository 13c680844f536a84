import Engine
import Foundation
import Interaction
import Testing
import Traces
@testable import Lab

/// `export-test`'s check of releases whose outcome turns on the app's clock resolution: a page
/// sees event times to 100 µs, and a sample lying that close to a tracker's horizon is kept or
/// dropped by chance, so its velocity is not asserted.
@Suite("Clock resolution check")
struct ClockResolutionCheckTests {
    static let knifeEdge = "recordings/human/dollar1/s05-fast-check.json"

    /// The delivered events of the knife-edge trace (its move 30 exactly 100 ms before its last),
    /// with move 30 at `moveThirty` ms when given, and its configuration.
    static func knifeEdgeEvents(moveThirty: Double? = nil) throws -> (events: [PointerEvent], configuration: ResolvedConfiguration) {
        let trace = try Trace.load(path: packageRoot.appendingPathComponent(knifeEdge).path)
        var events = TestDelivery(trace.events, for: .web, window: trace.header.windowSize, file: knifeEdge).events
        if let moveThirty { events[30].timestamp = moveThirty / 1000 }
        return (events, try trace.header.configuration.resolve())
    }

    static func check(_ events: [PointerEvent], _ configuration: ResolvedConfiguration) -> (records: [TransitionRecord], releases: [ClockResolutionCheck.Release]?) {
        let records = HeadlessReplay.run(events, configuration: configuration)
        let check = ClockResolutionCheck(platform: .web, tolerance: .standard)
        guard case .releases(let releases, _) = check.check(events, records: records, configuration: configuration) else { return (records, nil) }
        return (records, releases)
    }

    @Test func theStretchCarriesTwoResolutionsPastTheShortestTimeATrackerComparesWith() {
        // 40 ms stop time: 0.2 ms over 40 ms; a stop time past the 100 ms horizon leaves the horizon.
        #expect(abs(ClockResolutionCheck.stretch(resolution: 0.000_1, stopMicroseconds: 40_000) - 0.005) < 1e-15)
        #expect(abs(ClockResolutionCheck.stretch(resolution: 0.000_1, stopMicroseconds: 250_000) - 0.002) < 1e-15)
        #expect(TestPlatform.allCases.filter { $0.appClockResolution > 0 } == [.web])
    }

    @Test func theShortestRuleIsAHorizonTheStopTimeOrFlutterWholeMillisecondReleaseRule() {
        #expect(VelocityTimeRules.shortest(stopMicroseconds: 40_000) == 40_000)
        #expect(VelocityTimeRules.shortest(stopMicroseconds: 250_000) == 100_000)
        // No stop time: Flutter still drops a release at its first whole millisecond.
        #expect(VelocityTimeRules.shortest(stopMicroseconds: 0) == 1_000)
        #expect(VelocityTimeRules.shortest(stopMicroseconds: 400) == 400)
    }

    @Test func aSampleOnTheHorizonMakesTheVelocityTurnButNotTheDecision() throws {
        let (events, configuration) = try Self.knifeEdgeEvents()
        let (records, releases) = Self.check(events, configuration)
        #expect(records.map(\.decision) == [.cancel])
        #expect((records[0].velocityAtRelease * 10).rounded() / 10 == 128.3)
        let release = try #require(releases?.first)
        #expect(release.velocityTurns && !release.decisionTurns)
        // Stretched, move 30 falls outside the horizon (63.5 pt/s); shrunk, it stays inside.
        #expect(release.outcomes.map { ($0.velocity * 10).rounded() / 10 } == [63.5, 128.3])
        #expect(release.outcomes.map(\.decision) == [.cancel, .cancel])
    }

    @Test func aSampleWithinTheStretchOfTheHorizonTurnsOneFartherDoesNot() throws {
        // 99.6 ms before the last move: 0.4 ms from the horizon, within the stretch's 0.5 ms there
        // (two resolutions over the 40 ms stop time is 0.5 % of 100 ms): conservative.
        let near = try Self.knifeEdgeEvents(moveThirty: 292.4)
        #expect(Self.check(near.events, near.configuration).releases?.first?.velocityTurns == true)
        // 99 ms before it: inside the horizon however the app's clock rounds.
        let inside = try Self.knifeEdgeEvents(moveThirty: 293)
        let checked = Self.check(inside.events, inside.configuration)
        #expect(checked.releases?.first?.velocityTurns == false)
        #expect(checked.releases?.first?.decisionTurns == false)
    }

    @Test func theWebTestLeavesTheTurningVelocityOutAndSaysWhy() throws {
        let web = try exportedTest(.web, [Self.knifeEdge])
        #expect(web.traces[0].gestures[0].releases.map(\.velocity) == [nil])
        #expect(web.traces[0].changes == ["gesture 1, release 1: its velocity (128.3 pt/s) turns on the app's clock resolution (100 µs): the lab replaying the times 0.5 % longer and shorter decides cancel at 63.5 pt/s and cancel at 128.3 pt/s; it is not asserted"])
        #expect(web.text.contains("releases=[(\"cancel\", None)],"))
        #expect(web.text.contains("delivered: gesture 1, release 1: its velocity (128.3 pt/s) turns on the app's clock resolution"))
        // Flutter's tests stamp every event with its exact microsecond: the velocity is asserted.
        let flutter = try exportedTest(.flutter, [Self.knifeEdge])
        #expect(flutter.traces[0].gestures[0].releases.map { $0.velocity.map { ($0 * 10).rounded() / 10 } } == [128.3])
        #expect(flutter.traces[0].changes.isEmpty)
    }

    @Test func aDecisionThatTurnsIsAssertedAsTheLabDecidesTheTimesSentAndFlagged() throws {
        // A fling threshold between the two velocities: the decision turns with the sample.
        let web = try exportedTest(.web, [Self.knifeEdge], policy: "fling:velocity=100pt/s,position=0.9")
        #expect(web.traces[0].gestures[0].releases.map(\.decision) == [.finish])
        #expect(web.traces[0].gestures[0].releases.map(\.velocity) == [nil])
        #expect(web.traces[0].changes.last == "gesture 1, release 1: its decision (finish) turns on the app's clock resolution (100 µs): the lab replaying the times 0.5 % longer and shorter decides cancel at 63.5 pt/s and finish at 128.3 pt/s; the test asserts finish, and may fail by chance")
    }

    @Test func aVelocityFarFromEveryRuleIsStillAsserted() throws {
        let web = try exportedTest(.web, ["recordings/swipe/flick-short.json"])
        #expect(web.traces[0].changes.isEmpty)
        #expect(web.traces[0].gestures[0].releases.count == 1)
        #expect(web.traces[0].gestures[0].releases.allSatisfy { $0.velocity != nil })
    }

    @Test func aStopTimeTooShortForThePagesClockLeavesEveryVelocityOut() throws {
        let folder = try temporaryFolder("clock-check")
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try String(contentsOf: packageRoot.appendingPathComponent("recordings/swipe/flick-short.json"), encoding: .utf8)
        #expect(source.contains("\"velocity_stop\":0.04"))
        let path = folder.appendingPathComponent("short-stop.json").path
        try Data(source.replacingOccurrences(of: "\"velocity_stop\":0.04", with: "\"velocity_stop\":0.0005").utf8).write(to: URL(fileURLWithPath: path))
        let web = try TestExporter(platform: .web).export(path: path, name: "short-stop.json")
        #expect(web.gestures.flatMap(\.releases).map(\.velocity) == [nil])
        #expect(web.changes == ["a velocity tracker compares times as short as 0.5 ms, too short for the app's clock resolution (100 µs): no velocity is asserted"])
        // Flutter's test hands the app the exact times: asserted.
        #expect(try TestExporter(platform: .flutter).export(path: path, name: "short-stop.json").gestures.flatMap(\.releases).allSatisfy { $0.velocity != nil })
    }
}
