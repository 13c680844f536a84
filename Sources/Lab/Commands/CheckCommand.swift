import Engine
import FoundationEssentials
import Glibc
import Interaction
import Output
import Traces

/// `gesture-lab check PATH…`: replays each trace headless and compares its outcomes with the
/// ones it expects. Exit 0 only when all match.
package struct CheckCommand: Command {
    /// The command.
    package init() {}

    /// How the results are written.
    enum Format: String, CaseIterable {
        /// A line per trace and policy, then the summary.
        case text
        /// A JSON object per line.
        case json
        /// JUnit XML.
        case junit
        /// TAP 14.
        case tap
    }

    /// Its options besides the configuration's.
    private enum Option {
        static let against = OptionSpec(name: "--against", valueName: "outcomes|intent", help: "Compare with the expected outcomes (default) or with what the person meant.",
                                        value: .choice(of: CorpusCheck.Target.self))
        static let expect = OptionSpec(name: "--expect", valueName: "OUTCOMES", help: "Expected outcomes, comma-separated (finished,cancelled), instead of the trace's own.")
        static let failuresOnly = OptionSpec.flag("--failures-only", help: "Print only the traces that fail (and the summary).")
        static let json = OptionSpec.flag("--json", help: "One JSON object per line instead of text (the same as --format json).")
        static let format = OptionSpec.choice("--format", of: Format.self,
                                              help: "text (default), JSON lines, JUnit XML or TAP 14: a test case per trace and policy, a failure's message what was expected and what came.")
        static let out = OptionSpec.path("--out", "FILE", help: "With --format junit or tap: write the report to FILE (which must not exist) and print the text results as well.")
        static let jobs = OptionSpec(name: "--jobs", valueName: "N", help: "Check N traces at once (default: the number of cores); output keeps the order of the traces.",
                                     value: .wholeNumber(1...256))
    }

    package let spec = CommandSpec(
        name: "check",
        summary: "Replay traces headless and compare their outcomes with the expected ones (or with the intent labels).",
        arguments: "PATH...",
        options: [Option.against, Option.expect, Option.failuresOnly, Option.json, Option.format, Option.out, .force, Option.jobs] + ConfigurationOptions.specs,
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
          gesture-lab check recordings/ --format junit --out /tmp/gesture-lab-junit.xml
        """)

    /// The header line explaining the margins' sign.
    package static let marginExplanation = "margin: how much the progress (Δp) or the velocity (Δv) at release would have to change to flip the decision; negative for a finish (it would have to drop), positive for a cancel (it would have to rise); none: no change would"

    package func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> ExitCode {
        let overrides = try ConfigurationOptions.overrides(arguments)
        let against = arguments.choice(Option.against) ?? CorpusCheck.Target.outcomes
        let override: [TransitionOutcome]? = try arguments.choiceList(Option.expect)
        let paths = try TraceInputs.expand(arguments.positionals)
        let format = arguments.choice(Option.format) ?? (arguments.flag(Option.json) ? Format.json : .text)
        if arguments.flag(Option.json) && format != .json {
            throw UsageError(message: "give --json or --format \(format.rawValue), not both", command: spec)
        }
        let reportFile = arguments.value(Option.out)
        if reportFile != nil && ![.junit, .tap].contains(format) {
            throw UsageError(message: "option '--out' goes with --format junit or tap", command: spec)
        }
        // JUnit or TAP on standard output takes it whole; written to a file, the text goes there.
        let json = format == .json
        let quiet = [.junit, .tap].contains(format) && reportFile == nil
        var report = CheckReport()
        let failuresOnly = arguments.flag(Option.failuresOnly)
        let jobs = arguments.wholeNumber(Option.jobs) ?? max(1, ProcessInfo.processInfo.activeProcessorCount)
        var summary = CheckSummary()
        var warnedPaths: Set<String> = []
        if !json && !quiet { Console.out(Self.marginExplanation) }
        for result in CorpusCheck.run(paths: paths, overrides: overrides, expected: override, against: against, jobs: jobs) {
            switch result {
            case .unreadable(let path, let detail):
                summary.unreadable += 1
                report.cases.append(.init(path: path, policy: nil, status: .error, message: detail, detail: ""))
                if !quiet { self.report(path: path, status: "ERROR", detail: detail, json: json) }
            case .noExpectations(let path, let detail) where against == .intent:
                // Against intent, a trace without intent labels (a tap, a gesture that should
                // not take hold) has nothing to say; it is listed, not failed.
                summary.skipped += 1
                report.cases.append(.init(path: path, policy: nil, status: .skipped, message: detail, detail: ""))
                if !failuresOnly && !quiet { self.report(path: path, status: "SKIP", detail: detail, json: json) }
            case .noExpectations(let path, let detail):
                summary.add(policy: nil, passed: false)
                report.cases.append(.init(path: path, policy: nil, status: .failed, message: detail, detail: ""))
                if !quiet { self.report(path: path, status: "FAIL", detail: detail, json: json) }
            case .checked(let path, let check):
                summary.add(policy: check.policy, passed: check.passed)
                let margins = check.records.map { record -> DecisionMargin? in
                    record.pointerCancelled ? nil : DecisionMargin(rule: check.policy.rule, release: record.measurement)
                }
                let reasons = zip(check.records, margins).map { record, margin in
                    record.reason + (margin.map { "; margin \($0.text)" } ?? "")
                }
                report.cases.append(.init(path: path, policy: check.policy.canonical, status: check.passed ? .passed : .failed,
                                          message: "expected \(list(check.expected)), got \(list(check.got))",
                                          detail: (reasons + check.timingWarnings.map { "timing warning: \($0)" }).joined(separator: "\n")))
                let firstWarning = check.timingWarnings.first.flatMap { warnedPaths.insert(path).inserted ? $0 : nil }
                if quiet { continue }
                if let firstWarning, !json {
                    let count = check.timingWarnings.count
                    Console.out("WARN  \(path)  \(count == 1 ? "" : "\(count) timing warnings, the first: ")\(firstWarning) (gesture-lab trace validate lists them): its speeds, and what was decided from them, cannot be trusted")
                }
                if failuresOnly && check.passed { continue }
                if json {
                    Console.json(JSONWriter.compact(.object([
                        ("trace", .string(path)), ("policy", .string(check.policy.canonical)), ("passed", .bool(check.passed)),
                        ("expected", .array(check.expected.map { .string($0.rawValue) })), ("got", .array(check.got.map { .string($0.rawValue) })),
                        ("transitions", .array(check.records.map(ReplayReport.json))),
                        ("timing_warnings", .array(check.timingWarnings.map { .string($0.description) })),
                        ("margins", .array(margins.map { margin in
                            margin.map { .object([("progress", $0.progress.map { .number(ReplayReport.rounded($0, 6)) } ?? .null),
                                                  ("velocity", $0.velocity.map { .number(ReplayReport.rounded($0, 1)) } ?? .null)]) } ?? .null
                        })),
                    ])))
                } else {
                    let details = reasons.joined(separator: " | ")
                    Console.out("\(check.passed ? "PASS" : "FAIL")  \(path)  [\(check.policy.canonical)]  expected \(list(check.expected))  got \(list(check.got))\(details.isEmpty ? "" : "  (\(details))")")
                }
            }
        }
        summary.tracesWithTimingWarnings = warnedPaths.count
        let reportText: String? = switch format {
        case .junit: report.junit
        case .tap: report.tap
        case .text, .json: nil
        }
        if quiet, let reportText {
            Console.write(reportText)
        } else if let reportFile, let reportText {
            try OutputFile.write(Array(reportText.utf8), to: reportFile, force: arguments.flag(.force))
        }
        if !json && !quiet {
            for line in summary.lines { Console.out(line) }
            if let reportFile { Console.out("wrote \(reportFile) (\(format == .junit ? "JUnit XML" : "TAP 14"), \(report.cases.count) test cases)") }
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
            Console.json(JSONWriter.compact(.object([("trace", .string(path)), ("status", .string(status)), ("error", .string(detail))])))
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
    /// Traces whose times no hand or clock could make (``TimingWarnings``).
    var tracesWithTimingWarnings = 0
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
            + (tracesWithTimingWarnings > 0 ? ["\(tracesWithTimingWarnings) traces carry timing warnings (WARN above)"] : [])
            + ["\(passed) passed, \(failed) failed\(skipped > 0 ? ", \(skipped) skipped (no intent labels)" : "")\(unreadable > 0 ? ", \(unreadable) unreadable" : "")"]
    }
}
