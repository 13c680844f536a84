import Engine

/// How far each predictor's guess lands from where the pointer really was: at every position
/// of every stroke, each predictor (fed the stroke so far) predicts the position `horizon`
/// later, and the error is the distance, in points, to the real position then (interpolated
/// between the real positions either side). Positions whose horizon runs past the stroke's
/// end are not measured. A predictor that has no prediction yet holds the last position, as a
/// window would draw it.
public struct PredictionErrorSurvey {
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
    /// Strokes measured.
    public private(set) var strokes = 0

    /// A survey of `predictors` at `horizons` seconds.
    public init(predictors: [PredictorName], horizons: [Double] = Self.standardHorizons) {
        self.predictors = predictors
        self.horizons = horizons
        errors = Array(repeating: Array(repeating: [], count: horizons.count), count: predictors.count)
        outsideErrors = Array(repeating: [], count: horizons.count)
    }

    /// Measures every stroke of `events` (one trace, in time order): each pointer from its
    /// down to its lift or cancel.
    public mutating func add(_ events: [PointerEvent]) {
        for stroke in Self.strokes(of: events) { measure(stroke.map { ($0.time, $0.position) }) }
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
    private static func strokes(of events: [PointerEvent]) -> [[(index: Int, time: Double, position: Point)]] {
        var open: [Int: [(index: Int, time: Double, position: Point)]] = [:]
        var strokes: [[(index: Int, time: Double, position: Point)]] = []
        for (index, event) in events.enumerated() {
            let sample = (index: index, time: event.timestamp, position: event.position)
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

    /// Measures one stroke's positions.
    private mutating func measure(_ stroke: [(time: Double, position: Point)]) {
        guard stroke.count > 1 else { return }
        strokes += 1
        for (index, name) in predictors.enumerated() {
            var predictor = name.makePredictor()
            var cursors = Array(repeating: 0, count: horizons.count)
            for sample in stroke {
                predictor?.update(sample.position, at: sample.time)
                for (slot, horizon) in horizons.enumerated() {
                    let target = sample.time + horizon
                    guard let end = stroke.last?.time, target <= end else { continue }
                    while cursors[slot] + 1 < stroke.count, stroke[cursors[slot] + 1].time <= target { cursors[slot] += 1 }
                    let truth = Self.position(in: stroke, after: cursors[slot], at: target)
                    let guess = predictor?.prediction(at: target) ?? sample.position
                    errors[index][slot].append((guess - truth).length)
                }
            }
        }
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
