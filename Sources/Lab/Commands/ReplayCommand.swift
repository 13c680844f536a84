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

    /// How a headless replay reports.
    enum ReportFormat: String, CaseIterable {
        /// The deterministic JSON report.
        case json
        /// A line per transition.
        case text
    }

    /// Its options besides the configuration's.
    private enum Option {
        static let headless = OptionSpec.flag("--headless", help: "Replay without a window, as fast as possible.")
        static let report = OptionSpec(name: "--report", valueName: "FORMAT", help: "Headless report format: json (default) or text.", value: .choice(of: ReportFormat.self))
        static let speed = OptionSpec(name: "--speed", valueName: "FACTOR", help: "Window replay speed, 0.1 to 10 (default 1).", value: .number(0.1...10))
        static let exitWhenDone = OptionSpec.flag("--exit-when-done", help: "Close the window when the replay ends.")
    }

    let spec = CommandSpec(
        name: "replay",
        summary: "Replay a recorded trace, in the window or headless.",
        arguments: "TRACE",
        options: [Option.headless, Option.report, Option.speed, Option.exitWhenDone, RendererOption.spec] + ConfigurationOptions.specs,
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
        let format = arguments.choice(Option.report) ?? ReportFormat.json
        let speed = arguments.number(Option.speed) ?? 1
        if !arguments.flag(Option.headless) {
            let trace = try TraceLoading.load(path)
            let resolved = try TraceLoading.configuration(of: trace.header, path: path, arguments: arguments, spec: spec)
            var options = PlaygroundOptions(configuration: resolved.configuration, windowSize: trace.header.windowSize)
            options.renderer = RendererOption.requested(arguments)
            return try platform.openWindow(options: options, replay: PlaygroundReplay(trace: trace, path: path, configuration: resolved, speed: speed),
                                         exitWhenReplayEnds: arguments.flag(Option.exitWhenDone))
        }
        // Headless replay streams the trace: a trace of any size replays in bounded memory.
        let reader = try TraceReader(path: path)
        let resolved = try TraceLoading.configuration(of: reader.header, path: path, arguments: arguments, spec: spec)
        let configuration = resolved.configuration
        // The report is written as the records come, so memory does not grow with the trace.
        var count = 0
        if format == .json { Console.json(ReplayReport.opening(trace: PathName.lastComponent(path), configuration: configuration), newline: false) }
        try HeadlessReplay.run(reader, configuration: resolved) { record in
            if format == .json {
                Console.json(ReplayReport.entry(record, index: count), newline: false)
            } else {
                Console.out("  \(record.controller) \(record.outcome) (\(record.decision.rawValue): \(record.reason)) released at \(DecimalFormat.fixedString(record.releasedAt, decimals: 3)) s, ended at \(DecimalFormat.fixedString(record.endedAt, decimals: 3)) s")
            }
            count += 1
        }
        if reader.wasCutShort { TraceLoading.warnCutShort(path, eventCount: reader.eventCount, verb: "replayed") }
        if format == .json {
            Console.json(ReplayReport.closing(count: count), newline: false)
        } else {
            // Last, because the records are written as they come.
            Console.out("\(path): \(count) interactive transition\(count == 1 ? "" : "s")")
        }
        return .success
    }
}
