import Engine
import Foundation
import Interaction
import Traces

/// Loads the labelled releases of every trace under some paths, with a progress bar.
enum LabelledCorpus {
    /// Every trace's releases paired with its intent labels; traces without intent labels
    /// are skipped (and counted).
    static func load(_ paths: [String]) throws -> (releases: [LabelledRelease], traces: Int, unlabelled: Int) {
        let files = try TraceInputs.expand(paths)
        let bar = ProgressBar(total: files.count, label: "replaying")
        var releases: [LabelledRelease] = []
        var unlabelled = 0
        for path in files {
            let trace = try TraceLoading.load(path)
            do {
                let labelled = try LabelledReleases.collect(trace, name: path)
                if labelled.isEmpty { unlabelled += 1 }
                releases += labelled
            } catch {
                throw InputError(description: "\(path): the trace's configuration: \(error.description)")
            }
            bar.advance()
        }
        guard !releases.isEmpty else { throw InputError(description: "no trace under \(paths.joined(separator: " ")) has intent labels") }
        return (releases, files.count, unlabelled)
    }

    /// Text blocks printed next to each other, with two spaces between columns.
    static func sideBySide(_ blocks: [[String]]) -> [String] {
        let widths = blocks.map { ($0.map(\.count).max() ?? 0) + 3 }
        let height = blocks.map(\.count).max() ?? 0
        return (0..<height).map { row in
            blocks.enumerated().map { index, block in
                let line = row < block.count ? block[row] : ""
                return line + String(repeating: " ", count: max(0, widths[index] - line.count))
            }.joined().trimmingCharacters(in: .whitespaces)
        }
    }

    /// The policies named by `--policy`, or every preset.
    static func policies(_ arguments: ParsedArguments, spec: CommandSpec) throws -> [ThresholdPolicy] {
        guard let name = arguments.value("--policy") else { return ThresholdPolicy.presets }
        return [try ConfigurationOptions.policy(named: name, spec: spec)]
    }
}

/// `gesture-lab agree PATH…`: how well each policy's decisions match what people meant.
struct AgreeCommand: Command {
    let spec = CommandSpec(
        name: "agree",
        summary: "Compare each policy's decisions with the traces' intent labels: confusion matrices and agreement rates.",
        usage: "agree PATH... [--policy NAME] [--json]",
        options: [
            OptionSpec(name: "--policy", valueName: "NAME", help: "Only this policy (default: every preset)."),
            OptionSpec(name: "--json", valueName: nil, help: "JSON instead of text."),
        ],
        positionals: 1...Int.max,
        inputPathsFrom: 0,
        details: "Example:\n  gesture-lab agree recordings/")

    func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let policies = try LabelledCorpus.policies(arguments, spec: spec)
        let corpus = try LabelledCorpus.load(arguments.positionals)
        let matrices = policies.map { LabelledReleases.matrix(corpus.releases, rule: $0.rule) }
        if arguments.flag("--json") {
            Console.out(JSONWriter.compact(.object(zip(policies, matrices).map { ($0.name, $1.json) })))
            return .success
        }
        Console.out("\(corpus.releases.count) labelled releases from \(corpus.traces - corpus.unlabelled) traces (\(corpus.unlabelled) without intent labels skipped)")
        Console.out("")
        let blocks = zip(policies, matrices).map { $1.lines(title: $0.name) }
        for start in stride(from: 0, to: blocks.count, by: 3) {
            for line in LabelledCorpus.sideBySide(Array(blocks[start..<min(start + 3, blocks.count)])) { Console.out(line) }
            Console.out("")
        }
        return .success
    }
}

