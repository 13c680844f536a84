import Engine
import Foundation
import Interaction
import Traces

/// `gesture-lab check PATH…`: replays each trace headless and compares its outcomes with the
/// ones it expects. Exit 0 only when all match.
struct CheckCommand: Command {
    let spec = CommandSpec(
        name: "check",
        summary: "Replay traces headless and compare their outcomes with the expected ones.",
        usage: "check PATH... [--policy NAME] [--expect OUTCOMES] [--json]",
        options: [
            OptionSpec(name: "--policy", valueName: "NAME", help: "Check only under this policy (default: every policy the trace has expectations for)."),
            OptionSpec(name: "--expect", valueName: "OUTCOMES", help: "Expected outcomes, comma-separated (finished,cancelled), instead of the trace's own."),
            OptionSpec(name: "--json", valueName: nil, help: "One JSON object per line instead of text."),
            OptionSpec(name: "--jobs", valueName: "N", help: "Check N traces at once (default 1); output keeps the order of the traces."),
        ],
        positionals: 1...Int.max,
        inputPathsFrom: 0,
        details: """
        Folders are searched for .json traces. Exit codes: 0 all match, 1 a mismatch,
        2 bad usage, 3 a trace could not be read.
        Examples:
          gesture-lab check recordings/
          gesture-lab check recordings/swipe --policy flutter
        """)

    func run(_ arguments: ParsedArguments) throws -> ExitCode {
        if let policy = arguments.value("--policy") { _ = try ConfigurationOptions.policy(named: policy, spec: spec) }
        var override: [String]?
        if let text = arguments.value("--expect") {
            let outcomes = text.split(separator: ",").map { String($0) }
            guard outcomes.allSatisfy({ $0 == "finished" || $0 == "cancelled" }) else {
                throw UsageError(message: "option '--expect' takes finished/cancelled separated by commas, got '\(text)'", command: spec)
            }
            override = outcomes
        }
        let paths = try TraceInputs.expand(arguments.positionals)
        let json = arguments.flag("--json")
        let jobs = try arguments.integer("--jobs", in: 1...256, spec: spec) ?? 1
        var passed = 0
        var failed = 0
        var unreadable = 0
        for result in CorpusCheck.run(paths: paths, policy: arguments.value("--policy"), expected: override, jobs: jobs) {
            switch result {
            case .unreadable(let path, let detail):
                unreadable += 1
                report(path: path, status: "ERROR", detail: detail, json: json)
            case .noExpectations(let path, let detail):
                failed += 1
                report(path: path, status: "FAIL", detail: detail, json: json)
            case .checked(let path, let check):
                if check.passed { passed += 1 } else { failed += 1 }
                let margins = check.records.map { record -> DecisionMargin? in
                    guard !record.pointerCancelled, let policy = ThresholdPolicy.named(record.policy) else { return nil }
                    return DecisionMargin(rule: policy.rule, release: record.measurement)
                }
                if json {
                    Console.out(JSONWriter.compact(.object([
                        ("trace", .string(path)), ("policy", .string(check.policy)), ("passed", .bool(check.passed)),
                        ("expected", .array(check.expected.map(JSONValue.string))), ("got", .array(check.got.map(JSONValue.string))),
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
                    Console.out("\(check.passed ? "PASS" : "FAIL")  \(path)  [\(check.policy)]  expected \(list(check.expected))  got \(list(check.got))\(details.isEmpty ? "" : "  (\(details))")")
                }
            }
        }
        if !json {
            Console.out("\(passed) passed, \(failed) failed\(unreadable > 0 ? ", \(unreadable) unreadable" : "")")
        }
        if unreadable > 0 { return .badInput }
        return failed > 0 ? .failure : .success
    }

    private func list(_ outcomes: [String]) -> String {
        outcomes.isEmpty ? "(none)" : outcomes.joined(separator: ",")
    }

    private func report(path: String, status: String, detail: String, json: Bool) {
        if json {
            Console.out(JSONWriter.compact(.object([("trace", .string(path)), ("status", .string(status)), ("error", .string(detail))])))
        } else {
            Console.out("\(status)  \(path)  \(detail)")
        }
    }
}
