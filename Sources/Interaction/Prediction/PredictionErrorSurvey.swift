import Engine

/// How far each predictor's guess lands from where the pointer really was: at every position
/// of every stroke, each predictor (fed the stroke so far) predicts the position `horizon`
/// later, and the error is the distance, in points, to the real position then (interpolated
/// between the real positions either side). Positions whose horizon runs past the stroke's
/// end are not measured. Each predictor runs as Chromium's renderer runs it
/// (``PointerPrediction``: fed the moves, at most 25 ms ahead); with no prediction the last
/// position is held, as a window would draw it.
public struct PredictionErrorSurvey {
    /// One event of a stroke: its index in the trace, phase, time (seconds) and position (points).
    private struct Sample {
        let index: Int
        let phase: PointerPhase
        let time: Double
        let position: Point
    }

    /// The horizons the issue asks for: 8, 16 and 33 ms (half a 60 Hz frame, one and two).
    public static let standardHorizons = [0.008, 0.016, 0.033]

    /// The predictors compared, in order.
    public let predictors: [PredictorName]
    /// The horizons, in seconds.
    public let horizons: [Double]
    /// Errors in points, by predictor then horizon.
    private var errors: [[[Double]]]
    /// Errors in points of predictions made outside the lab, by horizon.
    private var outsideErrors: [[Double]]
    /// Errors in points holding the last position (``PredictorName/none``), by horizon, at
    /// the same positions as ``errors``.
    private var holdingErrors: [[Double]]
    /// Errors in points of velocity alone (``PredictorName/linearFirst``), by horizon.
    private var velocityErrors: [[Double]]
    /// Whether each measured position's prediction follows a short step, by horizon.
    private var afterShortStep: [[Bool]]
    /// Strokes measured.
    public private(set) var strokes = 0
    /// Samples (events) of the strokes measured.
    public private(set) var sampleCount = 0
    /// Samples whose time is a whole number of milliseconds.
    public private(set) var wholeMillisecondSamples = 0
    /// Steps between consecutive moves of the strokes measured.
    public private(set) var stepCount = 0
    /// Steps under ``PredictionTiming/minimumExtrapolationStep``.
    public private(set) var shortStepCount = 0

    /// A survey of `predictors` at `horizons` seconds.
    public init(predictors: [PredictorName], horizons: [Double] = Self.standardHorizons) {
        self.predictors = predictors
        self.horizons = horizons
        errors = Array(repeating: Array(repeating: [], count: horizons.count), count: predictors.count)
        outsideErrors = Array(repeating: [], count: horizons.count)
        holdingErrors = outsideErrors
        velocityErrors = outsideErrors
        afterShortStep = Array(repeating: [], count: horizons.count)
    }

    /// Measures every stroke of `events` (one trace, in time order): each pointer from its
    /// down to its lift or cancel.
    public mutating func add(_ events: [PointerEvent]) {
        for stroke in Self.strokes(of: events) { measure(stroke) }
    }

    /// Measures predictions made outside the lab, such as a browser's own
    /// (`getPredictedEvents()`): `predicted[i]` are the times (seconds) and positions (points)
    /// guessed when event `i` of `events` came, each compared with where that pointer really
    /// was then. A guess counts at the first of ``horizons`` at or beyond how far ahead it
    /// was made (the browser picks its own horizons); guesses further ahead than the last
    /// horizon, not ahead at all, or past the stroke's end are not measured.
    public mutating func addOutsidePredictions(_ events: [PointerEvent], predicted: [Int: [(time: Double, position: Point)]]) {
        guard !predicted.isEmpty else { return }
        for stroke in Self.strokes(of: events) {
            let samples = stroke.map { (time: $0.time, position: $0.position) }
            for (place, sample) in stroke.enumerated() {
                for guess in predicted[sample.index] ?? [] {
                    let ahead = guess.time - sample.time
                    guard ahead > 0, let end = samples.last?.time, guess.time <= end,
                          let slot = horizons.firstIndex(where: { ahead <= $0 + 1e-9 }) else { continue }
                    var cursor = place
                    while cursor + 1 < samples.count, samples[cursor + 1].time <= guess.time { cursor += 1 }
                    outsideErrors[slot].append((guess.position - Self.position(in: samples, after: cursor, at: guess.time)).length)
                }
            }
        }
    }

