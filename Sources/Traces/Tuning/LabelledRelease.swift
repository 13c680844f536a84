import Interaction

/// One release with what the person meant by it: the unit of agreement, sweeps and tuning.
public struct LabelledRelease: Hashable, Sendable {
    /// The trace it came from.
    public var trace: String
    /// Who or what the release is grouped by: cross-validation keeps a group on one side. The
    /// study's participant, else the header's `group`, else the trace's folder (``groupBasis``).
    public var group: String
    /// What ``group`` is.
    public var groupBasis: ReleaseGroups.Basis
    /// The study task the trace was taken for, if any.
    public var task: String?
    /// What the policy saw at release; nil when the gesture never took hold of a transition
    /// (which counts as a cancel).
    public var measurement: ReleaseMeasurement?
    /// True when a pointer cancel, not a policy, decided it (every policy then cancels).
    public var pointerCancelled: Bool
    /// What the person meant.
    public var intent: ReleaseDecision.Verdict
    /// Where the trace's events came from (``TraceHeader/provenanceLabel``): a robot's or a
    /// synthetic intent is its plan's, not a person's, so results are shown apart.
    public var provenance: String

    /// A labelled release.
    public init(trace: String, group: String? = nil, groupBasis: ReleaseGroups.Basis = .group, task: String? = nil, measurement: ReleaseMeasurement?,
                pointerCancelled: Bool, intent: ReleaseDecision.Verdict, provenance: String = TraceProvenance.unstatedLabel) {
        self.trace = trace
        self.group = group ?? trace
        self.groupBasis = groupBasis
        self.task = task
        self.measurement = measurement
        self.pointerCancelled = pointerCancelled
        self.intent = intent
        self.provenance = provenance
    }

    /// What `rule` decides for this release.
    public func decision(under rule: ThresholdRule) -> ReleaseDecision.Verdict {
        Self.decision(measurement: measurement, pointerCancelled: pointerCancelled, under: rule)
    }

    /// What `rule` decides for a release measured as `measurement` (nil: it never took hold),
    /// `pointerCancelled` when a pointer cancel ended it: such releases cancel under every rule.
    @inline(__always)
    static func decision(measurement: ReleaseMeasurement?, pointerCancelled: Bool, under rule: ThresholdRule) -> ReleaseDecision.Verdict {
        guard let measurement, !pointerCancelled else { return .cancel }
        return rule.verdict(measurement)
    }
}

/// The labelled releases of traces: each trace is replayed under its own configuration and its
/// releases are paired with its intent labels, in order.
public enum LabelledReleases {
    /// Pairs every intent label of `trace` (named `name`, a path) with its release. An intent
    /// with no transition to match counts as a release that never took hold. The group is the
    /// study's participant, else the header's `group`, else the folder in `name`. `overrides`
    /// change its configuration (resampling, prediction, tunables…).
    public static func collect(_ trace: Trace, name: String, overrides: ConfigurationOverrides = ConfigurationOverrides()) throws(ConfigurationError) -> [LabelledRelease] {
        guard let intents = trace.header.expect?.intent, !intents.isEmpty else { return [] }
        let records = HeadlessReplay.run(trace.events, configuration: try overrides.applied(to: trace.header.configuration).resolve())
        return pair(intents, with: records, header: trace.header, name: name)
    }

    /// As ``collect(_:name:overrides:)`` for the trace in `reader`, streamed: a trace without
    /// intent labels is skipped after its header, and one with them is replayed in bounded
    /// memory, whatever its size.
    public static func collect(_ reader: TraceReader, overrides: ConfigurationOverrides = ConfigurationOverrides()) throws(LabelledTraceError) -> [LabelledRelease] {
        guard let intents = reader.header.expect?.intent, !intents.isEmpty else { return [] }
        let configuration: ResolvedConfiguration
        do { configuration = try overrides.applied(to: reader.header.configuration).resolve() } catch { throw .configuration(error) }
        let records: [TransitionRecord]
        do { records = try HeadlessReplay.run(reader, configuration: configuration) } catch { throw .trace(error) }
        return pair(intents, with: records, header: reader.header, name: reader.file)
    }

    private static func pair(_ intents: [ReleaseDecision.Verdict], with records: [TransitionRecord], header: TraceHeader, name: String) -> [LabelledRelease] {
        let (group, basis) = ReleaseGroups.group(of: header, path: name)
        let provenance = header.provenanceLabel
        let task = header.study?.task
        return intents.enumerated().map { index, verdict in
            guard index < records.count else {
                return LabelledRelease(trace: name, group: group, groupBasis: basis, task: task, measurement: nil, pointerCancelled: false, intent: verdict,
                                       provenance: provenance)
            }
            return LabelledRelease(trace: name, group: group, groupBasis: basis, task: task, measurement: records[index].measurement,
                                   pointerCancelled: records[index].pointerCancelled, intent: verdict, provenance: provenance)
        }
    }

    /// The confusion matrix of `rule` on `releases`.
    public static func matrix(_ releases: [LabelledRelease], rule: ThresholdRule) -> ConfusionMatrix {
        var matrix = ConfusionMatrix()
        for release in releases { matrix.add(intent: release.intent, decision: release.decision(under: rule)) }
        return matrix
    }

    /// The provenances of `releases`, each once, in ``TraceProvenance/Kind`` order (robot,
    /// synthetic, device, person), anything else after by name.
    public static func provenances(_ releases: [LabelledRelease]) -> [String] {
        let order = TraceProvenance.Kind.allCases.map(\.rawValue)
        return Set(releases.map(\.provenance)).sorted { lhs, rhs in
            let left = order.firstIndex(of: lhs) ?? order.count, right = order.firstIndex(of: rhs) ?? order.count
            return left != right ? left < right : lhs < rhs
        }
    }
}

/// Why a trace's labelled releases could not be collected.
public enum LabelledTraceError: Error {
    /// The trace's configuration does not resolve.
    case configuration(ConfigurationError)
    /// The trace cannot be read.
    case trace(TraceError)
}
