import FoundationEssentials
import Glibc
import Interaction
import Output
import Traces

/// `gesture-lab predict TRACE|FOLDER... [--predictor NAME] [--horizon MS] [--plot OUT.png]`.
struct PredictCommand: Command {
    /// Where the window opens and pictures are drawn.
    let platform: any Platform

    /// Its options.
    private enum Option {
        static let predictor = OptionSpec(name: "--predictor", valueName: "NAME",
                                          help: "One predictor to compare with none: \(PredictorName.allCases.map(\.rawValue).joined(separator: ", ")) (default: all).",
                                          value: .choice(of: PredictorName.self))
        static let horizon = OptionSpec(name: "--horizon", valueName: "MS", help: "One horizon in milliseconds, \(ConfigurationOptions.predictionHorizonText) (default: 8, 16 and 33).",
                                        value: .number(ConfigurationOptions.predictionHorizonMilliseconds))
        static let plot = OptionSpec.path("--plot", "OUT.png", help: "Also draw RMS error against horizon (must not exist unless --force).")
    }

    let spec = CommandSpec(
        name: "predict",
        summary: "Measure how far each predictor's guess lands from where the pointer really was next (RMS and 95th percentile, points).",
        arguments: "TRACE|FOLDER...",
        options: [Option.predictor, Option.horizon, Option.plot, .force],
        positionals: 1...Int.max,
        inputPathsFrom: 0,
        details: """
        At every position of every stroke, each predictor, fed the stroke so far, predicts the position
        the horizon later; the error is the distance to the real position then (interpolated between the
        real ones). Each predictor runs as Chromium's renderer runs it: fed the moves (not the down), restarted
        after a gap over 20 ms, never more than 25 ms ahead; with no prediction it holds the last position, as
        'none' always does. A predictor worse than none at the 95th percentile is marked * and a footnote says
        why, measured on the strokes. See docs/prediction.md.
        Example:
          gesture-lab predict recordings/ --plot /tmp/prediction.png
        """)

    /// The horizons `--plot` draws, in seconds: every 2 ms up to 40 ms.
    static let plotHorizons = stride(from: 2, through: 40, by: 2).map { Double($0) / 1000 }

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> ExitCode {
        var predictors = PredictorName.allCases
        if let name: PredictorName = arguments.choice(Option.predictor) {
            predictors = name == .none ? [.none] : [.none, name]
        }
        var horizons = PredictionErrorSurvey.standardHorizons
        if let milliseconds = arguments.number(Option.horizon) {
            horizons = [milliseconds / 1000]
        }
        let paths = try TraceInputs.expand(arguments.positionals)
        if let output = arguments.value(Option.plot) { try OutputFile.checkCanCreate(output, force: arguments.flag(.force)) }
        var survey = PredictionErrorSurvey(predictors: predictors, horizons: horizons)
        var plotted = arguments.value(Option.plot) == nil ? nil : PredictionErrorSurvey(predictors: predictors, horizons: Self.plotHorizons)
        for path in paths {
            let trace = try TraceLoading.load(path)
            survey.add(trace.events)
            survey.addOutsidePredictions(trace.events, predicted: trace.predictions.mapValues { $0.map { ($0.timestamp, $0.position) } })
            plotted?.add(trace.events)
        }
        for line in Self.table(survey, traces: paths.count) { Console.out(line) }
        if let output = arguments.value(Option.plot), let plotted {
            try platform.writePredictionErrorPlot(survey: plotted, title: "Prediction error against horizon · \(paths.count) traces, \(plotted.strokes) strokes",
                                            to: output, force: arguments.flag(.force))
            Console.out("wrote \(output)")
        }
        return .success
    }

    /// One line of why a predictor is worse than holding, from the measurements.
    static func explanation(_ shortfall: PredictionShortfall) -> String {
        func points(_ value: Double) -> String { DecimalFormat.fixedString(value, decimals: 2) }
        let minimum = millisecondsText(PredictionTiming.minimumExtrapolationStep)
        let head = "p95 \(points(shortfall.percentile95)) against \(points(shortfall.holdingPercentile95)): "
        let held = "\(shortfall.afterShortSteps) of \(shortfall.positions) predictions follow a step under \(minimum); "
            + "holding at those instead, p95 \(points(shortfall.percentile95HoldingAfterShortSteps))"
        let velocity = shortfall.velocityAlonePercentile95.map { "velocity alone (linear-first), p95 \(points($0))" }
        switch shortfall.cause {
        case .shortSteps:
            return head + "steps under \(minimum): " + held
        case .accelerationTerm:
            return head + "its acceleration term: " + (velocity ?? "") + (shortfall.afterShortSteps > 0 ? " (" + held + ")" : "")
        case .shortStepsAndAccelerationTerm:
            return head + "steps under \(minimum) and its acceleration term together: " + held + "; " + (velocity ?? "")
                + ", and holding after those steps too, p95 " + points(shortfall.velocityAloneHoldingAfterShortStepsPercentile95 ?? .nan)
        case .unexplained:
            return head + "neither steps under \(minimum) (" + held + ")" + (velocity.map { " nor its acceleration term (" + $0 + ")" } ?? "")
                + " explains it"
        }
    }