    /// Each pointer's stroke, from its down to its lift or cancel (or the trace's end), with
    /// each sample's index in `events`.
    private static func strokes(of events: [PointerEvent]) -> [[Sample]] {
        var open: [Int: [Sample]] = [:]
        var strokes: [[Sample]] = []
        for (index, event) in events.enumerated() {
            let sample = Sample(index: index, phase: event.phase, time: event.timestamp, position: event.position)
            switch event.phase {
            case .down:
                if let stroke = open[event.pointerID] { strokes.append(stroke) }
                open[event.pointerID] = [sample]
            case .move:
                open[event.pointerID]?.append(sample)
            case .up, .cancel:
                guard var stroke = open.removeValue(forKey: event.pointerID) else { continue }
                stroke.append(sample)
                strokes.append(stroke)
            }
        }
        for id in open.keys.sorted() { if let stroke = open[id] { strokes.append(stroke) } }
        return strokes
    }

    /// Measures one stroke's positions: each predictor's errors, and, for
    /// ``shortfall(predictor:horizon:)``, holding's and velocity alone's at the same positions
    /// and whether each prediction follows a short step.
    private mutating func measure(_ stroke: [Sample]) {
        guard stroke.count > 1 else { return }
        strokes += 1
        let samples = stroke.map { (time: $0.time, position: $0.position) }
        var measured: [PredictorName: [[Double]]] = [:]
        func errorsOf(_ name: PredictorName) -> [[Double]] {
            if let known = measured[name] { return known }
            let found = Self.errors(of: name, stroke, samples, horizons)
            measured[name] = found
            return found
        }
        for (index, name) in predictors.enumerated() {
            for (slot, values) in errorsOf(name).enumerated() { errors[index][slot] += values }
        }
        for (slot, values) in errorsOf(.none).enumerated() { holdingErrors[slot] += values }
        for (slot, values) in errorsOf(.linearFirst).enumerated() { velocityErrors[slot] += values }
        let end = samples[samples.count - 1].time
        // Whether each of the last two steps between moves was short (the most any predictor
        // extrapolates from directly).
        var lastMove: Double?
        var recentStepsShort = (false, false)
        for sample in stroke {
            sampleCount += 1
            if SampleTime.microseconds(sample.time) % 1000 == 0 { wholeMillisecondSamples += 1 }
            if sample.phase == .move {
                if let lastMove {
                    let step = sample.time - lastMove
                    stepCount += 1
                    let short = Self.isShort(step)
                    if short { shortStepCount += 1 }
                    recentStepsShort = (recentStepsShort.1, short)
                }
                lastMove = sample.time
            }
            let afterShort = recentStepsShort.0 || recentStepsShort.1
            for (slot, horizon) in horizons.enumerated() where Self.isMeasured(sample.time, horizon: horizon, end: end) {
                afterShortStep[slot].append(afterShort)
            }
        }
    }

    /// True when a prediction `horizon` seconds after `time` is measured: the stroke, ending at
    /// `end`, reaches that far (``errors(of:_:_:_:)`` and the short-step flags line up by this).
    private static func isMeasured(_ time: Double, horizon: Double, end: Double) -> Bool {
        time + horizon <= end
    }

    /// True for a step under ``PredictionTiming/minimumExtrapolationStep``, in whole microseconds.
    private static func isShort(_ step: Double) -> Bool {
        SampleTime.microseconds(step) < SampleTime.microseconds(PredictionTiming.minimumExtrapolationStep)
    }

