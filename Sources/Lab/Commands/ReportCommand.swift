import FoundationEssentials
import Glibc
import Interaction
import Output

/// `gesture-lab report PATH… --out report.html`: one page to share.
package struct ReportCommand: Command {
    /// The command.
    package init() {}

    /// How the report is written.
    enum Format: String, CaseIterable {
        /// One self-contained page.
        case html
        /// A Markdown summary for CI logs.
        case md
    }

    /// Its options besides the configuration's.
    private enum Option {
        static let out = OptionSpec.path("--out", "FILE", help: "The report to write (must not exist).", required: true)
        static let format = OptionSpec.choice("--format", of: Format.self, help: "html (default): one page with inline pictures; md: a summary for CI logs.")
        static let title = OptionSpec(name: "--title", valueName: "TEXT", help: "The report's title (default: Gesture Lab report).")
        static let sweep = OptionSpec(name: "--sweep", valueName: "NAME=FROM:TO:STEP", help: "Also show agreement as this parameter of --policy varies.")
    }

    package let spec = CommandSpec(
        name: "report",
        summary: "Write one self-contained HTML report (or Markdown) of traces: failures first, plots, decisions, confusion matrices.",
        arguments: "PATH...",
        options: [Option.out, .force, Option.format, Option.title, Option.sweep] + ConfigurationOptions.specs,
        positionals: 1...Int.max,
        inputPathsFrom: 0,
        details: """
        Each trace is replayed under --policy (else its own) and compared with its intent labels, or else its
        expected outcomes. The HTML has no scripts and loads nothing: open it anywhere.
        Example:
          gesture-lab report recordings/ --out /tmp/report.html --policy 'position:threshold=0.35' --sweep threshold=0.1:0.9:0.05
        """)

    package func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> ExitCode {
        let output = try arguments.required(Option.out)
        let format = arguments.choice(Option.format) ?? Format.html
        let overrides = try ConfigurationOptions.overrides(arguments)
        let policy = overrides.policy
        var axis: SweepAxis?
        if let text = arguments.value(Option.sweep) {
            guard let policy else { throw UsageError(message: "option '--sweep' needs --policy SPEC: the policy whose parameter varies", command: spec) }
            axis = try SweepAxis(text, policy: policy, spec: spec)
        }
        let paths = try TraceInputs.expand(arguments.positionals)
        let data = try ReportData.gather(paths: paths, overrides: overrides, sweepAxis: axis, title: arguments.value(Option.title) ?? "Gesture Lab report")
        try OutputFile.write(Array((format == .md ? ReportWriter.markdown(data) : ReportWriter.html(data)).utf8), to: output, force: arguments.flag(.force))
        let failed = data.traces.filter { $0.passed == false }.count
        Console.out("wrote \(output) (\(data.traces.count) traces, \(failed) failed)")
        return .success
    }
}
