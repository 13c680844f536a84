import Engine
import Foundation
import Interaction
import Traces

/// `gesture-lab check PATH…`: replays each trace headless and compares its outcomes with the
/// ones it expects. Exit 0 only when all match.
struct CheckCommand: Command {
    let spec = CommandSpec(
        name: "check",
        summary: "Replay traces headless and compare their outcomes with the expected ones (or with the intent labels).",
        usage: "check PATH... [--policy SPEC] [--against outcomes|intent] [--expect OUTCOMES] [--resample MODE] [--predict NAME [--predict-horizon MS]] [--failures-only] [--json]",
        options: ConfigurationOptions.policySpecs + [
            OptionSpec(name: "--against", valueName: "outcomes|intent", help: "Compare with the expected outcomes (default) or with what the person meant."),
            OptionSpec(name: "--expect", valueName: "OUTCOMES", help: "Expected outcomes, comma-separated (finished,cancelled), instead of the trace's own."),
            OptionSpec(name: "--failures-only", valueName: nil, help: "Print only the traces that fail (and the summary)."),
            OptionSpec(name: "--json", valueName: nil, help: "One JSON object per line instead of text."),
            OptionSpec(name: "--jobs", valueName: "N", help: "Check N traces at once (default 1); output keeps the order of the traces."),
        ] + ConfigurationOptions.inputSpecs,
        positionals: 1...Int.max,
        inputPathsFrom: 0,
        details: """
        Folders are searched for .json traces; a path holding none is a usage error. Without --policy
        each trace is checked under every policy it has expectations for (--against intent: its own;
        traces without intent labels are skipped, and nothing checked at all is a failure).
        Exit codes: 0 all match, 1 a mismatch, 2 bad usage, 3 a trace could not be read.
        Examples:
          gesture-lab check recordings/
          gesture-lab check recordings/swipe --policy flutter
          gesture-lab check recordings/ --against intent --policy 'position:threshold=0.35' --failures-only
        """)

    /// The header line explaining the margins' sign.
    static let marginExplanation = "margin: how much the progress (Δp) or the velocity (Δv) at release would have to change to flip the decision; negative for a finish (it would have to drop), positive for a cancel (it would have to rise); none: no change would"

    func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let policy = try ConfigurationOptions.policy(arguments, spec: spec)
        let against = CorpusCheck.Target(rawValue: try arguments.choice("--against", CorpusCheck.Target.allCases.map(\.rawValue), spec: spec) ?? "outcomes") ?? .outcomes
        let override: [TransitionOutcome]? = try arguments.choiceList("--expect", spec: spec)
        let paths = try TraceInputs.expand(arguments.positionals)
        let json = arguments.flag("--json")
        let failuresOnly = arguments.flag("--failures-only")
        let jobs = try arguments.integer("--jobs", in: 1...256, spec: spec) ?? 1
        let overrides = try ConfigurationOptions.inputOverrides(arguments, spec: spec)
        var summary = CheckSummary()
        if !json { Console.out(Self.marginExplanation) }
        for result in CorpusCheck.run(paths: paths, policy: policy, expected: override, against: against, jobs: jobs, overrides: overrides) {
            switch result {
            case .unreadable(let path, let detail):
                summary.unreadable += 1
                report(path: path, status: "ERROR", detail: detail, json: json)
            case .noExpectations(let path, let detail) where against == .intent:
                // Against intent, a trace without intent labels (a tap, a gesture that should
                // not take hold) has nothing to say; it is listed, not failed.
                summary.skipped += 1
                if !failuresOnly { report(path: path, status: "SKIP", detail: detail, json: json) }
            case .noExpectations(let path, let detail):
                summary.add(policy: nil, passed: false)
                report(path: path, status: "FAIL", detail: detail, json: json)
            case .checked(let path, let check):
                summary.add(policy: check.policy, passed: check.passed)
                if failuresOnly && check.passed { continue }
                let margins = check.records.map { record -> DecisionMargin? in
                    record.pointerCancelled ? nil : DecisionMargin(rule: check.policy.rule, release: record.measurement)
                }
                if json {
                    Console.out(JSONWriter.compact(.object([
                        ("trace", .string(path)), ("policy", .string(check.policy.canonical)), ("passed", .bool(check.passed)),
                        ("expected", .array(check.expected.map { .string($0.rawValue) })), ("got", .array(check.got.map { .string($0.rawValue) })),
                        ("transitions", .array(check.records.map(ReplayReport.json))),
                        ("margins", .array(margins.map { margin in
                            margin.map { .object([("progress", $0.progress.map { .number(ReplayReport.rounded($0, 6)) } ?? .null),
                                                  ("velocity", $0.velocity.map { .number(ReplayReport.rounded($0, 1)) } ?? .null)]) } ?? .null
                        })),
                    ])))
                } else {
                    let details = zip(check.records, margins).map { record, margin in
                        record.reason + (margin.map { "; margin \($0.text)" } ?? "")
                    }.joined(separator: " | ")
                    Console.out("\(check.passed ? "PASS" : "FAIL")  \(path)  [\(check.policy.canonical)]  expected \(list(check.expected))  got \(list(check.got))\(details.isEmpty ? "" : "  (\(details))")")
                }
            }
        }
        if !json {
            for line in summary.lines { Console.out(line) }
        }
        if summary.unreadable > 0 { return .badInput }
        if summary.passed + summary.failed == 0 {
            Console.error("nothing was checked: no trace under \(arguments.positionals.joined(separator: " ")) has \(against == .intent ? "intent labels" : "expectations")")
            return .failure
        }
        return summary.failed > 0 ? .failure : .success
    }

    private func list(_ outcomes: [TransitionOutcome]) -> String {
        outcomes.isEmpty ? "(none)" : outcomes.map(\.rawValue).joined(separator: ",")
    }

    private func report(path: String, status: String, detail: String, json: Bool) {
        if json {
            Console.out(JSONWriter.compact(.object([("trace", .string(path)), ("status", .string(status)), ("error", .string(detail))])))
        } else {
            Console.out("\(status)  \(path)  \(detail)")
        }
    }
}

/// Passes and failures, overall and per policy, in the order the policies were first met.
struct CheckSummary {
    private(set) var passed = 0
    private(set) var failed = 0
    var unreadable = 0
    var skipped = 0
    private var byPolicy: [(policy: PolicySpec, passed: Int, failed: Int)] = []

    mutating func add(policy: PolicySpec?, passed didPass: Bool) {
        if didPass { passed += 1 } else { failed += 1 }
        guard let policy else { return }
        let index = byPolicy.firstIndex { $0.policy == policy } ?? {
            byPolicy.append((policy, 0, 0))
            return byPolicy.count - 1
        }()
        if didPass { byPolicy[index].passed += 1 } else { byPolicy[index].failed += 1 }
    }

    /// One line per policy, then the totals.
    var lines: [String] {
        byPolicy.map { "  \($0.policy.canonical): \($0.passed) passed, \($0.failed) failed" }
            + ["\(passed) passed, \(failed) failed\(skipped > 0 ? ", \(skipped) skipped (no intent labels)" : "")\(unreadable > 0 ? ", \(unreadable) unreadable" : "")"]
    }
}
