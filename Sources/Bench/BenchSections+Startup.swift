import Engine
import FoundationEssentials
import Glibc
import Interaction
import Lab
import Output
import Playground
import Plumbing
import Rasterizer
import SDLFront
import Traces

extension BenchSections {
    /// The window both start-ups open, in points.
    static let startupWindowSize = (width: 800, height: 600)

    /// Launch to first presented frame, beside a bare SDL2 window (the same size and renderer,
    /// launched and timed the same way, run for run in turn); then peak memory replaying 1M
    /// and 10M events.
    static func startup(_ context: BenchContext) throws -> [BenchFigure] {
        let executable = ChildProcess.currentExecutable
        var figures: [BenchFigure] = []
        if DisplayEnvironment.hasDisplay {
            figures.append(try startupFigure(context, executable: executable))
        } else {
            var figure = BenchFigure(section: "startup", name: "launch to first presented frame", unit: "ms", median: 0, low: 0, high: 0, runs: 0)
            figure.note = "skipped: no display"
            figures.append(figure)
        }
        let smallCount = context.size(1_000_000, quick: 100_000)
        let largeCount = context.size(10_000_000, quick: 1_000_000)
        let small = try context.syntheticTrace(events: smallCount, pointers: 4)
        let large = try context.syntheticTrace(events: largeCount, pointers: 4)
        // GNU time reports the replay's own peak: a child spawned from this process would be
        // charged for the bench's memory until it execs.
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else {
            var figure = BenchFigure(section: "startup", name: "peak memory replaying headless", unit: "MiB", median: 0, low: 0, high: 0, runs: 0)
            figure.note = "skipped: /usr/bin/time is missing (Debian package time)"
            return figures + [figure]
        }
        func peakMiB(_ trace: String) throws -> Double {
            let outcome = try ChildProcess.run("/usr/bin/time", ["-f", "peak-kib %M", "-o", "/dev/stdout", executable, "replay", trace, "--headless", "--report", "text"])
            let line = outcome.output.split(separator: "\n").last { $0.hasPrefix("peak-kib ") }
            return (line.flatMap { Double($0.dropFirst("peak-kib ".count)) } ?? 0) / 1024
        }
        let smallMiB = try peakMiB(small)
        let largeMiB = try peakMiB(large)
        var memory = BenchFigure(section: "startup", name: "peak memory replaying \(largeCount) events headless (report streamed)",
                                 unit: "MiB", median: largeMiB, low: largeMiB, high: largeMiB, runs: 1)
        memory.reference = ("\(smallCount) events: \(BenchFigure.format(smallMiB)) MiB", smallMiB / max(largeMiB, 1e-9))
        memory.target = ("bounded: within 8 MiB of the 10× smaller trace", largeMiB - smallMiB <= 8)
        return figures + [memory]
    }
}

extension BenchSections {
    /// Seconds from launching `arguments` to the first-frame time it prints, and what else it
    /// printed (nil when it printed no time).
    private static func firstFrameSeconds(_ program: String, _ arguments: [String], changes: [String: String?] = [:]) throws -> (seconds: Double, output: String)? {
        let launched = MonotonicTime.now
        let outcome = try ChildProcess.run(program, arguments, changes: changes)
        let reported = outcome.output.split(separator: "\n").first { $0.hasPrefix(StartupTimeline.firstFramePrefix) }
        guard let value = reported.flatMap({ Double($0.dropFirst(StartupTimeline.firstFramePrefix.count)) }) else { return nil }
        return (value - launched, outcome.output)
    }


