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

    /// `--out FILE.png`.
    private static let out = OptionSpec.path("--out", "FILE.png", help: "The picture to write (must not exist unless --force).", required: true)

    let spec = CommandSpec(
        name: "plot",
        summary: "Plot progress over time with the threshold, the release, the projection, the velocity and the completion.",
        arguments: "TRACE",
        options: [out, .force] + ConfigurationOptions.specs,
        positionals: 1...1,
        inputPathsFrom: 0,
        details: "Example:\n  gesture-lab plot recordings/demo.json --out /tmp/demo-plot.png --policy flutter")

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> ExitCode {
        let output = try arguments.required(Self.out)
        let path = arguments.positionals[0]
        let trace = try TraceLoading.load(path)
        let configuration = try TraceLoading.configuration(of: trace.header, path: path, arguments: arguments, spec: spec)
        try platform.writeProgressPlot(trace: trace, configuration: configuration,
                                 title: "\(PathName.lastComponent(path)) · \(ControllerKind.title(configuration.configuration.controllers)) · \(configuration.policy.name)",
                                 to: output, force: arguments.flag(.force))
        Console.out("wrote \(output)")
        return .success
    }
}