    /// `name`'s errors at every measured position of `stroke`, by horizon.
    private static func errors(of name: PredictorName, _ stroke: [Sample], _ samples: [(time: Double, position: Point)],
                               _ horizons: [Double]) -> [[Double]] {
        var errors = Array(repeating: [Double](), count: horizons.count)
        var prediction = PointerPrediction(name)
        var cursors = Array(repeating: 0, count: horizons.count)
        let end = samples[samples.count - 1].time
        for sample in stroke {
            prediction.take(sample.phase, at: sample.position, time: sample.time)
            for (slot, horizon) in horizons.enumerated() {
                guard Self.isMeasured(sample.time, horizon: horizon, end: end) else { continue }
                let target = sample.time + horizon
                while cursors[slot] + 1 < samples.count, samples[cursors[slot] + 1].time <= target { cursors[slot] += 1 }
                let truth = Self.position(in: samples, after: cursors[slot], at: target)
                let guess = prediction.position(at: target) ?? sample.position
                errors[slot].append((guess - truth).length)
            }
        }
        return errors
    }

    /// The real position at `time`, between the sample at `index` (at or before it) and the next.
    private static func position(in stroke: [(time: Double, position: Point)], after index: Int, at time: Double) -> Point {
        let before = stroke[index]
        guard index + 1 < stroke.count else { return before.position }
        let after = stroke[index + 1]
        let span = after.time - before.time
        guard span > 0 else { return after.position }
        return before.position + (after.position - before.position) * ((time - before.time) / span)
    }

    /// The positions measured at the horizon numbered `slot`.
    public func count(horizon slot: Int) -> Int { errors.first?[slot].count ?? 0 }

    /// Root mean square error in points, nil when nothing was measured.
    public func rms(predictor index: Int, horizon slot: Int) -> Double? { Self.rms(errors[index][slot]) }

    /// The 95th percentile of the error in points (nearest rank), nil when nothing was measured.
    public func percentile95(predictor index: Int, horizon slot: Int) -> Double? { Self.percentile95(errors[index][slot]) }

    /// The predictions made outside the lab measured at the horizon numbered `slot`.
    public func outsideCount(horizon slot: Int) -> Int { outsideErrors[slot].count }

    /// Root mean square error in points of the predictions made outside the lab.
    public func outsideRMS(horizon slot: Int) -> Double? { Self.rms(outsideErrors[slot]) }

    /// The 95th percentile of the error in points of the predictions made outside the lab.
    public func outsidePercentile95(horizon slot: Int) -> Double? { Self.percentile95(outsideErrors[slot]) }

    /// Why the predictor numbered `index` is worse than holding the last position at the
    /// horizon numbered `slot` (its 95th percentile above holding's), measured on the same
    /// positions; nil when it is not worse.
    public func shortfall(predictor index: Int, horizon slot: Int) -> PredictionShortfall? {
        let own = errors[index][slot]
        guard let p95 = Self.percentile95(own), let holding = Self.percentile95(holdingErrors[slot]), p95 > holding else { return nil }
        let flags = afterShortStep[slot]
        func heldAfterShortSteps(_ values: [Double]) -> Double? {
            Self.percentile95(values.indices.map { flags[$0] ? holdingErrors[slot][$0] : values[$0] })
        }
        let acceleration = predictors[index].extrapolatesAcceleration
        return PredictionShortfall(
            percentile95: p95, holdingPercentile95: holding, positions: own.count,
            afterShortSteps: flags.filter { $0 }.count,
            percentile95HoldingAfterShortSteps: heldAfterShortSteps(own) ?? p95,
            velocityAlonePercentile95: acceleration ? Self.percentile95(velocityErrors[slot]) : nil,
            velocityAloneHoldingAfterShortStepsPercentile95: acceleration ? heldAfterShortSteps(velocityErrors[slot]) : nil)
    }

    private static func rms(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        return (values.reduce(0) { $0 + $1 * $1 } / Double(values.count)).squareRoot()
    }

    private static func percentile95(_ unsorted: [Double]) -> Double? {
        let values = unsorted.sorted()
        guard !values.isEmpty else { return nil }
        let rank = Int((0.95 * Double(values.count)).rounded(.up))
        return values[max(0, min(values.count, rank) - 1)]
    }
}
