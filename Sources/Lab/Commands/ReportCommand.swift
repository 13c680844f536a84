import FoundationEssentials
import Glibc
import Interaction
import Output

/// `gesture-lab report PATH… --out report.html`: one page to share.
package struct ReportCommand: Command {
    /// The command.
    package init() {}

    package let spec = CommandSpec(
        name: "report",
        summary: "Write one self-contained HTML report (or Markdown) of traces: failures first, plots, decisions, confusion matrices.",
        usage: "report PATH... --out FILE [--format html|md] [--policy SPEC] [--policy-file FILE] [--sweep NAME=FROM:TO:STEP]",
        options: ConfigurationOptions.policySpecs + [
            .force,
            OptionSpec(name: "--out", valueName: "FILE", help: "The report to write (must not exist)."),
            OptionSpec(name: "--format", valueName: "html|md", help: "html (default): one page with inline pictures; md: a summary for CI logs."),
            OptionSpec(name: "--title", valueName: "TEXT", help: "The report's title (default: Gesture Lab report)."),
            OptionSpec(name: "--sweep", valueName: "NAME=FROM:TO:STEP", help: "Also show agreement as this parameter of --policy varies."),
        ],
        positionals: 1...Int.max,
        inputPathsFrom: 0,
        details: """
        Each trace is replayed under --policy (else its own) and compared with its intent labels, or else its
        expected outcomes. The HTML has no scripts and loads nothing: open it anywhere.
        Example:
          gesture-lab report recordings/ --out /tmp/report.html --policy 'position:threshold=0.35' --sweep threshold=0.1:0.9:0.05
        """)

    package func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> ExitCode {
        guard let output = arguments.value("--out") else { throw UsageError(message: "'report' needs --out FILE", command: spec) }
        let format = try arguments.choice("--format", ["html", "md"], spec: spec) ?? "html"
        let policy = try ConfigurationOptions.policy(arguments, spec: spec)
        var axis: SweepAxis?
        if let text = arguments.value("--sweep") {
            guard let policy else { throw UsageError(message: "option '--sweep' needs --policy SPEC: the policy whose parameter varies", command: spec) }
            axis = try SweepAxis(text, policy: policy, spec: spec)
        }
        let paths = try TraceInputs.expand(arguments.positionals)
        let data = try ReportData.gather(paths: paths, policy: policy, sweepAxis: axis, title: arguments.value("--title") ?? "Gesture Lab report")
        try OutputFile.write(Array((format == "md" ? ReportWriter.markdown(data) : ReportWriter.html(data)).utf8), to: output, force: arguments.flag("--force"))
        let failed = data.traces.filter { $0.passed == false }.count
        Console.out("wrote \(output) (\(data.traces.count) traces, \(failed) failed)")
        return .success
    }
}
