import Engine
import Interaction
@testable import Lab
@testable import SDLFront
import Testing

/// `predict`'s table, on a synthetic stroke with exact values.
@Suite("predict command")
struct PredictCommandTests {
    @Test func theTableGivesRMSAndNinetyFifthPercentilePerHorizonAndTheCountOfPositions() {
        // 1 point per millisecond: 0, 10, 20, 30 points at 0, 10, 20, 30 ms.
        let phases: [PointerPhase] = [.down, .move, .move, .up]
        var stroke: [PointerEvent] = []
        for (index, phase) in phases.enumerated() {
            let step = Double(index)
            stroke.append(PointerEvent(pointerID: 1, kind: .touch, phase: phase, position: Point(x: step * 10, y: 0), timestamp: step / 100))
        }
        var survey = PredictionErrorSurvey(predictors: [.none, .linearFirst], horizons: [0.008, 0.016])
        survey.add(stroke)
        #expect(PredictCommand.table(survey, traces: 1) == [
            "prediction error in points (RMS / 95th percentile) over 1 traces, 1 strokes",
            "predictor         8 ms              16 ms             ",
            "none              8.00 / 8.00       16.00 / 16.00     ",
            "linear-first      6.53 / 8.00       16.00 / 16.00     ",
            "positions         3                 2                 ",
        ])
    }

    @Test("--horizon 1 and 100 ms run; the nearest numbers below 1 and above 100 are usage errors naming the range")
    func horizonAtTheLimitsAndOnePast() {
        #expect(ConfigurationOptions.predictionHorizonMilliseconds == 1...100)
        for milliseconds in ["1", "100"] {
            let (code, output) = InjectionTests.captured(["predict", OutputFileTests.demo, "--horizon", milliseconds])
            #expect(code == .success)
            #expect(String(decoding: output, as: UTF8.self).contains("\npredictor         \(milliseconds) ms "))
        }
        for milliseconds in [String(1.0.nextDown), String(100.0.nextUp)] {
            let (code, output) = InjectionTests.captured(["predict", OutputFileTests.demo, "--horizon", milliseconds])
            #expect(code == .usage)
            #expect(String(decoding: output, as: UTF8.self).hasPrefix("gesture-lab: option '--horizon' needs a number in 1.0…100.0, got '\(milliseconds)'\n"))
        }
    }

    @Test("check and agree --predict-horizon 1 and 100 ms run; the nearest numbers below 1 and above 100 are usage errors naming the range")
    func predictHorizonAtTheLimitsAndOnePast() {
        #expect(SessionConfiguration.predictionHorizons == 0.001...0.1)
        for command in ["check", "agree"] {
            for milliseconds in ["1", "100"] {
                let (code, output) = InjectionTests.captured([command, OutputFileTests.demo, "--predict", "lsq", "--predict-horizon", milliseconds])
                #expect(code == .success, "\(command) \(milliseconds): \(String(decoding: output, as: UTF8.self))")
            }
            for milliseconds in [String(1.0.nextDown), String(100.0.nextUp)] {
                let (code, output) = InjectionTests.captured([command, OutputFileTests.demo, "--predict", "lsq", "--predict-horizon", milliseconds])
                #expect(code == .usage)
                #expect(String(decoding: output, as: UTF8.self).hasPrefix("gesture-lab: option '--predict-horizon' needs a number in 1.0…100.0, got '\(milliseconds)'\n"))
            }
        }
    }

    @Test func aPredictorWorseThanNoneIsMarkedAndAFootnoteSaysWhyFromTheStrokes() {
        // 10 points at 10 ms, 10 more 1 ms later, then 1 point in 9 ms (whole milliseconds).
        let points: [(PointerPhase, Double, Double)] = [(.down, 0, 0), (.move, 10, 10), (.move, 20, 11), (.move, 21, 20), (.up, 30, 30)]
        let stroke = points.map { PointerEvent(pointerID: 1, kind: .pen, phase: $0.0, position: Point(x: $0.1, y: 0), timestamp: $0.2 / 1000) }
        var survey = PredictionErrorSurvey(predictors: [.none, .linearFirst], horizons: [0.008, 0.026])
        survey.add(stroke)
        #expect(PredictCommand.table(survey, traces: 1) == [
            "prediction error in points (RMS / 95th percentile) over 1 traces, 1 strokes",
            "predictor         8 ms              26 ms             ",
            "none              7.63 / 10.78      26.40 / 26.40     ",
            "linear-first      40.24 / 79.11 *   26.40 / 26.40     ",
            "positions         4                 1                 ",
            "26 ms: further ahead than Chromium's kMaxPredictionTime (25 ms) no predictor predicts; every one holds the last position",
            "* worse than none (holding the last position) at the 95th percentile; why, measured on these strokes (times in whole "
                + "milliseconds: 100.0%; steps between moves under 2 ms, Chromium's kResampleMinDelta: 50.0%):",
            "  linear-first, 8 ms: p95 79.11 against 10.78: steps under 2 ms: 2 of 4 predictions follow a step under 2 ms; "
                + "holding at those instead, p95 10.78",
        ])
    }

    @Test func eachCauseIsExplainedWithItsNumbers() {
        func shortfall(_ held: Double, _ velocity: Double?, _ velocityHeld: Double?, afterShort: Int = 3) -> PredictionShortfall {
            PredictionShortfall(percentile95: 20, holdingPercentile95: 10, positions: 100, afterShortSteps: afterShort,
                                percentile95HoldingAfterShortSteps: held, velocityAlonePercentile95: velocity,
                                velocityAloneHoldingAfterShortStepsPercentile95: velocityHeld)
        }
        let held = "3 of 100 predictions follow a step under 2 ms; holding at those instead, p95 "
        #expect(PredictCommand.explanation(shortfall(9, nil, nil)) == "p95 20.00 against 10.00: steps under 2 ms: " + held + "9.00")
        #expect(PredictCommand.explanation(shortfall(12, 8, 8, afterShort: 0))
                == "p95 20.00 against 10.00: its acceleration term: velocity alone (linear-first), p95 8.00")
        #expect(PredictCommand.explanation(shortfall(12, 14, 9)) == "p95 20.00 against 10.00: steps under 2 ms and its acceleration term together: "
                + held + "12.00; velocity alone (linear-first), p95 14.00, and holding after those steps too, p95 9.00")
        #expect(PredictCommand.explanation(shortfall(12, 14, 11)) == "p95 20.00 against 10.00: neither steps under 2 ms (" + held
                + "12.00) nor its acceleration term (velocity alone (linear-first), p95 14.00) explains it")
    }
}
