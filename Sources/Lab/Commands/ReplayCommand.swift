import Engine
import FoundationEssentials
import Glibc
import Interaction
import Output
import Playground
import Plumbing
import Traces

/// `gesture-lab replay TRACE`: plays a recorded gesture in the window, or headless as fast as
/// possible with a deterministic report.
struct ReplayCommand: Command {
    /// Where the window opens and pictures are drawn.
    let platform: any Platform

    let spec = CommandSpec(
        name: "replay",
        summary: "Replay a recorded trace, in the window or headless.",
        usage: "replay TRACE [--headless] [--report json|text] [configuration options]",
        options: [
            OptionSpec(name: "--headless", valueName: nil, help: "Replay without a window, as fast as possible."),
            OptionSpec(name: "--report", valueName: "FORMAT", help: "Headless report format: json (default) or text."),
            OptionSpec(name: "--speed", valueName: "FACTOR", help: "Window replay speed, 0.1 to 10 (default 1)."),
            OptionSpec(name: "--exit-when-done", valueName: nil, help: "Close the window when the replay ends."),
            RendererOption.spec,
        ] + ConfigurationOptions.specs,
        positionals: 1...1,
        inputPathsFrom: 0,
        details: """
        Examples:
          gesture-lab replay recordings/demo.json
          gesture-lab replay recordings/demo.json --headless --report json
          gesture-lab replay recordings/demo.json --headless --policy flutter
        """)

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> ExitCode {
        let path = arguments.positionals[0]
        let format = try arguments.choice("--report", ["json", "text"], spec: spec) ?? "json"
        let speed = try arguments.double("--speed", in: 0.1...10, spec: spec) ?? 1
        if !arguments.flag("--headless") {
            let trace = try TraceLoading.load(path)
            let resolved = try TraceLoading.configuration(of: trace.header, path: path, arguments: arguments, spec: spec)
            var options = PlaygroundOptions(configuration: resolved.configuration, windowSize: trace.header.windowSize)
            options.renderer = try RendererOption.requested(arguments, spec: spec)
            return try platform.openWindow(options: options, replay: PlaygroundReplay(trace: trace, path: path, configuration: resolved, speed: speed),
                                         exitWhenReplayEnds: arguments.flag("--exit-when-done"))
        }
        // Headless replay streams the trace: a trace of any size replays in bounded memory.
        let reader = try TraceReader(path: path)
        let resolved = try TraceLoading.configuration(of: reader.header, path: path, arguments: arguments, spec: spec)
        let configuration = resolved.configuration
        // The report is written as the records come, so memory does not grow with the trace.
        var count = 0
        if format == "json" { Console.json(ReplayReport.opening(trace: PathName.lastComponent(path), configuration: configuration), newline: false) }
        try HeadlessReplay.run(reader, configuration: resolved) { record in
            if format == "json" {
                Console.json(ReplayReport.entry(record, index: count), newline: false)
            } else {
                Console.out("  \(record.controller) \(record.outcome) (\(record.decision.rawValue): \(record.reason)) released at \(DecimalFormat.fixedString(record.releasedAt, decimals: 3)) s, ended at \(DecimalFormat.fixedString(record.endedAt, decimals: 3)) s")
            }
            count += 1
        }
        if reader.wasCutShort { TraceLoading.warnCutShort(path, eventCount: reader.eventCount, verb: "replayed") }
        if format == "json" {
            Console.json(ReplayReport.closing(count: count), newline: false)
        } else {
            // Last, because the records are written as they come.
            Console.out("\(path): \(count) interactive transition\(count == 1 ? "" : "s")")
        }
        return .success
    }
}
