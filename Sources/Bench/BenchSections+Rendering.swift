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
    /// Frame times of every transition (or those `--transitions` names) at each of the context's
    /// sizes: the own rasteriser beside the physical floor measured frame by frame in the same
    /// loop, and at the first size SDL's software renderer too and (with a display) the
    /// accelerated renderer. At 1280×800 a transition must stay within
    /// ``floorRatioLimit`` times the floor and its 120 Hz budget; above it, within a 60 Hz frame.
    static func rendering(_ context: BenchContext) throws -> [BenchFigure] {
        let transitions = context.transitions ?? TransitionRegistry.all
        let frames = context.size(120, quick: 40)
        let passes = context.quick ? 1 : 3
        var figures: [BenchFigure] = []
        for (sizeIndex, size) in context.renderSizes.enumerated() {
            let software = try FrameRenderer(size: size)
            // SDL's own renderer takes up to 60 ms a frame at 1280×800 (four times that at
            // 2560×1600): it is the reference at the first size only.
            let sdlSoftware = sizeIndex == 0 ? try SDLSoftwareFrameRenderer(size: size) : nil
            let floor = CopyFloor(width: Int(size.width), height: Int(size.height))
            for transition in transitions {
                var paths: [(DisplayList) -> Void] = [{ software.draw($0) }, { floor.copy(layers: CopyFloor.fullScreenLayers(in: $0)) }]
                if let sdlSoftware { paths.append { sdlSoftware.draw($0) } }
                let timings = timeFrames(transition, frames: frames, passes: passes, size: size, paths: paths)
                figures.append(softwareFigure(transition, size: size, own: timings[0], floor: timings[1], sdl: timings.count > 2 ? timings[2] : nil))
            }
        }
        guard let firstSize = context.renderSizes.first, DisplayEnvironment.hasDisplay else {
            var note = BenchFigure(section: "rendering", name: "accelerated renderer", unit: "", median: 0, low: 0, high: 0, runs: 0)
            note.note = "skipped: no display"
            return figures + [note]
        }
        let accelerated = try OnscreenFrameRenderer(size: firstSize)
        for transition in transitions {
            let timings = timeFrames(transition, frames: frames, passes: passes, size: firstSize, paths: [{ accelerated.draw($0) }])
            figures.append(renderFigure(transition, label: "accelerated (\(accelerated.driverName))", timings[0], size: firstSize))
        }
        return figures
    }

    /// The most a software frame may cost, as a multiple of the copy floor's p99 at 1280×800.
    static let floorRatioLimit = 2.5
    /// The size the floor ratio is held at; larger sizes are held to a 60 Hz frame.
    static let floorRatioSize = Size(width: 1280, height: 800)

    /// The own rasteriser's figure at `size`: its p99 against the floor's (and SDL's when timed).
    private static func softwareFigure(_ transition: any Transition, size: Size, own: FrameTimings, floor: FrameTimings, sdl: FrameTimings?) -> BenchFigure {
        var figure = renderFigure(transition, label: "software, own rasteriser", own, size: size)
        let floorP99 = floor.p99.median
        let ratio = figure.median / 1000 / max(floorP99, 1e-9)
        if let sdl {
            figure.reference = ("SDL's software renderer (p99 \(BenchFigure.format(sdl.p99.median * 1000)) ms)", sdl.p99.median / max(figure.median / 1000, 1e-9))
        }
        figure.note = (figure.note ?? "") + "; \(BenchFigure.format(ratio))× the floor "
            + "(p99 \(BenchFigure.format(floorP99 * 1000)) ms, p50 \(BenchFigure.format(floor.p50.median * 1000)) ms, "
            + "CPU \(BenchFigure.format(floor.cpuP50.median * 1000)) ms copying the same number of full screens)"
        let p99 = figure.median / 1000
        if size == floorRatioSize {
            let budget = frameBudget(is3D: list3D(transition, size: size))
            figure.target = ("p99 ≤ \(DecimalFormat.fixedString(floorRatioLimit, decimals: 1))× the floor's and ≤ \(DecimalFormat.fixedString(budget * 1000, decimals: 2)) ms",
                             ratio <= floorRatioLimit && p99 <= budget)
        } else if size.width * size.height > floorRatioSize.width * floorRatioSize.height {
            figure.target = ("p99 ≤ \(DecimalFormat.fixedString(FramePacer.sixtyHertzFrame * 1000, decimals: 2)) ms (60 Hz)", p99 <= FramePacer.sixtyHertzFrame)
        }
        return figure
    }

    /// Per pass, the p50 and p99 of each drawing path's frame times, and the p50 of the CPU
    /// time the process spent on them on all its threads (which a busy machine does not
    /// inflate by preempting), in seconds.
    struct FrameTimings {
        var p50: Measurement
        var p99: Measurement
        var cpuP50: Measurement
    }

    /// Draws `frames` frames of the transition `passes` times with each path, the paths one
    /// after the other on each frame so that they see the same machine.
    private static func timeFrames(_ transition: any Transition, frames: Int, passes: Int, size: Size,
                                   paths: [(DisplayList) -> Void]) -> [FrameTimings] {
        let clock = ContinuousClock()
        var p50s = Array(repeating: [Double](), count: paths.count)
        var p99s = Array(repeating: [Double](), count: paths.count)
        var cpuP50s = Array(repeating: [Double](), count: paths.count)
        for _ in 0..<passes {
            var times = Array(repeating: [Double](), count: paths.count)
            var cpuTimes = Array(repeating: [Double](), count: paths.count)
            for index in 0..<frames {
                let list = transition.displayList(progress: Double(index % 60) / 59, direction: .forward, size: size)
                for (path, draw) in paths.enumerated() {
                    let cpuStart = Measurement.processCPUSeconds()
                    let start = clock.now
                    draw(list)
                    times[path].append(Measurement.seconds(clock.now - start))
                    cpuTimes[path].append(Measurement.processCPUSeconds() - cpuStart)
                }
            }
            for path in paths.indices {
                let measurement = Measurement(samples: times[path])
                p50s[path].append(measurement.median)
                p99s[path].append(measurement.percentile(0.99))
                cpuP50s[path].append(Measurement(samples: cpuTimes[path]).median)
            }
        }
        return paths.indices.map {
            FrameTimings(p50: Measurement(samples: p50s[$0]), p99: Measurement(samples: p99s[$0]), cpuP50: Measurement(samples: cpuP50s[$0]))
        }
    }

    /// The p99 frame time (median of the passes, with their spread) against the 120 Hz budget.
    private static func renderFigure(_ transition: any Transition, label: String, _ timings: FrameTimings, size: Size) -> BenchFigure {
        let frameBudget = Self.frameBudget(is3D: false)
        let is3D = list3D(transition, size: size)
        let limit = Self.frameBudget(is3D: is3D)
        let p99 = timings.p99
        var figure = BenchFigure(section: "rendering", name: "\(transition.name), \(BenchContext.sizeName(size)), \(label), p99", unit: "ms",
                                 median: p99.median * 1000, low: p99.range.low * 1000, high: p99.range.high * 1000, runs: p99.samples.count)
        figure.note = "p50 \(BenchFigure.format(timings.p50.median * 1000)) ms (CPU \(BenchFigure.format(timings.cpuP50.median * 1000)) ms); "
            + "p99 = \(DecimalFormat.fixedString(p99.median / frameBudget, decimals: 2)) of a 120 Hz frame"
        figure.target = ("p99 ≤ \(DecimalFormat.fixedString(limit * 1000, decimals: 2)) ms (\(is3D ? "3D" : "2D"))", p99.median <= limit)
        return figure
    }

    /// A frame's drawing budget in seconds: a 120 Hz frame for a 2D transition, two for one
    /// seen in perspective.
    static func frameBudget(is3D: Bool) -> Double {
        (is3D ? 2.0 : 1.0) / 120
    }

    /// True when any layer of the transition is seen in perspective at some progress.
    static func list3D(_ transition: any Transition, size: Size) -> Bool {
        stride(from: 0.1, through: 0.9, by: 0.2).contains { progress in
            transition.displayList(progress: progress, direction: .forward, size: size).layers.contains { $0.transform.hasPerspective }
        }
    }
}
