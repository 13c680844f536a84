import Engine
import FoundationEssentials
import Glibc
import Interaction
import Output
import Traces

/// Loads the labelled releases of every trace under some paths, with a progress bar.
package enum LabelledCorpus {
    /// Every trace's releases paired with its intent labels; traces without intent labels
    /// are skipped (and counted).
    package static func load(_ paths: [String], overrides: InputOverrides = InputOverrides()) throws -> (releases: [LabelledRelease], traces: Int, unlabelled: Int) {
        let files = try TraceInputs.expand(paths)
        let bar = ProgressBar(total: files.count, label: "replaying")
        var releases: [LabelledRelease] = []
        var unlabelled = 0
        for path in files {
            // Streamed: a trace without labels is skipped after its header, one with them is
            // replayed in bounded memory.
            let reader: TraceReader
            do { reader = try TraceReader(path: path) } catch { throw InputError(description: error.description) }
            do {
                let labelled = try LabelledReleases.collect(reader, overrides: overrides)
                if labelled.isEmpty { unlabelled += 1 }
                releases += labelled
            } catch {
                switch error {
                case .configuration(let problem): throw InputError(description: "\(path): the trace's configuration: \(problem.description)")
                case .trace(let problem): throw InputError(description: problem.description)
                }
            }
            if reader.wasCutShort { TraceLoading.warnCutShort(path, eventCount: reader.eventCount) }
            bar.advance()
        }
        guard !releases.isEmpty else { throw InputError(description: "no trace under \(paths.joined(separator: " ")) has intent labels") }
        return (releases, files.count, unlabelled)
    }

    /// Text blocks printed next to each other, with two spaces between columns.
    package static func sideBySide(_ blocks: [[String]]) -> [String] {
        let widths = blocks.map { ($0.map(\.count).max() ?? 0) + 3 }
        let height = blocks.map(\.count).max() ?? 0
        return (0..<height).map { row in
            String(blocks.enumerated().map { index, block in
                let line = row < block.count ? block[row] : ""
                return line + String(repeating: " ", count: max(0, widths[index] - line.count))
            }.joined().trimmingSpacesAndTabs())
        }
    }

    /// A column of the provenance and group tables: its title and its decision for the release
    /// at an index of the corpus's releases.
    package typealias ProvenanceColumn = (title: String, decision: (Int) -> ReleaseDecision.Verdict)

    /// A way to split releases: what each is filed under, and the order of the parts.
    package struct Split {
        /// The table's heading.
        let heading: String
        /// What a release is filed under.
        let key: (LabelledRelease) -> String
        /// The parts in order.
        let parts: [String]

        /// By provenance, in ``LabelledReleases/provenances(_:)`` order: robot and synthetic
        /// intent is a plan's, not a person's, and must not be read as one.
        package static func provenance(_ releases: [LabelledRelease]) -> Split {
            Split(heading: "agreement by provenance, releases in brackets (a robot's or a model's intent is its plan's, not a person's):",
                  key: \.provenance, parts: LabelledReleases.provenances(releases))
        }

        /// By group (participant, else header group, else folder), in order of the groups' keys.
        package static func group(_ releases: [LabelledRelease]) -> Split {
            let title = ReleaseGroups.title(releases)
            return Split(heading: "agreement by \(title), releases in brackets:", key: \.groupKey, parts: ReleaseGroups.keys(releases))
        }

        /// By study task, in name order (releases without one under "no task").
        package static func task(_ releases: [LabelledRelease]) -> Split {
            Split(heading: "agreement by task, releases in brackets:", key: { $0.task ?? "no task" },
                  parts: Array(Set(releases.map { $0.task ?? "no task" })).sorted())
        }

        /// A part's name as shown: a group's name without its basis.
        static func shown(_ part: String) -> String {
            guard let colon = part.firstIndex(of: ":"), ReleaseGroups.Basis(rawValue: String(part[..<colon])) != nil else { return part }
            return String(part[part.index(after: colon)...])
        }
    }

    /// Each column's confusion matrix on each part's releases, in the split's order.
    package static func matrices(_ releases: [LabelledRelease], split: Split, columns: [ProvenanceColumn]) -> [(part: String, matrices: [ConfusionMatrix])] {
        var indicesOf: [String: [Int]] = [:]
        for index in releases.indices { indicesOf[split.key(releases[index]), default: []].append(index) }
        return split.parts.map { part in
            let indices = indicesOf[part] ?? []
            return (Split.shown(part), columns.map { column in
                var matrix = ConfusionMatrix()
                for index in indices { matrix.add(intent: releases[index].intent, decision: column.decision(index)) }
                return matrix
            })
        }
    }

    /// Each column's confusion matrix on each provenance's releases.
    package static func provenanceMatrices(_ releases: [LabelledRelease], columns: [ProvenanceColumn]) -> [(provenance: String, matrices: [ConfusionMatrix])] {
        matrices(releases, split: .provenance(releases), columns: columns).map { ($0.part, $0.matrices) }
    }

    /// A split as text, a row per column (policy) and a column per part.
    package static func lines(_ releases: [LabelledRelease], split: Split, columns: [ProvenanceColumn]) -> [String] {
        let groups = matrices(releases, split: split, columns: columns)
        let titles = groups.map { "\($0.part) (\($0.matrices.first?.total ?? 0))" }
        let firstWidth = (columns.map(\.title.count).max() ?? 0) + 2
        let widths = titles.map { max($0.count, 14) + 2 }
        func row(_ first: String, _ cells: [String]) -> String {
            var line = "  " + first.padded(toLength: firstWidth)
            for (cell, width) in zip(cells, widths) { line += cell.padded(toLength: width) }
            while line.last == " " { line.removeLast() }
            return line
        }
        var lines = [split.heading, row("", titles.map { Escaped.text($0, limit: 200) })]
        for (index, column) in columns.enumerated() {
            lines.append(row(column.title, groups.map { ReportWriter.shortAgreement($0.matrices[index]) }))
        }
        return lines
    }

    /// The provenance table as text.
    package static func provenanceLines(_ releases: [LabelledRelease], columns: [ProvenanceColumn]) -> [String] {
        lines(releases, split: .provenance(releases), columns: columns)
    }

    /// A split as JSON: part → column title → matrix.
    package static func json(_ releases: [LabelledRelease], split: Split, columns: [ProvenanceColumn]) -> JSONValue {
        .object(matrices(releases, split: split, columns: columns).map { entry in
            (entry.part, .object(zip(columns, entry.matrices).map { ($0.title, $1.json) }))
        })
    }

    /// The provenance table as JSON: provenance → column title → matrix.
    package static func provenanceJSON(_ releases: [LabelledRelease], columns: [ProvenanceColumn]) -> JSONValue {
        json(releases, split: .provenance(releases), columns: columns)
    }

    /// A column for each of `policies`.
    package static func policyColumns(_ policies: [PolicySpec], releases: [LabelledRelease]) -> [ProvenanceColumn] {
        policies.map { policy in (policy.canonical, { releases[$0].decision(under: policy.rule) }) }
    }

    /// The policy `--policy` gives, or every preset.
    package static func policies(_ arguments: ParsedArguments, spec: CommandSpec) throws -> [PolicySpec] {
        guard let policy = try ConfigurationOptions.policy(arguments, spec: spec) else { return PolicySpec.presets }
        return [policy]
    }
}

