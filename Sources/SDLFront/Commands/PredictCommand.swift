import Foundation
import Interaction
import Lab

/// `gesture-lab predict TRACE|FOLDER... [--predictor NAME] [--horizon MS] [--plot OUT.png]`.
struct PredictCommand: Command {
    let spec = CommandSpec(
        name: "predict",
        summary: "Measure how far each predictor's guess lands from where the pointer really was next (RMS and 95th percentile, points).",
        usage: "predict TRACE|FOLDER... [--predictor NAME] [--horizon MS] [--plot OUT.png]",
        options: [
            OptionSpec(name: "--predictor", valueName: "NAME",
                       help: "One predictor to compare with none: \(PredictorName.allCases.map(\.rawValue).joined(separator: ", ")) (default: all)."),
            OptionSpec(name: "--horizon", valueName: "MS", help: "One horizon in milliseconds, \(ConfigurationOptions.predictionHorizonText) (default: 8, 16 and 33)."),
            OptionSpec(name: "--plot", valueName: "OUT.png", help: "Also draw RMS error against horizon (must not exist unless --force)."),
            .force,
        ],
        positionals: 1...Int.max,
        inputPathsFrom: 0,
        details: """
        At every position of every stroke, each predictor, fed the stroke so far, predicts the position
        the horizon later; the error is the distance to the real position then (interpolated between the
        real ones). A predictor with no prediction yet holds the last position, as 'none' always does.
        See docs/prediction.md.
        Example:
          gesture-lab predict recordings/ --plot /tmp/prediction.png
        """)

    /// The horizons `--plot` draws, in seconds: every 2 ms up to 40 ms.
    static let plotHorizons = stride(from: 2, through: 40, by: 2).map { Double($0) / 1000 }

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> ExitCode {
        var predictors = PredictorName.allCases
        if let name: PredictorName = try arguments.choice("--predictor", spec: spec) {
            predictors = name == .none ? [.none] : [.none, name]
        }
        var horizons = PredictionErrorSurvey.standardHorizons
        if let milliseconds = try arguments.double("--horizon", in: ConfigurationOptions.predictionHorizonMilliseconds, spec: spec) {
            horizons = [milliseconds / 1000]
        }
        let paths = try TraceInputs.expand(arguments.positionals)
        if let output = arguments.value("--plot") { try OutputFile.checkCanCreate(output, force: arguments.flag("--force")) }
        var survey = PredictionErrorSurvey(predictors: predictors, horizons: horizons)
        var plotted = arguments.value("--plot") == nil ? nil : PredictionErrorSurvey(predictors: predictors, horizons: Self.plotHorizons)
        for path in paths {
            let trace = try TraceLoading.load(path)
            survey.add(trace.events)
            survey.addOutsidePredictions(trace.events, predicted: trace.predictions.mapValues { $0.map { ($0.timestamp, $0.position) } })
            plotted?.add(trace.events)
        }
        for line in Self.table(survey, traces: paths.count) { Console.out(line) }
        if let output = arguments.value("--plot"), let plotted {
            try PredictionErrorPlot().write(survey: plotted, title: "Prediction error against horizon · \(paths.count) traces, \(plotted.strokes) strokes",
                                            to: output, force: arguments.flag("--force"))
            Console.out("wrote \(output)")
        }
        return .success
    }

    /// The table: a row per predictor, RMS / 95th percentile per horizon.
    static func table(_ survey: PredictionErrorSurvey, traces: Int) -> [String] {
        let width = 18
        func cell(_ text: String) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }
        var lines = ["prediction error in points (RMS / 95th percentile) over \(traces) traces, \(survey.strokes) strokes"]
        lines.append(cell("predictor") + survey.horizons.map { cell("\(DecimalFormat.string($0 * 1000, decimals: 1)) ms") }.joined())
        for (index, name) in survey.predictors.enumerated() {
            lines.append(cell(name.rawValue) + survey.horizons.indices.map { slot in
                guard let rms = survey.rms(predictor: index, horizon: slot), let p95 = survey.percentile95(predictor: index, horizon: slot) else {
                    return cell("—")
                }
                return cell("\(DecimalFormat.fixedString(rms, decimals: 2)) / \(DecimalFormat.fixedString(p95, decimals: 2))")
            }.joined())
        }
        lines.append(cell("positions") + survey.horizons.indices.map { cell("\(survey.count(horizon: $0))") }.joined())
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