/// `gesture-lab sweep PATH… --policy P --param NAME=FROM:TO:STEP`.
struct SweepCommand: Command {
    let spec = CommandSpec(
        name: "sweep",
        summary: "Agreement with the intent labels as one parameter of a policy varies (a table, and a chart with --plot).",
        usage: "sweep PATH... --policy NAME --param NAME=FROM:TO:STEP [--plot FILE.png]",
        options: [
            OptionSpec(name: "--policy", valueName: "NAME", help: "The policy whose parameter varies."),
            OptionSpec(name: "--param", valueName: "NAME=FROM:TO:STEP", help: "The parameter and its range (see the policy's parameters below)."),
            OptionSpec(name: "--plot", valueName: "FILE.png", help: "Also draw agreement against the parameter."),
            .force,
        ],
        positionals: 1...Int.max,
        inputPathsFrom: 0,
        details: """
        Parameters: vctransitions, mdtransitioning: threshold; swiftui-navigation: finish-velocity, position,
        cancel-velocity; flutter, compose: velocity, position; projected: deceleration, threshold, back-velocity.
        Example:
          gesture-lab sweep recordings/ --policy vctransitions --param threshold=0.1:0.9:0.05 --plot /tmp/sweep.png
        """)

    func run(_ arguments: ParsedArguments) throws -> ExitCode {
        guard arguments.value("--policy") != nil else { throw UsageError(message: "'sweep' needs --policy NAME", command: spec) }
        guard let policy = try LabelledCorpus.policies(arguments, spec: spec).first else { return .usage }
        guard let parameter = arguments.value("--param") else { throw UsageError(message: "'sweep' needs --param NAME=FROM:TO:STEP", command: spec) }
        let parts = parameter.split(separator: "=", maxSplits: 1).map(String.init)
        let bounds = parts.count == 2 ? parts[1].split(separator: ":").compactMap { Double($0) } : []
        guard parts.count == 2, bounds.count == 3, bounds.allSatisfy(\.isFinite), bounds[2] > 0, bounds[0] <= bounds[1],
              (bounds[1] - bounds[0]) / bounds[2] <= 10_000 else {
            throw UsageError(message: "option '--param' needs NAME=FROM:TO:STEP with FROM <= TO, STEP > 0 and at most 10000 steps, got '\(parameter)'", command: spec)
        }
        let name = parts[0]
        guard policy.rule.setting(name, to: bounds[0]) != nil else {
            throw UsageError(message: "policy \(policy.name) has no parameter '\(name)' (it has: \(policy.rule.parameters.map(\.name).joined(separator: ", ")))", command: spec)
        }
        let corpus = try LabelledCorpus.load(arguments.positionals)
        let steps = Int(((bounds[1] - bounds[0]) / bounds[2] + 1e-9).rounded(.down))
        var rows: [(value: Double, matrix: ConfusionMatrix)] = []
        for step in 0...steps {
            let value = bounds[0] + Double(step) * bounds[2]
            guard let rule = policy.rule.setting(name, to: value) else { continue }
            rows.append((value, LabelledReleases.matrix(corpus.releases, rule: rule)))
        }
        let current = policy.rule.parameters.first { $0.name == name }?.value
        Console.out("\(policy.name): agreement with \(corpus.releases.count) intent labels as \(name) varies (preset \(current.map { DecimalFormat.string($0, decimals: 4) } ?? "?"))")
        Console.out("  \(name.padding(toLength: 16, withPad: " ", startingAt: 0)) agreement   FF   FC   CF   CC")
        let best = rows.map(\.matrix.agreements).max() ?? 0
        for row in rows {
            let value = DecimalFormat.string(row.value, decimals: 4).padding(toLength: 16, withPad: " ", startingAt: 0)
            let rate = (DecimalFormat.fixedString(row.matrix.agreement * 100, decimals: 1) + "%").padding(toLength: 9, withPad: " ", startingAt: 0)
            let counts = [row.matrix.finishFinish, row.matrix.finishCancel, row.matrix.cancelFinish, row.matrix.cancelCancel]
                .map { String($0).leftPadded(4) }.joined(separator: " ")
            Console.out("  \(value) \(rate)  \(counts)\(row.matrix.agreements == best ? "  *" : "")")
        }
        if let plot = arguments.value("--plot") {
            try SweepPlot().write(rows: rows.map { ($0.value, $0.matrix.agreement) }, preset: current,
                                  title: "\(policy.name): agreement as \(name) varies (\(corpus.releases.count) labelled releases)",
                                  parameter: name, to: plot, force: arguments.flag("--force"))
            Console.out("wrote \(plot)")
        }
        return .success
    }
}