/// `gesture-lab agree PATH…`: how well each policy's decisions match what people meant.
package struct AgreeCommand: Command {
    /// The command.
    package init() {}

    package let spec = CommandSpec(
        name: "agree",
        summary: "Compare each policy's decisions with the traces' intent labels: confusion matrices and agreement rates.",
        usage: "agree PATH... [--policy SPEC] [--resample MODE] [--predict NAME [--predict-horizon MS]] [--json]",
        options: ConfigurationOptions.policySpecs + [
            OptionSpec(name: "--json", valueName: nil, help: "JSON instead of text."),
        ] + ConfigurationOptions.inputSpecs,
        positionals: 1...Int.max,
        inputPathsFrom: 0,
        details: "Without --policy: every preset.\nExample:\n  gesture-lab agree recordings/")

    package func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> ExitCode {
        let policies = try LabelledCorpus.policies(arguments, spec: spec)
        let corpus = try LabelledCorpus.load(arguments.positionals, overrides: ConfigurationOptions.inputOverrides(arguments, spec: spec))
        let matrices = policies.map { LabelledReleases.matrix(corpus.releases, rule: $0.rule) }
        let columns = LabelledCorpus.policyColumns(policies, releases: corpus.releases)
        if arguments.flag("--json") {
            Console.json(JSONWriter.compact(.object(zip(policies, matrices).map { ($0.canonical, $1.json) }
                + [("by_provenance", LabelledCorpus.provenanceJSON(corpus.releases, columns: columns)),
                   ("groups", .number(Double(ReleaseGroups.keys(corpus.releases).count))),
                   ("grouped", .string(ReleaseGroups.summary(corpus.releases))),
                   ("by_group", LabelledCorpus.json(corpus.releases, split: .group(corpus.releases), columns: columns))])))
            return .success
        }
        Console.out("\(corpus.releases.count) labelled releases from \(corpus.traces - corpus.unlabelled) traces in \(ReleaseGroups.summary(corpus.releases))"
            + " (\(corpus.unlabelled) without intent labels skipped)")
        Console.out("")
        let blocks = zip(policies, matrices).map { $1.lines(title: $0.canonical) }
        for start in stride(from: 0, to: blocks.count, by: 3) {
            for line in LabelledCorpus.sideBySide(Array(blocks[start..<min(start + 3, blocks.count)])) { Console.out(line) }
            Console.out("")
        }
        for line in LabelledCorpus.provenanceLines(corpus.releases, columns: columns) { Console.out(line) }
        Console.out("")
        for line in LabelledCorpus.lines(corpus.releases, split: .group(corpus.releases), columns: columns) { Console.out(line) }
        return .success
    }
}

