import Engine
import Interaction
import Lab
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
            "linear-first      4.62 / 8.00       11.31 / 16.00     ",
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
}
