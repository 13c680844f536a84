import FoundationEssentials
import Glibc
import Interaction
import Output
import Plumbing
import Traces

/// `gesture-lab plot TRACE --out FILE.png`.
struct PlotCommand: Command {
    /// Where the window opens and pictures are drawn.
    let platform: any Platform

    let spec = CommandSpec(
        name: "plot",
        summary: "Plot progress over time with the threshold, the release, the projection, the velocity and the completion.",
        usage: "plot TRACE --out FILE.png [configuration options]",
        options: [OptionSpec(name: "--out", valueName: "FILE.png", help: "The picture to write (must not exist unless --force)."), .force] + ConfigurationOptions.specs,
        positionals: 1...1,
        inputPathsFrom: 0,
        details: "Example:\n  gesture-lab plot recordings/demo.json --out /tmp/demo-plot.png --policy flutter")

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> ExitCode {
        guard let output = arguments.value("--out") else { throw UsageError(message: "'plot' needs --out FILE.png", command: spec) }
        let path = arguments.positionals[0]
        let trace = try TraceLoading.load(path)
        let configuration = try TraceLoading.configuration(of: trace.header, path: path, arguments: arguments, spec: spec)
        try platform.writeProgressPlot(trace: trace, configuration: configuration,
                                 title: "\(PathName.lastComponent(path)) · \(ControllerKind.title(configuration.configuration.controllers)) · \(configuration.policy.name)",
                                 to: output, force: arguments.flag("--force"))
        Console.out("wrote \(output)")
        return .success
    }
}