    /// The window's start-up against the bare SDL2 window's, run for run in turn so both see
    /// the same machine; the bare window uses the renderer the window drew its first frame with.
    fileprivate static func startupFigure(_ context: BenchContext, executable: String) throws -> BenchFigure {
        let size = "\(startupWindowSize.width)x\(startupWindowSize.height)"
        let bare = context.bareSDL ?? BenchSection.bareSDLProgram
        let hasBare = FileManager.default.isExecutableFile(atPath: bare)
        var times: [Double] = []
        var bareTimes: [Double] = []
        var bareWithoutComposeTimes: [Double] = []
        var renderers: Set<String> = []
        var stepNames: [String] = []
        var stepSeconds: [String: [Double]] = [:]
        // The renderer the window drew its first frame with, which the bare window then uses.
        var renderer = WindowRendererKind.software.rawValue
        func runWindow() throws {
            let launched = MonotonicTime.now
            guard let lab = try firstFrameSeconds(executable, ["play", "--size", size, "--quit-after-frames", "1", "--report-first-frame",
                                                               "--record-dir", context.workspace]) else { return }
            times.append(lab.seconds)
            // Each step's own time: from the end of the one before (the launch, for the first).
            var previous = launched
            for step in StartupTimeline.parse(lab.output) {
                if !stepNames.contains(step.name) { stepNames.append(step.name) }
                stepSeconds[step.name, default: []].append(step.time - previous)
                previous = step.time
            }
            renderer = lab.output.split(separator: "\n").first { $0.hasPrefix(StartupTimeline.firstFrameRendererPrefix) }
                .map { String($0.dropFirst(StartupTimeline.firstFrameRendererPrefix.count)) } ?? WindowRendererKind.software.rawValue
            renderers.insert(renderer)
        }
        // The bare window keeps SDL's defaults; a second launch of it goes without Xlib's
        // compose table as the window does (ComposeTable), to show what that choice is worth.
        func runBare() throws {
            let arguments = [String(startupWindowSize.width), String(startupWindowSize.height), renderer]
            guard hasBare, let reference = try firstFrameSeconds(bare, arguments) else { return }
            bareTimes.append(reference.seconds)
            if let withoutCompose = try firstFrameSeconds(bare, arguments, changes: [ComposeTable.variable: ComposeTable.empty]) {
                bareWithoutComposeTimes.append(withoutCompose.seconds)
            }
        }
        // In turn, each first every other time, so neither always follows the other.
        try runWindow()
        try runBare()
        for run in 1..<startupRuns(context) {
            if run.isMultiple(of: 2) {
                try runWindow()
                try runBare()
            } else {
                try runBare()
                try runWindow()
            }
        }
        let window = Measurement(samples: times)
        var figure = BenchFigure.from(window, section: "startup", name: "launch to first presented frame (\(size) window)",
                                      unit: "ms", perRun: { $0 * 1000 })
        guard !bareTimes.isEmpty else {
            figure.note = "no reference: \(bare) is missing (scripts/run-bench.sh builds it from scripts/bare-sdl-window.c)"
            return figure
        }
        let reference = Measurement(samples: bareTimes)
        figure.reference = ("a bare SDL2 window (\(BenchFigure.format(reference.median * 1000)) ms)", reference.median / max(window.median, 1e-9))
        figure.target = ("within \(DecimalFormat.fixedString(startupRatioLimit, decimals: 1))× the bare SDL2 window's",
                         window.median <= startupRatioLimit * reference.median)
        figure.note = "the bare window (scripts/bare-sdl-window.c, renderer \(renderers.sorted().joined(separator: ", "))) run in turn with it, each first every other time: "
            + "\(BenchFigure.format(reference.range.low * 1000))…\(BenchFigure.format(reference.range.high * 1000)) ms over \(bareTimes.count) runs; "
            + "the window is \(DecimalFormat.fixedString(window.median / reference.median, decimals: 2))× it; "
            + (bareWithoutComposeTimes.isEmpty ? "" : withoutComposeNote(window: window.median, bare: Measurement(samples: bareWithoutComposeTimes).median))
            + "its steps (median ms, each from the end of the one before, the first from launch): "
            + stepNames.map { "\($0) \(BenchFigure.format(Measurement(samples: stepSeconds[$0] ?? []).median * 1000))" }.joined(separator: ", ")
        return figure
    }

