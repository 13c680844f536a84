import Engine
import Interaction
import Traces
import Lab

/// Everything one report shows, gathered once and written as HTML or Markdown.
struct ReportData {
    /// One trace replayed under the report's policy.
    struct TraceEntry {
        let path: String
        let notes: String?
        let controllers: String
        let policy: PolicySpec
        let records: [TransitionRecord]
        /// What the replay is compared with, and where that came from (`intent` or `outcomes`).
        let expected: [TransitionOutcome]?
        let basis: String
        /// Samples for the plot: seconds since the first event, progress, velocity (pt/s) while interacting.
        let samples: [(time: Double, progress: Double, velocity: Double?)]
        let start: Double

        /// The outcomes the replay got, as the page lists them: "none" when nothing took hold.
        var gotText: String { Self.listed(records.map(\.outcome)) }
        /// The expected outcomes as the page lists them.
        var expectedText: String { Self.listed(expected ?? []) }

        static func listed(_ outcomes: [TransitionOutcome]) -> String {
            outcomes.isEmpty ? "none" : outcomes.map(\.rawValue).joined(separator: ", ")
        }

        /// nil when there is nothing to compare with.
        var passed: Bool? { expected.map { $0 == records.map(\.outcome) } }
    }

    let title: String
    let traces: [TraceEntry]
    let matrices: [(policy: PolicySpec, matrix: ConfusionMatrix)]
    /// The same policies' matrices on each provenance's releases (robot, synthetic, device,
    /// person), in the order of `matrices`.
    var byProvenance: [(provenance: String, matrices: [ConfusionMatrix])] = []
    let labelledReleases: Int
    let sweep: (policy: PolicySpec, parameter: String, rows: [(value: Double, agreement: Double)])?

    /// Failures first, then unchecked traces, then passes; each group in path order.
    var orderedTraces: [TraceEntry] {
        traces.filter { $0.passed == false } + traces.filter { $0.passed == nil } + traces.filter { $0.passed == true }
    }

    /// Samples per second of the plots, and their most points per trace.
    static let sampleRate = 60.0
    static let maximumSamples = 2000

    /// Replays every trace under `policy` (its own when nil).
    static func gather(paths: [String], policy: PolicySpec?, sweepAxis: SweepAxis?, title: String) throws -> ReportData {
        var traces: [TraceEntry] = []
        var releases: [LabelledRelease] = []
        for path in paths {
            let trace = try TraceLoading.load(path)
            var configuration = trace.header.configuration
            if let policy { configuration.policy = policy }
            let resolved: ResolvedConfiguration
            do { resolved = try configuration.resolve() } catch {
                throw InputError(description: "\(path): the trace's configuration: \(error.description)")
            }
            do { releases += try LabelledReleases.collect(trace, name: path) } catch {
                throw InputError(description: "\(path): the trace's configuration: \(error.description)")
            }
            let records = HeadlessReplay.run(trace.events, configuration: resolved)
            let start = trace.events.first?.timestamp ?? 0
            let end = max(ReplayTimeline.endTime(of: trace.events, records: records), start + 0.1)
            let count = min(max(Int(((end - start) * sampleRate).rounded(.up)) + 1, 2), maximumSamples)
            let snapshots = ReplayTimeline.snapshots(of: trace.events, configuration: resolved,
                                                     at: ReplayTimeline.evenlySpaced(from: start, to: end, count: count))
            var expected: [TransitionOutcome]?
            var basis = "none"
            if let intent = trace.header.expect?.intent, !intent.isEmpty {
                expected = intent.map(\.outcome)
                basis = "intent"
            } else if let outcomes = trace.header.expectedOutcomes(for: configuration.policy) {
                expected = outcomes
                basis = "outcomes"
            }
            traces.append(TraceEntry(path: path, notes: trace.header.notes, controllers: ControllerKind.title(configuration.controllers),
                                     policy: configuration.policy, records: records, expected: expected, basis: basis,
                                     samples: snapshots.map { ($0.time - start, $0.progress, $0.pendingMeasurement?.velocity) }, start: start))
        }
        var policies = PolicySpec.presets
        if let policy, !policies.contains(policy) { policies.insert(policy, at: 0) }
        let matrices = policies.map { ($0, LabelledReleases.matrix(releases, rule: $0.rule)) }
        var sweep: (PolicySpec, String, [(Double, Double)])?
        if let sweepAxis, let policy {
            let rows = SweepGrid.rows(policy: policy, axes: [sweepAxis], releases: releases)
            sweep = (policy, sweepAxis.name, rows.map { ($0.values[0], $0.matrix.agreement) })
        }
        var data = ReportData(title: title, traces: traces, matrices: matrices, labelledReleases: releases.count, sweep: sweep)
        data.byProvenance = LabelledCorpus.provenanceMatrices(releases, columns: LabelledCorpus.policyColumns(policies, releases: releases))
        return data
    }
}
