import Engine
import FoundationEssentials
import Glibc
import Interaction
import Output
import Traces

/// `gesture-lab sweep PATH… --policy SPEC --param NAME=FROM:TO:STEP…`.
package struct SweepCommand: Command {
    /// What draws `--plot`.
    package let platform: any Platform

    /// The command, drawing its plots on `platform`.
    package init(platform: any Platform) { self.platform = platform }

    /// Its options besides the configuration's.
    private enum Option {
        /// `--policy`, which a sweep cannot do without: the policy whose parameters vary.
        static let policy = ConfigurationOptions.policyOption.mandatory
        static let param = OptionSpec(name: "--param", valueName: "NAME=FROM:TO:STEP", help: "A parameter and its range; give several for a grid (see the parameters below).",
                                      repeatable: true, required: true)
        static let plot = OptionSpec.path("--plot", "FILE.png", help: "Also draw agreement against the parameter (one --param only).")
    }

    package let spec = CommandSpec(
        name: "sweep",
        summary: "Agreement with the intent labels as parameters of a policy vary over a grid (a table, and a chart with --plot).",
        arguments: "PATH...",
        options: [Option.policy, ConfigurationOptions.policyFile, Option.param, Option.plot, .force] + LabelledCorpus.replaySpecs,
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
        guard let policy = try ConfigurationOptions.policy(arguments) else {
            throw UsageError(message: "'sweep' needs \(Option.policy.label)", command: spec)
        }
        let axes = try arguments.allValues(Option.param).map { text throws(UsageError) in try SweepAxis(text, policy: policy, spec: spec) }
        guard !axes.isEmpty else { throw UsageError(message: "'sweep' needs \(Option.param.label)", command: spec) }
        guard Set(axes.map(\.name)).count == axes.count else { throw UsageError(message: "option '--param' names one parameter twice", command: spec) }
        let cells = axes.reduce(1) { $0 * $1.values.count }
        guard cells <= SweepAxis.maximumCells else {
            throw UsageError(message: "the grid has \(cells) combinations, more than the limit of \(SweepAxis.maximumCells)", command: spec)
        }
        let plot = arguments.value(Option.plot)
        if plot != nil && axes.count > 1 { throw UsageError(message: "option '--plot' draws one parameter; give one --param", command: spec) }
        if plot != nil && !platform.hasWindowSystem {
            throw UsageError(message: "option '--plot' needs the gesture-lab program that draws (this build has no renderer)", command: spec)
        }
        let overrides = try LabelledCorpus.replayOverrides(arguments)
        let corpus = try LabelledCorpus.load(arguments.positionals, overrides: overrides)
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
                                  parameter: axis.name, to: plot, force: arguments.flag(.force))
            Console.out("wrote \(plot)")
        }
        return .success
    }
}
