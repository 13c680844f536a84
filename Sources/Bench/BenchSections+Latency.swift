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
}
