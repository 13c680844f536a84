import Engine
import FoundationEssentials
import Glibc
import Interaction
import Output
import Plumbing
import Traces

/// `gesture-lab render`: PNG frames of a replay and a contact sheet, or one frame of a
/// transition at a chosen progress, without a window.
struct RenderCommand: Command {
    /// Where the window opens and pictures are drawn.
    let platform: any Platform

    /// Its options besides the configuration's.
    private enum Option {
        static let out = OptionSpec.path("--out", "PATH", help: "A folder for a trace's frames, or a .png file for one transition frame.", required: true)
        static let fps = OptionSpec(name: "--fps", valueName: "N", help: "Frames per second of the replay (default 30).", value: .wholeNumber(1...240))
        static let maximumFrames = OptionSpec(name: "--max-frames", valueName: "N",
                                              help: "The most frames a trace's replay may take, completions included (default \(RenderCommand.defaultMaximumFrames), at most \(RenderCommand.maximumFramesCeiling)).",
                                              value: .wholeNumber(2...RenderCommand.maximumFramesCeiling))
        static let progress = OptionSpec(name: "--progress", valueName: "P", help: "The progress of the single frame, 0 to 1.", value: .number(0...1))
        static let size = OptionSpec(name: "--size", valueName: "WxH", help: "Single frame size in points (default 800x600).")
    }

    let spec = CommandSpec(
        name: "render",
        summary: "Render a trace's replay to PNG frames and a contact sheet, or one transition frame, without a window.",
        arguments: "[TRACE]",
        options: [
            Option.out, Option.fps, Option.maximumFrames, Option.progress, Option.size,
            .force,
        ] + ConfigurationOptions.specs,
        positionals: 0...1,
        inputPathsFrom: 0,
        details: """
        Two forms: TRACE --out DIR [--fps N] [--max-frames N] renders a replay's frames; --transition NAME
        --progress P --out FILE.png [--size WxH] [--direction DIR] renders one frame of a transition.
        Examples:
          gesture-lab render recordings/demo.json --out /tmp/frames --fps 30
          gesture-lab render --transition crossfade --progress 0.5 --out /tmp/crossfade.png --size 1280x800
        """)

    /// The most frames `render TRACE` writes unless `--max-frames` says otherwise: two minutes
    /// at 30 fps, a few minutes of work and about 200 MB of PNG.
    static let defaultMaximumFrames = 3600
    /// The highest `--max-frames` accepted.
    static let maximumFramesCeiling = 100_000

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> ExitCode {
        let output = try arguments.required(Option.out)
        if let path = arguments.positionals.first {
            return try renderTrace(path, output: output, arguments: arguments)
        }
        guard let name = arguments.value(ConfigurationOptions.transition) else {
            throw UsageError(message: "'render' needs a TRACE, or --transition NAME --progress P", command: spec)
        }
        guard let progress = arguments.number(Option.progress) else {
            throw UsageError(message: "'render --transition' needs --progress P (0 to 1)", command: spec)
        }
        guard let transition = TransitionRegistry.named(name) else {
            throw UsageError(message: "unknown transition '\(name)' (expected one of: \(TransitionRegistry.names.joined(separator: ", ")))", command: spec)
        }
        let size = try arguments.size(Option.size).map { Size(width: Double($0.width), height: Double($0.height)) } ?? Size(width: 800, height: 600)
        let direction = arguments.choice(ConfigurationOptions.direction) ?? TransitionDirection.forward
        let renderer = try platform.framePainter(size: size)
        renderer.draw(transition.displayList(progress: progress, direction: direction, size: size))
        try renderer.savePNG(to: output, force: arguments.flag(.force))
        Console.out("wrote \(output)")
        return .success
    }

    private func renderTrace(_ path: String, output: String, arguments: ParsedArguments) throws -> ExitCode {
        let fps = arguments.wholeNumber(Option.fps) ?? 30
        let force = arguments.flag(.force)
        let trace = try TraceLoading.load(path)
        let configuration = try TraceLoading.configuration(of: trace.header, path: path, arguments: arguments, spec: spec)
        let size = trace.header.windowSize
        let start = trace.events.first?.timestamp ?? 0
        let records = HeadlessReplay.run(trace.events, configuration: configuration)
        let end = ReplayTimeline.endTime(of: trace.events, records: records)
        let count = max(2, Int(((end - start) * Double(fps)).rounded(.up)) + 1)
        // The replay's end includes every completion, so a slow one counts towards the limit.
        let slowCompletions = records.compactMap(\.completionSlowness).map(\.explanation)
        let maximumFrames = arguments.wholeNumber(Option.maximumFrames) ?? Self.defaultMaximumFrames
        guard count <= maximumFrames else {
            let why = slowCompletions.isEmpty ? "" : " (\(slowCompletions.joined(separator: "; ")))"
            throw InputError(description: "\(path): \(count) frames at \(fps) fps for \(DecimalFormat.fixedString(end - start, decimals: 2)) s of replay\(why) is more than --max-frames \(maximumFrames); lower --fps or raise --max-frames")
        }
        for explanation in slowCompletions { Console.error("note: \(path): \(explanation)") }
        try OutputFile.createFolder(output)
        let times = ReplayTimeline.evenlySpaced(from: start, to: start + Double(count - 1) / Double(fps), count: count)
        let snapshots = ReplayTimeline.snapshots(of: trace.events, configuration: configuration, at: times)
        let renderer = try platform.framePainter(size: size)
        for (index, snapshot) in snapshots.enumerated() {
            let list = configuration.transition.displayList(progress: snapshot.progress, direction: configuration.configuration.direction, size: size)
            let caption = "t=\(DecimalFormat.fixedString(snapshot.time - start, decimals: 3)) s  progress \(DecimalFormat.fixedString(snapshot.progress, decimals: 3))  \(snapshot.state.rawValue)"
                + (snapshot.pendingDecision.map { "  release now → \($0.verdict.rawValue)" } ?? "")
            renderer.draw(list, pointers: snapshot.pointers.keys.sorted().compactMap { snapshot.pointers[$0] }, caption: caption)
            try renderer.savePNG(to: PathName.appending(CFormat.string("frame-%05ld.png", index), to: output), force: force)
        }
        let sheet = PathName.appending("contact-sheet.png", to: output)
        try platform.writeContactSheet(trace: trace, configuration: configuration, records: records,
                                 title: "\(PathName.lastComponent(path)) · \(ControllerKind.title(configuration.configuration.controllers)) · \(configuration.policy.name) · \(configuration.transition.name)", to: sheet, force: force)
        Console.out("wrote \(snapshots.count) frames and \(sheet)")
        return .success
    }
}
