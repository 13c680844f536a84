import Engine
import FoundationEssentials
import Glibc
import Interaction
import Output
import Traces

/// Makes the tests of `export-test`: reads each trace, delivers it as the platform would
/// (``TestDelivery``), lets the lab's own replay (``HeadlessReplay``) decide the delivered
/// events under the chosen policy, and cuts them into gestures, each with the releases the lab
/// decided in it.
package struct TestExporter: Sendable {
    /// The platform written for.
    package var platform: TestPlatform
    /// The policy to decide under; nil: each trace's own.
    package var policy: PolicySpec?
    /// What the test allows an app's velocity to differ by.
    package var tolerance: VelocityTolerance

    /// Most events one export takes, all traces together (docs/limits.md): a test holds them all.
    package static let eventLimit = 200_000

    /// An exporter for `platform` deciding under `policy` (nil: each trace's own), whose tests
    /// allow velocities within `tolerance`.
    package init(platform: TestPlatform, policy: PolicySpec? = nil, tolerance: VelocityTolerance = .standard) {
        self.platform = platform
        self.policy = policy
        self.tolerance = tolerance
    }

    /// Traces that cannot be exported, with every problem naming its file and event.
    package struct Inexpressible: Error {
        /// The problems, in order.
        package var problems: [TraceError]
    }

    /// The trace at `path` (named `name` in the test) as the platform's test replays it; events
    /// already taken by other traces of the export count towards ``eventLimit``.
    package func export(path: String, name: String, eventsSoFar: Int = 0) throws -> ExportedTrace {
        let trace = try Trace.load(path: path)
        if eventsSoFar + trace.events.count > Self.eventLimit {
            throw InputError(description: "\(name): \(eventsSoFar + trace.events.count) events to export with the traces before it, more than the limit of \(Self.eventLimit) (docs/limits.md); export fewer traces at once")
        }
        guard !trace.events.isEmpty else {
            throw InputError(description: "\(name): the trace has no events: there is no gesture to replay")
        }
        var configuration = trace.header.configuration
        if let policy { configuration.policy = policy }
        let resolved: ResolvedConfiguration
        do { resolved = try configuration.resolve() } catch {
            throw InputError(description: "\(name): configuration: \(error.description)")
        }
        var delivery = TestDelivery(trace.events, for: platform, window: trace.header.windowSize, file: name)
        var gestures = Self.gestures(delivery)
        if platform == .uikit {
            for index in gestures.indices {
                do {
                    gestures[index].xctest = try XCTestGestureMaker(configuration: configuration, file: name)
                        .make(gestures[index].events, sources: Self.sources(of: gestures[index], in: delivery))
                } catch {
                    delivery.problems.append(error)
                }
            }
        }
        guard delivery.problems.isEmpty else { throw Inexpressible(problems: delivery.problems) }

        let records = HeadlessReplay.run(delivery.events, configuration: resolved)
        let clock = ClockResolutionCheck(platform: platform, tolerance: tolerance)
        let finding = clock.check(delivery.events, records: records, configuration: resolved)
        let resolution = "the app's clock resolution (\(platform.appClockResolutionText))"
        var clockNotes: [String] = []
        switch finding {
        case .exact, .releases: break
        case .releaseCountTurns:
            clockNotes.append("how many releases the lab decides turns on \(resolution): no velocity is asserted, and the test may fail by chance")
        case .rulesTooShort(let shortest):
            clockNotes.append("a velocity tracker compares times as short as \(DecimalFormat.string(shortest * 1000, decimals: 3)) ms, too short for \(resolution): no velocity is asserted")
        }
        for (recordIndex, record) in records.enumerated() {
            // Each release belongs to the gesture it happened in (a lift ends it, so its time is in it).
            let index = gestures.lastIndex { ($0.events.first?.timestamp ?? 0) <= record.releasedAt } ?? 0
            var velocity = record.pointerCancelled ? nil : Optional(record.velocityAtRelease)
            // XCTest picks a pinch's finger spread, so the span velocity the app sees is not the recording's.
            if case .pinch = gestures[index].xctest { velocity = nil }
            let which = "gesture \(index + 1), release \(gestures[index].releases.count + 1)"
            switch finding {
            case .exact: break
            case .releaseCountTurns, .rulesTooShort: velocity = nil
            case .releases(let releases, let stretch):
                let release = releases[recordIndex]
                guard release.velocityTurns || release.decisionTurns else { break }
                let others = release.outcomes.map { "\($0.decision.rawValue) at \(DecimalFormat.string($0.velocity, decimals: 1)) pt/s" }.joined(separator: " and ")
                let replayed = "the lab replaying the times \(DecimalFormat.string(stretch * 100, decimals: 3)) % longer and shorter decides \(others)"
                if release.velocityTurns && velocity != nil {
                    velocity = nil
                    clockNotes.append("\(which): its velocity (\(DecimalFormat.string(record.velocityAtRelease, decimals: 1)) pt/s) turns on \(resolution): \(replayed); it is not asserted")
                }
                if release.decisionTurns {
                    clockNotes.append("\(which): its decision (\(record.decision.rawValue)) turns on \(resolution): \(replayed); the test asserts \(record.decision.rawValue), and may fail by chance")
                }
            }
            gestures[index].releases.append(ExpectedRelease(
                decision: record.decision, velocity: velocity,
                progress: record.progressAtRelease, reason: record.reason, controller: record.controller))
        }
        var changes = delivery.changes + clockNotes
        let original = HeadlessReplay.run(trace.events, configuration: resolved).map(\.decision)
        if original != records.map(\.decision) {
            changes.append("the lab decides the recorded events \(Self.list(original)) but the delivered ones \(Self.list(records.map(\.decision))): the test asserts what the app receives")
        }
        if records.contains(where: { $0.grabs > 0 }) {
            changes.append("a new touch grabbed a completing transition: only each transition's last release is asserted")
        }
        return ExportedTrace(name: name, notes: trace.header.notes, window: trace.header.windowSize, density: trace.header.pixelDensity,
                             controllers: configuration.controllers, policy: configuration.policy, gestures: gestures, changes: changes)
    }

    private static func list(_ decisions: [ReleaseDecision.Verdict]) -> String {
        decisions.isEmpty ? "(no release)" : decisions.map(\.rawValue).joined(separator: ",")
    }

    /// The delivered events cut into gestures: each from a pointer down with none down before
    /// to the lift that leaves none down (events after the last lift, if the trace was cut
    /// short, form a last gesture of their own).
    static func gestures(_ delivery: TestDelivery) -> [ExportedGesture] {
        var gestures: [ExportedGesture] = []
        var current: [PointerEvent] = []
        var first = 0
        var down: Set<Int> = []
        for (index, event) in delivery.events.enumerated() {
            if current.isEmpty { first = delivery.sources[index] }
            current.append(event)
            if event.phase == .down { down.insert(event.pointerID) } else if event.phase.endsContact { down.remove(event.pointerID) }
            if down.isEmpty {
                gestures.append(ExportedGesture(events: current, firstEventIndex: first, releases: []))
                current = []
            }
        }
        if !current.isEmpty { gestures.append(ExportedGesture(events: current, firstEventIndex: first, releases: [])) }
        return gestures
    }

    /// The trace's event index of each of `gesture`'s events.
    private static func sources(of gesture: ExportedGesture, in delivery: TestDelivery) -> [Int] {
        guard let start = delivery.sources.firstIndex(of: gesture.firstEventIndex) else { return [] }
        return Array(delivery.sources[start..<min(start + gesture.events.count, delivery.sources.count)])
    }
}
