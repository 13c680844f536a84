import Engine
import Interaction
import Output
import Traces

/// Everything one report shows, gathered once and written as HTML or Markdown.
package struct ReportData {
    /// One trace replayed under the report's policy.
    package struct TraceEntry {
        package let path: String
        package let notes: String?
        package let controllers: String
        package let policy: PolicySpec
        package let records: [TransitionRecord]
        /// What the replay is compared with, and where that came from (`intent` or `outcomes`).
        package let expected: [TransitionOutcome]?
        package let basis: String
        /// Samples for the plot: seconds since the first event, progress, velocity (pt/s) while interacting.
        package let samples: [(time: Double, progress: Double, velocity: Double?)]
        package let start: Double

        /// The outcomes the replay got, as the page lists them: "none" when nothing took hold.
        package var gotText: String { Self.listed(records.map(\.outcome)) }
        /// The expected outcomes as the page lists them.
        package var expectedText: String { Self.listed(expected ?? []) }

        package static func listed(_ outcomes: [TransitionOutcome]) -> String {
            outcomes.isEmpty ? "none" : outcomes.map(\.rawValue).joined(separator: ", ")
        }

        /// nil when there is nothing to compare with.
        package var passed: Bool? { expected.map { $0 == records.map(\.outcome) } }
    }

    package let title: String
    package let traces: [TraceEntry]
    package let matrices: [(policy: PolicySpec, matrix: ConfusionMatrix)]
    /// The same policies' matrices on each provenance's releases (robot, synthetic, device,
    /// person), in the order of `matrices`.
    package var byProvenance: [(provenance: String, matrices: [ConfusionMatrix])] = []
    package let labelledReleases: Int
    package let sweep: (policy: PolicySpec, parameter: String, rows: [(value: Double, agreement: Double)])?
    /// How the labelled releases were grouped ("3 groups by participant").
    package var grouping = ""
    /// The study section, when traces name participants.
    package var study: StudySection?

    /// Failures first, then unchecked traces, then passes; each group in path order.
    package var orderedTraces: [TraceEntry] {
        traces.filter { $0.passed == false } + traces.filter { $0.passed == nil } + traces.filter { $0.passed == true }
    }

    /// Samples per second of the plots, and their most points per trace.
    package static let sampleRate = 60.0
    package static let maximumSamples = 2000

    /// Replays every trace with `overrides` applied to its configuration (under its own policy
    /// when they name none).
    package static func gather(paths: [String], overrides: ConfigurationOverrides, sweepAxis: SweepAxis?, title: String) throws -> ReportData {
        let policy = overrides.policy
        var releaseOverrides = overrides
        releaseOverrides.policy = nil
        var traces: [TraceEntry] = []
        var releases: [LabelledRelease] = []
        for path in paths {
            let trace = try TraceLoading.load(path)
            let configuration = overrides.applied(to: trace.header.configuration)
            let resolved: ResolvedConfiguration
            do { resolved = try configuration.resolve() } catch {
                throw InputError(description: "\(path): the trace's configuration: \(error.description)")
            }
            do { releases += try LabelledReleases.collect(trace, name: path, overrides: releaseOverrides) } catch {
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
        data.grouping = ReleaseGroups.summary(releases)
        data.study = StudySection.make(releases)
        return data
    }
}
