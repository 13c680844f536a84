import Engine
import Interaction
import Output
import Playground
import Traces

/// `gesture-lab play`: the playground window.
struct PlayCommand: Command {
    /// Where the window opens and pictures are drawn.
    let platform: any Platform

    /// Its options besides the configuration's.
    private enum Option {
        static let recordFolder = OptionSpec.path("--record-dir", "DIR", help: "Where R saves recordings (default recordings/).")
        static let eventsOut = OptionSpec.path("--events-out", "FILE", help: "Append each finished interactive transition to FILE as a JSON line.")
        static let hudLog = OptionSpec.path("--hud-log", "FILE", help: "Append the pending decision the HUD shows, one JSON line per frame while a gesture holds the transition.")
        static let framesOut = OptionSpec.path("--frames-out", "FILE", help: "Append one JSON line per presented frame: its start (window seconds), the interval since the previous frame's start and the seconds from its start to its present returning (for the frame rate under load).")
        static let size = OptionSpec(name: "--size", valueName: "WxH", help: "Window size in points (default 800x600).")
        static let hud = OptionSpec(name: "--hud", valueName: "on|off", help: "Start with the HUD shown (default on).", value: .choice(["on", "off"]))
        static let screenshotFolder = OptionSpec.path("--screenshot-dir", "DIR", help: "Where S and F12 save screenshots (default out/screenshots).")
        static let record = OptionSpec.flag("--record", help: "Start recording at once.")
        static let screenshotAfter = OptionSpec(name: "--screenshot-after", valueName: "SECONDS", help: "Save a screenshot after SECONDS, then quit (for scripts).", value: .number(0...3600))
        static let quitAfterFrames = OptionSpec(name: "--quit-after-frames", valueName: "N", help: "Quit after presenting N frames (for start-up measurements).", value: .wholeNumber(1...1_000_000))
        static let reportFirstFrame = OptionSpec.flag("--report-first-frame", help: "Print the monotonic time of the first presented frame.")
        static let serve = OptionSpec.flag("--serve", help: "Serve a touch page over HTTP: a phone that opens the printed URL (with its token) drives the window, and traces it sends are saved to the record folder.")
        static let host = OptionSpec(name: "--host", valueName: "ADDR", help: "With --serve: the IPv4 address to listen on (default 127.0.0.1; 0.0.0.0 lets a phone on the network reach it).")
        static let port = OptionSpec(name: "--port", valueName: "N", help: "With --serve: the TCP port (default 0: a free one, printed).", value: .wholeNumber(0...65535))
    }

    let spec = CommandSpec(
        name: "play",
        summary: "Open the playground window: drag to drive a transition, record, replay.",
        arguments: "",
        options: [
            Option.recordFolder, Option.eventsOut, Option.hudLog, Option.framesOut, Option.size, Option.hud, RendererOption.spec, Option.screenshotFolder,
            Option.record, Option.screenshotAfter, Option.quitAfterFrames, Option.reportFirstFrame, Option.serve, Option.host, Option.port,
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
        var configuration = try ConfigurationOptions.apply(arguments, to: SessionConfiguration())
        if let size = try arguments.size(Option.size) {
            configuration.windowSize = Size(width: Double(size.width), height: Double(size.height))
        }
        _ = try ConfigurationOptions.resolve(configuration, spec: spec)
        var options = PlaygroundOptions(configuration: configuration, windowSize: configuration.windowSize)
        if let folder = arguments.value(Option.recordFolder) { options.recordFolder = folder }
        if let folder = arguments.value(Option.screenshotFolder) { options.screenshotFolder = folder }
        options.policyChoices = PolicySpec.presets + (try ConfigurationOptions.rules(arguments)).map(\.spec)
        options.eventsOut = arguments.value(Option.eventsOut)
        options.hudLog = arguments.value(Option.hudLog)
        options.framesOut = arguments.value(Option.framesOut)
        options.renderer = RendererOption.requested(arguments)
        options.showHUD = arguments.value(Option.hud) != "off"
        options.recordAtStart = arguments.flag(Option.record)
        options.screenshotAfter = arguments.number(Option.screenshotAfter)
        options.quitAfterFrames = arguments.wholeNumber(Option.quitAfterFrames)
        options.reportFirstFrame = arguments.flag(Option.reportFirstFrame)
        if arguments.flag(Option.serve) {
            var serve = ServeOptions()
            if let host = arguments.value(Option.host) { serve.host = host }
            if let port = arguments.wholeNumber(Option.port) { serve.port = UInt16(port) }
            options.serve = serve
            options.study = try StudyPlan.option(arguments)
        } else if arguments.flag(Option.host) || arguments.flag(Option.port) || arguments.flag(.study) {
            throw UsageError(message: "--host, --port and --study need --serve", command: spec)
        }
        return try platform.openWindow(options: options, replay: nil, exitWhenReplayEnds: false)
    }
}