/// `gesture-lab tune PATH… [--folds K]`.
struct TuneCommand: Command {
    let spec = CommandSpec(
        name: "tune",
        summary: "Fit the position and velocity thresholds of a swiftui-navigation-shaped policy to the intent labels, with k-fold cross-validation.",
        usage: "tune PATH... [--folds K] [--json]",
        options: [
            OptionSpec(name: "--folds", valueName: "K", help: "Cross-validation folds (default 5)."),
            OptionSpec(name: "--json", valueName: nil, help: "JSON instead of text."),
        ],
        positionals: 1...Int.max,
        inputPathsFrom: 0,
        details: """
        The grid: position 0.05…0.95 by 0.05, finishing velocity 100…2000 pt/s by 50, cancelling velocity
        −1000…0 pt/s by 50; ties go to the values closest to swiftui-navigation's own (0.2, 675, −200).
        Example:
          gesture-lab tune recordings/ --folds 5
        """)

    func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let folds = try arguments.integer("--folds", in: 2...100, spec: spec) ?? 5
        let corpus = try LabelledCorpus.load(arguments.positionals)
        let tuner = ThresholdTuner()
        let fit = tuner.fit(corpus.releases)
        let crossValidated = tuner.crossValidate(corpus.releases, folds: folds)
        let presets = ThresholdPolicy.presets.map { ($0.name, LabelledReleases.matrix(corpus.releases, rule: $0.rule)) }
        if arguments.flag("--json") {
            Console.out(JSONWriter.compact(.object([
                ("fitted", .object(fit.rule.parameters.map { ($0.name, JSONValue.number($0.value)) })),
                ("fitted_matrix", fit.matrix.json), ("cross_validated", crossValidated.json), ("folds", .number(Double(folds))),
                ("presets", .object(presets.map { ($0.0, $0.1.json) })),
            ])))
            return .success
        }
        Console.out("\(corpus.releases.count) labelled releases from \(corpus.traces - corpus.unlabelled) traces")
        Console.out("fitted (swiftui-navigation shape): " + fit.rule.parameters.map { "\($0.name) \(DecimalFormat.string($0.value, decimals: 4))" }.joined(separator: ", "))
        Console.out("  agreement on all traces: \(DecimalFormat.fixedString(fit.matrix.agreement * 100, decimals: 1))%; \(folds)-fold cross-validated: \(DecimalFormat.fixedString(crossValidated.agreement * 100, decimals: 1))% (\(crossValidated.agreements)/\(crossValidated.total))")
        Console.out("")
        Console.out("agreement on the same traces:")
        for (name, matrix) in presets.sorted(by: { $0.1.agreements > $1.1.agreements }) {
            Console.out("  \(name.padding(toLength: 26, withPad: " ", startingAt: 0)) \(DecimalFormat.fixedString(matrix.agreement * 100, decimals: 1))%")
        }
        Console.out("  \("tuned (cross-validated)".padding(toLength: 26, withPad: " ", startingAt: 0)) \(DecimalFormat.fixedString(crossValidated.agreement * 100, decimals: 1))%")
        Console.out("")
        let blocks = [fit.matrix.lines(title: "tuned (fitted on all)"), crossValidated.lines(title: "tuned (\(folds)-fold held out)")]
            + presets.map { $1.lines(title: $0) }
        for start in stride(from: 0, to: blocks.count, by: 4) {
            for line in LabelledCorpus.sideBySide(Array(blocks[start..<min(start + 4, blocks.count)])) { Console.out(line) }
            Console.out("")
        }
        return .success
    }
}

extension String {
    /// The string padded with spaces on the left to `width` characters.
    func leftPadded(_ width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}