    /// What the bare window took without Xlib's compose table, and the window's median
    /// (`window`, seconds) against that (`bare`, seconds).
    private static func withoutComposeNote(window: Double, bare: Double) -> String {
        "without Xlib's compose table (\(ComposeTable.variable)=\(ComposeTable.empty), as the window goes) the bare window "
            + "took \(BenchFigure.format(bare * 1000)) ms, the window \(DecimalFormat.fixedString(window / bare, decimals: 2))× that; "
    }

    /// The most the window's start-up may take, as a multiple of the bare SDL2 window's.
    static let startupRatioLimit = 1.1

    /// Launches of each, the window and the bare one: a launch varies by tens of milliseconds
    /// from one to the next on a shared machine, so more than the other sections' runs.
    private static func startupRuns(_ context: BenchContext) -> Int { context.size(15, quick: 3) }
}

/// The physical floor of a software frame: full screens written with a plain opaque copy.
final class CopyFloor {
    private let source: PixelBuffer
    private let destination: PixelBuffer

    init(width: Int, height: Int) {
        source = PixelBuffer(width: width, height: height)
        destination = PixelBuffer(width: width, height: height)
    }

    /// How many full screens of pixels the list's visible layers hold (their source
    /// rectangles' area, rounded up; at least one, the frame itself).
    static func fullScreenLayers(in list: DisplayList) -> Int {
        let area = list.layers.filter { $0.opacity > 0 }.reduce(0.0) { $0 + $1.sourceRect.size.width * $1.sourceRect.size.height }
        return max(1, Int((area / (list.size.width * list.size.height) - 1e-9).rounded(.up)))
    }

    /// Copies a full screen `layers` times.
    func copy(layers: Int) {
        for _ in 0..<layers {
            destination.image.base.update(from: source.image.base, count: source.image.width * source.image.height)
        }
    }
}

/// SDL's own software renderer drawing the display list as meshes and copies, as every
/// software frame was drawn before the rasteriser: the reference it is measured against.
final class SDLSoftwareFrameRenderer {
    private let canvas: OffscreenCanvas
    private let screens: ScreenTextures

    init(size: Size) throws {
        canvas = try OffscreenCanvas(width: Int(size.width), height: Int(size.height))
        let text = try TextPainter(renderer: canvas.renderer, scale: 1)
        screens = try ScreenPainter.makeTextures(renderer: canvas.renderer, text: text, width: Int(size.width), height: Int(size.height), scale: 1)
    }

    /// Draws and waits until SDL has drawn.
    func draw(_ list: DisplayList) {
        canvas.renderer.clear(Color(0, 0, 0))
        DisplayListRenderer().draw(list, screens: screens, renderer: canvas.renderer, scale: 1)
        canvas.renderer.finishDrawing()
    }
}

/// A hidden window with an accelerated renderer, for timing GPU drawing.
final class OnscreenFrameRenderer {
    private let window: SDLFront.Window
    private let renderer: Renderer
    private let screens: ScreenTextures

    init(size: Size) throws {
        window = try Window(library: try SDLLibrary(video: true), title: "gesture-lab bench", width: Int(size.width), height: Int(size.height), hidden: true)
        renderer = try Renderer(window: window, vsync: false)
        let text = try TextPainter(renderer: renderer, scale: 1)
        let output = renderer.outputSize
        screens = try ScreenPainter.makeTextures(renderer: renderer, text: text, width: output.width, height: output.height, scale: 1)
    }

    var driverName: String { renderer.driverName }

    /// Draws and waits until the GPU has finished.
    func draw(_ list: DisplayList) {
        renderer.clear(Color(0, 0, 0))
        DisplayListRenderer().draw(list, screens: screens, renderer: renderer, scale: 1)
        renderer.finishDrawing()
    }
}