/// One `--param NAME=FROM:TO:STEP` of `sweep`.
package struct SweepAxis {
    /// The parameter's name as the policy spells it.
    package let name: String
    /// Every value, FROM to TO by STEP.
    package let values: [Double]

    /// The most combinations one sweep evaluates.
    package static let maximumCells = 100_000

    /// Reads `text` for `policy`, or a usage error naming the option and the bad part.
    package init(_ text: String, policy: PolicySpec, spec: CommandSpec) throws(UsageError) {
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        let bounds = parts.count == 2 ? parts[1].split(separator: ":").compactMap { Double($0) } : []
        guard parts.count == 2, bounds.count == 3, bounds.allSatisfy(\.isFinite), bounds[2] > 0, bounds[0] <= bounds[1],
              (bounds[1] - bounds[0]) / bounds[2] <= 10_000 else {
            throw UsageError(message: "option '--param' needs NAME=FROM:TO:STEP with FROM <= TO, STEP > 0 and at most 10000 steps, got '\(text)'", command: spec)
        }
        name = parts[0].lowercased()
        do { _ = try policy.setting(name, to: bounds[0]) } catch {
            throw UsageError(message: "option '--param': \(error.description)", command: spec)
        }
        let steps = Int(((bounds[1] - bounds[0]) / bounds[2] + 1e-9).rounded(.down))
        // Values are rounded to 10 decimals so that 0.1 + 2 × 0.05 prints as 0.2.
        values = (0...steps).map { ((bounds[0] + Double($0) * bounds[2]) * 1e10).rounded() / 1e10 }
    }
}