    /// The table: a row per predictor, RMS / 95th percentile per horizon.
    static func table(_ survey: PredictionErrorSurvey, traces: Int) -> [String] {
        let width = 18
        func cell(_ text: String) -> String { text.padded(toLength: width) }
        var lines = ["prediction error in points (RMS / 95th percentile) over \(traces) traces, \(survey.strokes) strokes"]
        lines.append(cell("predictor") + survey.horizons.map { cell(millisecondsText($0)) }.joined())
        var shortfalls: [String] = []
        for (index, name) in survey.predictors.enumerated() {
            lines.append(cell(name.rawValue) + survey.horizons.indices.map { slot in
                guard let rms = survey.rms(predictor: index, horizon: slot), let p95 = survey.percentile95(predictor: index, horizon: slot) else {
                    return cell("—")
                }
                var text = "\(DecimalFormat.fixedString(rms, decimals: 2)) / \(DecimalFormat.fixedString(p95, decimals: 2))"
                if let shortfall = survey.shortfall(predictor: index, horizon: slot) {
                    text += " *"
                    shortfalls.append("  \(name.rawValue), \(millisecondsText(survey.horizons[slot])): " + Self.explanation(shortfall))
                }
                return cell(text)
            }.joined())
        }
        lines.append(cell("positions") + survey.horizons.indices.map { cell("\(survey.count(horizon: $0))") }.joined())
        let beyond = survey.horizons.filter { PredictionTiming.isBeyondMaximumPrediction($0, after: 0) }
        if !beyond.isEmpty {
            lines.append("\(beyond.map(millisecondsText).joined(separator: ", ")): further ahead than Chromium's kMaxPredictionTime "
                         + "(\(millisecondsText(PredictionTiming.maximumPrediction))) no predictor predicts; every one holds the last position")
        }
        if !shortfalls.isEmpty {
            lines.append("* worse than none (holding the last position) at the 95th percentile; why, measured on these strokes "
                         + "(times in whole milliseconds: \(percent(survey.wholeMillisecondSamples, of: survey.sampleCount)); steps between moves "
                         + "under \(millisecondsText(PredictionTiming.minimumExtrapolationStep)), Chromium's kResampleMinDelta: "
                         + "\(percent(survey.shortStepCount, of: survey.stepCount))):")
            lines += shortfalls
        }
        // The browser's own predictions (format 1.2's `predicted`), at the horizons it chose.
        if survey.horizons.indices.contains(where: { survey.outsideCount(horizon: $0) > 0 }) {
            lines.append(cell("browser") + survey.horizons.indices.map { slot in
                guard let rms = survey.outsideRMS(horizon: slot), let p95 = survey.outsidePercentile95(horizon: slot) else { return cell("—") }
                return cell("\(DecimalFormat.fixedString(rms, decimals: 2)) / \(DecimalFormat.fixedString(p95, decimals: 2))")
            }.joined())
            lines.append(cell("browser guesses") + survey.horizons.indices.map { cell("\(survey.outsideCount(horizon: $0))") }.joined())
            lines.append("browser: the trace's own predicted samples, each counted at the first horizon at or beyond how far ahead the browser guessed")
        }
        return lines
    }
}

/// `seconds` as milliseconds, e.g. "16 ms", "2 ms", "12.5 ms".
private func millisecondsText(_ seconds: Double) -> String { "\(DecimalFormat.string(seconds * 1000, decimals: 1)) ms" }

/// `part` of `whole` as a percentage with one decimal, e.g. "4.1%".
private func percent(_ part: Int, of whole: Int) -> String {
    "\(DecimalFormat.fixedString(whole > 0 ? Double(part) * 100 / Double(whole) : 0, decimals: 1))%"
}
