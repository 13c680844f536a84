import Engine
import Interaction
import Output
import Playground
import Traces

/// `gesture-lab play`: the playground window.
struct PlayCommand: Command {
    /// Where the window opens and pictures are drawn.
    let platform: any Platform

    let spec = CommandSpec(
        name: "play",
        summary: "Open the playground window: drag to drive a transition, record, replay.",
        usage: "play [--record-dir DIR] [--events-out FILE] [--size WxH] [--hud on|off] [--renderer auto|accelerated|software] [--serve [--host ADDR] [--port N] [--study PLAN.json]] [configuration options]",
        options: [
            OptionSpec(name: "--record-dir", valueName: "DIR", help: "Where R saves recordings (default recordings/)."),
            OptionSpec(name: "--events-out", valueName: "FILE", help: "Append each finished interactive transition to FILE as a JSON line."),
            OptionSpec(name: "--hud-log", valueName: "FILE", help: "Append the pending decision the HUD shows, one JSON line per frame while a gesture holds the transition."),
            OptionSpec(name: "--frames-out", valueName: "FILE", help: "Append one JSON line per presented frame: its start (window seconds), the interval since the previous frame's start and the seconds from its start to its present returning (for the frame rate under load)."),
            OptionSpec(name: "--size", valueName: "WxH", help: "Window size in points (default 800x600)."),
            OptionSpec(name: "--hud", valueName: "on|off", help: "Start with the HUD shown (default on)."),
            RendererOption.spec,
            OptionSpec(name: "--screenshot-dir", valueName: "DIR", help: "Where S and F12 save screenshots (default out/screenshots)."),
            OptionSpec(name: "--record", valueName: nil, help: "Start recording at once."),
            OptionSpec(name: "--screenshot-after", valueName: "SECONDS", help: "Save a screenshot after SECONDS, then quit (for scripts)."),
            OptionSpec(name: "--quit-after-frames", valueName: "N", help: "Quit after presenting N frames (for start-up measurements)."),
            OptionSpec(name: "--report-first-frame", valueName: nil, help: "Print the monotonic time of the first presented frame."),
            OptionSpec(name: "--serve", valueName: nil, help: "Serve a touch page over HTTP: a phone that opens the printed URL (with its token) drives the window, and traces it sends are saved to the record folder."),
            OptionSpec(name: "--host", valueName: "ADDR", help: "With --serve: the IPv4 address to listen on (default 127.0.0.1; 0.0.0.0 lets a phone on the network reach it)."),
            OptionSpec(name: "--port", valueName: "N", help: "With --serve: the TCP port (default 0: a free one, printed)."),
            .study,
        ] + ConfigurationOptions.specs,
        positionals: 0...0,
        details: "Keys:\n" + KeyBindings.text + """


        Examples:
          gesture-lab play
          gesture-lab play --policy flutter --size 1280x800 --record-dir /tmp/traces
          gesture-lab play --policy 'fling:velocity=300pt/s,position=0.4' --policy-file rules.json  (P cycles presets and the file's rules)
          gesture-lab play --serve --host 0.0.0.0 --port 8765  (open the printed URL on a phone on the same network)
          gesture-lab play --serve --study studies/back-gesture.json --record-dir /tmp/study  (the phone runs the study; the HUD says who does which task)
        """)

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> ExitCode {
        var configuration = try ConfigurationOptions.apply(arguments, to: SessionConfiguration(), spec: spec)
        if let size = try arguments.size("--size", spec: spec) {
            configuration.windowSize = Size(width: Double(size.width), height: Double(size.height))
        }
        _ = try ConfigurationOptions.resolve(configuration, spec: spec)
        var options = PlaygroundOptions(configuration: configuration, windowSize: configuration.windowSize)
        if let folder = arguments.value("--record-dir") { options.recordFolder = folder }
        if let folder = arguments.value("--screenshot-dir") { options.screenshotFolder = folder }
        options.policyChoices = PolicySpec.presets + (try ConfigurationOptions.rules(arguments)).map(\.spec)
        options.eventsOut = arguments.value("--events-out")
        options.hudLog = arguments.value("--hud-log")
        options.framesOut = arguments.value("--frames-out")
        options.renderer = try RendererOption.requested(arguments, spec: spec)
        options.showHUD = (try arguments.choice("--hud", ["on", "off"], spec: spec) ?? "on") == "on"
        options.recordAtStart = arguments.flag("--record")
        options.screenshotAfter = try arguments.double("--screenshot-after", in: 0...3600, spec: spec)
        options.quitAfterFrames = try arguments.integer("--quit-after-frames", in: 1...1_000_000, spec: spec)
        options.reportFirstFrame = arguments.flag("--report-first-frame")
        if arguments.flag("--serve") {
            var serve = ServeOptions()
            if let host = arguments.value("--host") { serve.host = host }
            if let port = try arguments.integer("--port", in: 0...65535, spec: spec) { serve.port = UInt16(port) }
            options.serve = serve
            options.study = try StudyPlan.option(arguments)
        } else if arguments.value("--host") != nil || arguments.value("--port") != nil || arguments.value("--study") != nil {
            throw UsageError(message: "--host, --port and --study need --serve", command: spec)
        }
        return try platform.openWindow(options: options, replay: nil, exitWhenReplayEnds: false)
    }
}