/// `gesture-lab sweep PATH… --policy SPEC --param NAME=FROM:TO:STEP…`.
package struct SweepCommand: Command {
    /// What draws `--plot`.
    package let platform: any Platform

    /// The command, drawing its plots on `platform`.
    package init(platform: any Platform) { self.platform = platform }

    package let spec = CommandSpec(
        name: "sweep",
        summary: "Agreement with the intent labels as parameters of a policy vary over a grid (a table, and a chart with --plot).",
        usage: "sweep PATH... --policy SPEC --param NAME=FROM:TO:STEP [--param ...] [--plot FILE.png]",
        options: ConfigurationOptions.policySpecs + [
            OptionSpec(name: "--param", valueName: "NAME=FROM:TO:STEP", help: "A parameter and its range; give several for a grid (see the parameters below).", repeatable: true),
            OptionSpec(name: "--plot", valueName: "FILE.png", help: "Also draw agreement against the parameter (one --param only)."),
            .force,
        ],
        positionals: 1...Int.max,
        inputPathsFrom: 0,
        details: """
        Parameters: position family (vctransitions, mdtransitioning): threshold; velocity-position
        (swiftui-navigation): finish-velocity, position, cancel-velocity; fling (flutter, compose): velocity,
        position; projection (projected): deceleration, threshold, back-velocity. Velocities in points per
        second (a fling's in its own unit). At most 100000 combinations. Each row prints the policy as a spec.
        Examples:
          gesture-lab sweep recordings/ --policy vctransitions --param threshold=0.1:0.9:0.05 --plot /tmp/sweep.png
          gesture-lab sweep recordings/ --policy swiftui-navigation --param position=0.1:0.5:0.1 --param finish-velocity=300:900:200
        """)

    package func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> ExitCode {
        guard let policy = try ConfigurationOptions.policy(arguments, spec: spec) else {
            throw UsageError(message: "'sweep' needs --policy SPEC", command: spec)
        }
        let axes = try arguments.allValues("--param").map { text throws(UsageError) in try SweepAxis(text, policy: policy, spec: spec) }
        guard !axes.isEmpty else { throw UsageError(message: "'sweep' needs --param NAME=FROM:TO:STEP", command: spec) }
        guard Set(axes.map(\.name)).count == axes.count else { throw UsageError(message: "option '--param' names one parameter twice", command: spec) }
        let cells = axes.reduce(1) { $0 * $1.values.count }
        guard cells <= SweepAxis.maximumCells else {
            throw UsageError(message: "the grid has \(cells) combinations, more than the limit of \(SweepAxis.maximumCells)", command: spec)
        }
        let plot = arguments.value("--plot")
        if plot != nil && axes.count > 1 { throw UsageError(message: "option '--plot' draws one parameter; give one --param", command: spec) }
        if plot != nil && !platform.hasWindowSystem {
            throw UsageError(message: "option '--plot' needs the gesture-lab program that draws (this build has no renderer)", command: spec)
        }
        let corpus = try LabelledCorpus.load(arguments.positionals)
        let rows = SweepGrid.rows(policy: policy, axes: axes, releases: corpus.releases)
        let presetValues = axes.map { axis in policy.rule.parameters.first { $0.name == axis.name }?.value }
        Console.out("\(corpus.releases.count) labelled releases from \(corpus.traces - corpus.unlabelled) traces in \(ReleaseGroups.summary(corpus.releases))")
        Console.out("\(policy.canonical): agreement with \(corpus.releases.count) intent labels as \(axes.map(\.name).joined(separator: " × ")) vary"
            + " (now \(zip(axes, presetValues).map { "\($0.name) \($1.map { DecimalFormat.string($0, decimals: 4) } ?? "?")" }.joined(separator: ", ")))")
        Console.out("  " + axes.map { $0.name.padded(toLength: 16) }.joined(separator: " ") + " agreement   FF   FC   CF   CC  spec")
        let best = rows.map(\.matrix.agreements).max() ?? 0
        for row in rows {
            let values = row.values.map { DecimalFormat.string($0, decimals: 4).padded(toLength: 16) }.joined(separator: " ")
            let rate = (DecimalFormat.fixedString(row.matrix.agreement * 100, decimals: 1) + "%").padded(toLength: 9)
            let counts = [row.matrix.finishFinish, row.matrix.finishCancel, row.matrix.cancelFinish, row.matrix.cancelCancel]
                .map { String($0).leftPadded(4) }.joined(separator: " ")
            Console.out("  \(values) \(rate)  \(counts)  \(row.spec.canonical)\(row.matrix.agreements == best ? "  *" : "")")
        }
        if let plot, let axis = axes.first {
            try platform.writeSweepPlot(rows: rows.map { ($0.values[0], $0.matrix.agreement) }, preset: presetValues[0],
                                  title: "\(policy.canonical): agreement as \(axis.name) varies (\(corpus.releases.count) labelled releases)",
                                  parameter: axis.name, to: plot, force: arguments.flag("--force"))
            Console.out("wrote \(plot)")
        }
        return .success
    }
}

/// The rows of a sweep: every combination of the axes' values, the first axis varying slowest.
enum SweepGrid {
    /// One combination and its agreement.
    struct Row {
        let values: [Double]
        let spec: PolicySpec
        let matrix: ConfusionMatrix
    }

    /// Every combination that makes a valid policy, in order.
    package static func rows(policy: PolicySpec, axes: [SweepAxis], releases: [LabelledRelease]) -> [Row] {
        var combinations: [[Double]] = [[]]
        for axis in axes { combinations = combinations.flatMap { prefix in axis.values.map { prefix + [$0] } } }
        return combinations.compactMap { values in
            var changed = policy
            for (axis, value) in zip(axes, values) {
                guard let next = try? changed.setting(axis.name, to: value) else { return nil }
                changed = next
            }
            return Row(values: values, spec: changed, matrix: LabelledReleases.matrix(releases, rule: changed.rule))
        }
    }
}
