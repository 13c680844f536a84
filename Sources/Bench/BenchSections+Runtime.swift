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
    /// Nanoseconds per sample for each velocity estimator: add a sample, ask for the velocity.
    static func velocity(_ context: BenchContext) throws -> [BenchFigure] {
        let samples = context.size(1_000_000, quick: 100_000)
        var figures: [BenchFigure] = []
        for estimator in VelocityEstimator.allCases {
            var sink = 0.0
            let measurement = Measurement.time(runs: context.runs) {
                var tracker = estimator.makeTracker()
                for index in 0..<samples {
                    let time = Double(index) / 120
                    tracker.addSample(Point(x: Double(index % 400) * 3, y: 100), at: time)
                    sink += tracker.velocity().x
                }
            }
            var figure = BenchFigure.from(measurement, section: "velocity", name: "\(estimator.rawValue) estimator, add a sample and estimate",
                                          unit: "ns/sample", perRun: { $0 / Double(samples) * 1e9 })
            figure.note = sink.isFinite ? nil : "non-finite estimate"
            figures.append(figure)
        }
        return figures
    }

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
    private static func list3D(_ transition: any Transition, size: Size) -> Bool {
        stride(from: 0.1, through: 0.9, by: 0.2).contains { progress in
            transition.displayList(progress: progress, direction: .forward, size: size).layers.contains { $0.transform.hasPerspective }
        }
    }

    /// Input-to-present latency in the live window with synthetic input at 1,000 Hz: for the
    /// default transition and for fold (the costliest to draw), three windows each with
    /// prediction off (one with `--quick`), each run's p99 against its own frame interval; then
    /// one window with prediction on for the predicted finger's distance.
    static func latency(_ context: BenchContext) throws -> [BenchFigure] {
        guard DisplayEnvironment.hasDisplay else {
            var figure = BenchFigure(section: "latency", name: "input to present", unit: "ms", median: 0, low: 0, high: 0, runs: 0)
            figure.note = "skipped: no display"
            return [figure]
        }
        let seconds = context.quick ? 2.0 : 6.0
        let runCount = context.quick ? 1 : 3
        var figures: [BenchFigure] = []
        var defaultRuns: [LatencyRun] = []
        let probed = context.transitions.map { $0.compactMap { TransitionName($0.name) } } ?? Self.latencyTransitions
        for transition in probed {
            var runs: [LatencyRun] = []
            for _ in 0..<runCount {
                let probe = try probeWindow(transition: transition, prediction: .none, seconds: seconds, context: context)
                runs.append(LatencyRun(probe: probe, seconds: seconds))
            }
            if transition == .standard { defaultRuns = runs }
            figures += latencyFigures(runs, transition: transition, is3D: list3D(transition.transition, size: Self.latencyWindowSize), seconds: seconds)
        }
        // The window draws the real finger and the predicted one: a run with prediction on
        // gives the predicted finger's distance.
        guard probed.contains(.standard) else { return figures }
        let predicting = try probeWindow(transition: .standard, prediction: Self.latencyPredictor, seconds: seconds, context: context)
        return figures + [drawnDistance(defaultRuns.flatMap(\.drawnDistances), prediction: .none),
                          drawnDistance(predicting.predictedDistances, prediction: Self.latencyPredictor)]
    }

    /// The transitions the latency is measured with: the default one, and fold, whose frames
    /// cost the most to draw (see the rendering section). Fold is in the registry for good: a
    /// test holds the list to both.
    static let latencyTransitions: [TransitionName] = [.standard] + (TransitionName("fold").map { [$0] } ?? [])

    /// The window size the latency is measured at, in points.
    static let latencyWindowSize = Size(width: 1280, height: 800)

    /// The p50, the p99 against each run's frame interval, and the arrival-to-present figure
    /// of `runs` (windows of `seconds` drawing `transition`). The p99 is held under a frame only
    /// for a 2D transition: a 3D one's drawing budget (``renderFigure``) is a whole 60 Hz frame.
    private static func latencyFigures(_ runs: [LatencyRun], transition: TransitionName, is3D: Bool, seconds: Double) -> [BenchFigure] {
        let label = "\(transition) (events pushed at 1 kHz, prediction off)"
        let measured = "from each event leaving SDL's queue (taken just before its frame is drawn) to that frame's present returning, "
            + "measured once the window had settled on the finger's drag (after \(runs.map { String($0.framesBeforeStart) }.joined(separator: ", ")) frames of start-up and draw-path trial); "
            + "renderer \(runs.first?.rendererSummary ?? ""); layers drawn by \(runs.first?.drawPath ?? "")"
        let p50 = Measurement(samples: runs.map(\.latencies.median))
        var p50Figure = BenchFigure(section: "latency", name: "input to present, \(label), p50", unit: "ms",
                                    median: p50.median * 1000, low: p50.range.low * 1000, high: p50.range.high * 1000, runs: runs.count)
        p50Figure.note = "median of \(runs.count) window runs of \(BenchFigure.format(seconds)) s; \(measured)"
        let p99 = Measurement(samples: runs.map(\.p99))
        var p99Figure = BenchFigure(section: "latency", name: "input to present, \(label), p99", unit: "ms",
                                    median: p99.median * 1000, low: p99.range.low * 1000, high: p99.range.high * 1000, runs: runs.count)
        let metRuns = runs.filter(\.metTarget).count
        let verdict: String
        if is3D {
            verdict = "no target: a 3D transition may take up to \(DecimalFormat.fixedString(Self.frameBudget(is3D: true) * 1000, decimals: 2)) ms to draw (its rendering budget), so up to a frame more; under a frame in \(metRuns) of \(runs.count) runs"
        } else {
            p99Figure.target = ("p99 < the run's frame interval in every run", metRuns == runs.count)
            verdict = "met in \(metRuns) of \(runs.count) runs"
        }
        p99Figure.note = verdict + "; per run: "
            + runs.map(\.summary).joined(separator: "; ")
        let arrival = Measurement(samples: runs.flatMap(\.arrivalLatencies))
        var arrivalFigure = BenchFigure(section: "latency", name: "arrival in the queue to present, \(label), p50", unit: "ms",
                                        median: arrival.median * 1000, low: arrival.range.low * 1000, high: arrival.range.high * 1000,
                                        runs: arrival.samples.count)
        arrivalFigure.note = "over the \(runs.count) runs' events: the figures above plus each event's wait in the queue for the next frame "
            + "to take its input (up to one frame interval)"
        // An event arriving at a uniformly random moment waits for the next latch up to a whole
        // interval, so 1 in 100 waits 0.99 of one; the frame then takes its latch-to-present.
        let limit = is3D ? arrivalLimit3D : arrivalLimit2D
        let arrivalP99 = Measurement(samples: runs.map(\.arrivalP99))
        var arrivalP99Figure = BenchFigure(section: "latency", name: "arrival in the queue to present, \(label), p99", unit: "ms",
                                           median: arrivalP99.median * 1000, low: arrivalP99.range.low * 1000, high: arrivalP99.range.high * 1000,
                                           runs: runs.count)
        let arrivalMet = runs.filter { $0.arrivalMet(limit: limit) }.count
        arrivalP99Figure.target = ("p99 < \(DecimalFormat.string(limit, decimals: 1)) of the run's frame interval in every run", arrivalMet == runs.count)
        arrivalP99Figure.note = "met in \(arrivalMet) of \(runs.count) runs; per run: " + runs.map { run in
            "p99 \(BenchFigure.format(run.arrivalP99 * 1000)) ms = \(DecimalFormat.fixedString(run.arrivalP99 / max(run.frameInterval ?? .infinity, 1e-9), decimals: 2)) of its "
                + "\(run.frameInterval.map { BenchFigure.format($0 * 1000) } ?? "—") ms frames, the bound for events arriving at random "
                + "0.99 × interval + latch-to-present p50 = \(BenchFigure.format(run.arrivalBound * 1000)) ms"
        }.joined(separator: "; ")
        let leads = Measurement(samples: runs.flatMap { $0.schedules.map(\.latchedBeforePresent) })
        let estimates = Measurement(samples: runs.flatMap { $0.schedules.map(\.costEstimate) })
        let lateness = runs.flatMap { $0.schedules.map(\.presentedAfterRefresh) }
        var scheduleFigure = BenchFigure(section: "latency", name: "late latching, \(transition): input taken before the present, p50", unit: "ms",
                                         median: leads.median * 1000, low: leads.range.low * 1000, high: leads.range.high * 1000, runs: leads.samples.count)
        scheduleFigure.note = "each frame takes its input at its refresh less the cost estimate and \(BenchFigure.format(FramePacer.latchMargin * 1000)) ms "
            + "(the estimate: the 95th percentile of the last \(FramePacer.costHistory) frames' latch-to-present costs), p50 \(BenchFigure.format(estimates.median * 1000)) ms, "
            + "p99 \(BenchFigure.format(estimates.percentile(0.99) * 1000)) ms; input taken p99 \(BenchFigure.format(leads.percentile(0.99) * 1000)) ms before the present; "
            + "\(lateness.filter { $0 > 0 }.count) of \(lateness.count) frames presented after the refresh they aimed at "
            + "(p99 \(BenchFigure.format(Measurement(samples: lateness).percentile(0.99) * 1000)) ms after it)"
        return [p50Figure, p99Figure, arrivalFigure, arrivalP99Figure, scheduleFigure]
    }

    /// The arrival-to-present p99 a 2D transition must stay under, in frame intervals.
    static let arrivalLimit2D = 1.0
    /// The same for a 3D transition, whose drawing budget is itself a 60 Hz frame.
    static let arrivalLimit3D = 1.5


    /// One window run of the latency probe, reduced to what the figures need.
    private struct LatencyRun {
        /// Seconds from dequeue to present, one per event.
        let latencies: Measurement
        /// The 99th percentile of ``latencies``, in seconds.
        let p99: Double
        /// Frames presented while measuring.
        let frameCount: Int
        /// The mean interval between their presents, in seconds; nil before two frames.
        let frameInterval: Double?
        /// True when measuring lasted the whole duration asked for (within one frame).
        let isComplete: Bool
        /// Frames presented before the probe started.
        let framesBeforeStart: Int
        /// Seconds from arrival in the queue to present, one per event.
        let arrivalLatencies: [Double]
        /// The 99th percentile of ``arrivalLatencies``, in seconds.
        let arrivalP99: Double
        /// How each frame measured was scheduled.
        let schedules: [FrameSchedule]
        /// Points between the drawn finger and the real one, one per frame.
        let drawnDistances: [Double]
        /// The window's renderer and why, as the HUD says it.
        let rendererSummary: String
        /// The path that drew the layers and why, as the HUD says it.
        let drawPath: String

        init(probe: LatencyProbe, seconds: Double) {
            latencies = Measurement(samples: probe.latencies)
            p99 = latencies.percentile(0.99)
            frameCount = probe.frameCount
            frameInterval = probe.frameInterval
            isComplete = !latencies.samples.isEmpty && probe.measuredSpan >= seconds - (probe.frameInterval ?? seconds)
            framesBeforeStart = probe.framesBeforeStart
            arrivalLatencies = probe.arrivalLatencies
            arrivalP99 = Measurement(samples: probe.arrivalLatencies).percentile(0.99)
            schedules = probe.schedules
            drawnDistances = probe.drawnDistances
            rendererSummary = probe.rendererSummary
            drawPath = probe.drawPath
        }

        /// True when measuring was complete and the p99 is under one frame interval.
        var metTarget: Bool { isComplete && frameInterval.map { p99 < $0 } ?? false }

        /// True when measuring was complete and the arrival-to-present p99 is under `limit`
        /// frame intervals.
        func arrivalMet(limit: Double) -> Bool { isComplete && frameInterval.map { arrivalP99 < limit * $0 } ?? false }

        /// The least arrival-to-present p99 any frame schedule gives events arriving at random
        /// moments at this run's frame interval and latch-to-present, in seconds.
        var arrivalBound: Double { 0.99 * (frameInterval ?? 0) + latencies.median }

        /// The run in a few words, for the figure's note.
        var summary: String {
            let frames = "\(frameCount) frames of \(frameInterval.map { BenchFigure.format($0 * 1000) } ?? "—") ms"
            return "p99 \(BenchFigure.format(p99 * 1000)) ms, \(latencies.samples.count) events, \(frames)\(isComplete ? "" : " (incomplete: not counted as met)")"
        }
    }

    /// Opens the window at ``latencyWindowSize`` drawing `transition` with `prediction`,
    /// measures for `seconds` once it has settled and returns the probe's measurements.
    /// A window that cannot open is tried once more after ``windowRetryPause`` seconds: under
    /// Xvfb the display twice refused one of some 150 windows this section opened in a day
    /// (SDL: "x11 not available", its connection refused) and took the next.
    private static func probeWindow(transition: TransitionName, prediction: PredictorName, seconds: Double, context: BenchContext) throws -> LatencyProbe {
        var configuration = SessionConfiguration()
        configuration.transition = transition
        configuration.prediction = prediction
        func attempt() throws -> LatencyProbe {
            let probe = LatencyProbe(duration: seconds)
            var options = PlaygroundOptions(configuration: configuration, windowSize: Self.latencyWindowSize)
            options.observer = probe
            options.recordFolder = context.workspace
            _ = try PlaygroundWindow.launch(options: options)
            return probe
        }
        do {
            return try attempt()
        } catch let error as DisplayError where DisplayEnvironment.hasDisplay {
            Console.error("latency: \(error.description); trying once more in \(BenchFigure.format(Self.windowRetryPause)) s")
            Pause.sleep(seconds: Self.windowRetryPause)
            return try attempt()
        }
    }

    /// Seconds to wait before opening a window that failed to open once.
    static let windowRetryPause = 1.0

    /// The predictor the latency section compares with none: the best on real touchscreen
    /// strokes (docs/prediction.md), at the default 16 ms horizon.
    static let latencyPredictor = PredictorName.linearFirst

    /// How far the drawn finger was from the real one when each frame's present returned.
    private static func drawnDistance(_ samples: [Double], prediction: PredictorName) -> BenchFigure {
        let distances = Measurement(samples: samples)
        let label = prediction == .none ? "prediction off" : "prediction \(prediction.rawValue), 16 ms"
        var figure = BenchFigure(section: "latency", name: "drawn finger to real finger at present, \(label), p50", unit: "points",
                                 median: distances.median, low: distances.range.low, high: distances.range.high, runs: distances.samples.count)
        figure.note = "p95 \(BenchFigure.format(distances.percentile(0.95))) points; the synthetic finger moves at 1280 points/s"
        return figure
    }

    /// 8,000 pointer events per second for 10 s through the recorder: events lost, and what
    /// recording costs per frame.
    static func recorder(_ context: BenchContext) throws -> [BenchFigure] {
        let seconds = context.quick ? 2.0 : 10.0
        let rate = 8000.0
        let frameRate = 60.0
        func runFrames(recording: Bool) throws -> (frameTimes: [Double], sent: Int, written: Int) {
            let configuration = try SessionConfiguration().resolve()
            var stage = Stage(configuration: configuration)
            let header = TraceHeader(created: "", program: "bench", windowSize: Size(width: 800, height: 600), devices: [],
                                     configuration: SessionConfiguration())
            let recorder = recording ? Recorder(folder: context.workspace, header: header, startTime: 0) : nil
            let wall = ContinuousClock()
            let start = wall.now
            var frameTimes: [Double] = []
            var sent = 0
            var down = false
            for frame in 0..<Int(seconds * frameRate) {
                let frameStart = wall.now
                let due = Int(Double(frame + 1) / frameRate * rate)
                while sent < due {
                    let time = Double(sent) / rate
                    let phase: PointerPhase = !down ? .down : (sent % 4000 == 3999 ? .up : .move)
                    down = phase != .up
                    let event = PointerEvent(pointerID: 0, kind: .mouse, phase: phase,
                                             position: Point(x: 100 + Double(sent % 4000) * 0.1, y: 300), timestamp: time)
                    _ = stage.feed(event)
                    recorder?.record(event)
                    sent += 1
                }
                frameTimes.append(Measurement.seconds(wall.now - frameStart))
                let next = Double(frame + 1) / frameRate
                Pause.sleep(seconds: next - Measurement.seconds(wall.now - start))
            }
            var written = 0
            if let recorder {
                let path = try recorder.finish(at: seconds)
                written = try Trace.load(path: path).events.filter { $0.phase != .cancel }.count
            }
            return (frameTimes, sent, written)
        }
        let without = try runFrames(recording: false)
        let with = try runFrames(recording: true)
        let plain = Measurement(samples: without.frameTimes)
        let recorded = Measurement(samples: with.frameTimes)
        var lost = BenchFigure(section: "recorder", name: "events lost at 8 kHz for \(Int(seconds)) s", unit: "events",
                               median: Double(with.sent - with.written), low: Double(with.sent - with.written), high: Double(with.sent - with.written), runs: 1)
        lost.target = ("0 lost", with.sent == with.written)
        lost.note = "\(with.written) of \(with.sent) events on disk"
        var cost = BenchFigure(section: "recorder", name: "work per frame while recording, p50", unit: "ms",
                               median: recorded.median * 1000, low: recorded.range.low * 1000, high: recorded.range.high * 1000,
                               runs: recorded.samples.count)
        cost.reference = ("not recording (p50 \(BenchFigure.format(plain.median * 1000)) ms)", plain.median / max(recorded.median, 1e-9))
        cost.note = "p99 \(BenchFigure.format(recorded.percentile(0.99) * 1000)) ms recording vs \(BenchFigure.format(plain.percentile(0.99) * 1000)) ms not"
        return [lost, cost]
    }

    /// Wall time of `check` over the corpus, and over 1,000 traces made by `trace transform`,
    /// on one core and on all cores.
    static func check(_ context: BenchContext) throws -> [BenchFigure] {
        let corpus = try TraceInputs.expand(["recordings"])
        guard !corpus.isEmpty else { return [] }
        var figures: [BenchFigure] = []
        let corpusTime = Measurement.time(runs: context.runs) { _ = CorpusCheck.run(paths: corpus, expected: nil) }
        var corpusFigure = BenchFigure.from(corpusTime, section: "check", name: "check the corpus (\(corpus.count) traces), 1 core",
                                            unit: "ms", perRun: { $0 * 1000 })
        corpusFigure.note = "\(BenchFigure.format(corpusTime.median / Double(corpus.count) * 100 * 1000)) ms per 100 traces"
        figures.append(corpusFigure)

        let count = context.size(1000, quick: 200)
        let folder = PathName.appending("transformed", to: context.workspace)
        try OutputFile.createFolder(folder)
        let sources = try corpus.map { try Trace.load(path: $0) }
        for index in 0..<count {
            var transform = TraceTransform()
            transform.positionJitter = 0.5
            transform.seed = UInt64(index)
            transform.mirrorHorizontally = index % 2 == 1
            try TraceWriter.write(transform.apply(to: sources[index % sources.count]),
                                  to: PathName.appending(CFormat.string("t%05ld.json", index), to: folder))
        }
        let paths = try TraceInputs.expand([folder])
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let one = Measurement.time(runs: context.runs) { _ = CorpusCheck.run(paths: paths, expected: nil, jobs: 1) }
        let all = Measurement.time(runs: context.runs) { _ = CorpusCheck.run(paths: paths, expected: nil, jobs: cores) }
        var oneFigure = BenchFigure.from(one, section: "check", name: "check \(count) transformed traces, 1 core", unit: "ms", perRun: { $0 * 1000 })
        oneFigure.note = "\(BenchFigure.format(one.median / Double(count) * 100 * 1000)) ms per 100 traces"
        oneFigure.target = ("well under 1 s per 100 traces", one.median / Double(count) * 100 < 1)
        var allFigure = BenchFigure.from(all, section: "check", name: "check \(count) transformed traces, \(cores) cores", unit: "ms", perRun: { $0 * 1000 })
        allFigure.reference = ("1 core", one.median / all.median)
        return figures + [oneFigure, allFigure]
    }

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
