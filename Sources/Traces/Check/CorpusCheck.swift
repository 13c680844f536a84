import Dispatch
import Engine
import FoundationEssentials
import Glibc
import Interaction
import Synchronization

/// Checks many traces against their expected outcomes, one result per trace and policy,
/// optionally on several cores; results come back in the order of the paths.
public enum CorpusCheck {
    /// The result of checking one trace under one policy.
    public enum Result: Sendable {
        /// The trace was replayed and compared.
        case checked(path: String, check: TraceCheck)
        /// The trace has nothing to compare with under this policy (or at all).
        case noExpectations(path: String, detail: String)
        /// The trace or its configuration could not be used.
        case unreadable(path: String, detail: String)

        /// The trace's path.
        public var path: String {
            switch self {
            case .checked(let path, _), .noExpectations(let path, _), .unreadable(let path, _): return path
            }
        }
    }

    /// What a check compares the replay with.
    public enum Target: String, CaseIterable, Sendable {
        /// The outcomes the trace expects (`expect.outcomes`, `expect.policies`).
        case outcomes
        /// What the person meant (`expect.intent`): finish is expected to finish, cancel to cancel.
        case intent
    }

    /// Checks every trace at `paths`.
    /// - Parameters:
    ///   - overrides: what to change in each trace's configuration; with a policy, check only
    ///     under it, else under every policy the trace has expectations for.
    ///   - expected: outcomes to expect instead of the trace's own.
    ///   - against: the trace's expected outcomes, or its intent labels.
    ///   - jobs: how many traces to check at once (1 checks them one after another).
    public static func run(paths: [String], overrides: ConfigurationOverrides = ConfigurationOverrides(), expected: [TransitionOutcome]?,
                           against: Target = .outcomes, jobs: Int = 1) -> [Result] {
        let slots = ResultSlots(count: paths.count)
        let work: @Sendable (Int) -> Void = { index in
            slots.store(check(path: paths[index], overrides: overrides, expected: expected, against: against), at: index)
        }
        if jobs <= 1 {
            for index in paths.indices { work(index) }
        } else {
            let queue = DispatchQueue(label: "gesture-lab.check", attributes: .concurrent)
            let group = DispatchGroup()
            let limit = DispatchSemaphore(value: jobs)
            for index in paths.indices {
                limit.wait()
                queue.async(group: group) {
                    work(index)
                    limit.signal()
                }
            }
            group.wait()
        }
        return slots.results.flatMap { $0 }
    }

    /// The results for one trace: against its expected outcomes (per policy), or with
    /// `against: .intent` against its intent labels. The trace is streamed, once per policy, so
    /// a trace of any size is checked in bounded memory.
    public static func check(path: String, overrides: ConfigurationOverrides = ConfigurationOverrides(), expected: [TransitionOutcome]?,
                             against: Target = .outcomes) -> [Result] {
        let policy = overrides.policy
        let header: TraceHeader
        let warnings: [ValidationProblem]
        do {
            header = try TraceReader(path: path).header
            warnings = try TimingWarnings.scan(path: path)
        } catch {
            return [.unreadable(path: path, detail: error.description)]
        }
        if against == .intent && expected == nil {
            guard let intent = header.expect?.intent, !intent.isEmpty else {
                return [.noExpectations(path: path, detail: "the trace has no intent labels to check")]
            }
            let outcomes = intent.map(\.outcome)
            return [replay(path: path, header: header, policy: policy ?? header.configuration.policy, expected: outcomes, overrides: overrides,
                           warnings: warnings)]
        }
        let policies = policy.map { [$0] } ?? (expected != nil ? [header.configuration.policy] : header.policiesWithExpectations)
        if policies.isEmpty { return [.noExpectations(path: path, detail: "the trace has no expected outcomes to check")] }
        return policies.map { name in
            guard let outcomes = expected ?? header.expectedOutcomes(for: name) else {
                return .noExpectations(path: path, detail: "no expected outcomes under policy \(name)")
            }
            return replay(path: path, header: header, policy: name, expected: outcomes, overrides: overrides, warnings: warnings)
        }
    }

    /// Streams the trace at `path` through a replay under `policy` and compares with `expected`.
    private static func replay(path: String, header: TraceHeader, policy: PolicySpec, expected: [TransitionOutcome],
                               overrides: ConfigurationOverrides, warnings: [ValidationProblem]) -> Result {
        var configuration = overrides.applied(to: header.configuration)
        configuration.policy = policy
        let resolved: ResolvedConfiguration
        do { resolved = try configuration.resolve() } catch {
            return .unreadable(path: path, detail: "configuration: \(error)")
        }
        do {
            let records = try HeadlessReplay.run(TraceReader(path: path), configuration: resolved)
            return .checked(path: path, check: TraceCheck(policy: policy, expected: expected, records: records, timingWarnings: warnings))
        } catch {
            return .unreadable(path: path, detail: "\(error)")
        }
    }
}

/// One slot per trace, written from several threads, read once all are done.
private final class ResultSlots: Sendable {
    private let slots: Mutex<[[CorpusCheck.Result]]>

    init(count: Int) {
        slots = Mutex(Array(repeating: [], count: count))
    }

    func store(_ results: [CorpusCheck.Result], at index: Int) {
        slots.withLock { $0[index] = results }
    }

    var results: [[CorpusCheck.Result]] {
        slots.withLock { $0 }
    }
}
