import Engine
@testable import Interaction
import Testing

/// The prediction error survey on small synthetic strokes, with exact values.
@Suite("Prediction error survey")
struct PredictionErrorSurveyTests {
    /// A finger moving 1 point per millisecond: 0, 10, 20, 30 points at 0, 10, 20, 30 ms.
    static let steady: [PointerEvent] = [
        PointerEvent(pointerID: 1, kind: .touch, phase: .down, position: Point(x: 0, y: 0), timestamp: 0),
        PointerEvent(pointerID: 1, kind: .touch, phase: .move, position: Point(x: 10, y: 0), timestamp: 0.010),
        PointerEvent(pointerID: 1, kind: .touch, phase: .move, position: Point(x: 20, y: 0), timestamp: 0.020),
        PointerEvent(pointerID: 1, kind: .touch, phase: .up, position: Point(x: 30, y: 0), timestamp: 0.030),
    ]

    @Test func holdingLagsByTheDistanceCoveredInTheHorizonAndLinearCatchesUpAfterTwoPositions() throws {
        var survey = PredictionErrorSurvey(predictors: [.none, .linearFirst], horizons: [0.008])
        survey.add(Self.steady)
        // Measured at 0, 10 and 20 ms (30 + 8 ms runs past the lift).
        #expect(survey.count(horizon: 0) == 3)
        #expect(survey.strokes == 1)
        // Holding: 8 points behind each time.
        #expect(survey.rms(predictor: 0, horizon: 0) == 8)
        #expect(survey.percentile95(predictor: 0, horizon: 0) == 8)
        // Linear: holds at the first position (8), exact after (0, 0).
        let rms = try #require(survey.rms(predictor: 1, horizon: 0))
        #expect(abs(rms - (64.0 / 3).squareRoot()) < 1e-12)
        #expect(survey.percentile95(predictor: 1, horizon: 0) == 8)
    }

    @Test func theTruthIsInterpolatedBetweenTheRealPositionsEitherSide() throws {
        var survey = PredictionErrorSurvey(predictors: [.none], horizons: [0.025])
        survey.add(Self.steady)
        // At 0 ms the truth at 25 ms is 25 points; at 5 ms there is no sample: 0 and 10 only.
        #expect(survey.count(horizon: 0) == 1)
        #expect(survey.rms(predictor: 0, horizon: 0) == 25)
    }

    @Test func eachPointerIsItsOwnStrokeAndAStrokeOfOnePositionIsNotMeasured() {
        var survey = PredictionErrorSurvey(predictors: [.none], horizons: [0.008])
        let tap = [PointerEvent(pointerID: 2, kind: .touch, phase: .down, position: Point(x: 5, y: 5), timestamp: 0.001)]
        survey.add(Self.steady + tap)
        #expect(survey.strokes == 1)
        #expect(survey.count(horizon: 0) == 3)
    }

    @Test func outsidePredictionsAreMeasuredAgainstTheTruthAtTheirOwnTimeAndBinnedByHowFarAhead() throws {
        var survey = PredictionErrorSurvey(predictors: [.none], horizons: [0.008, 0.016])
        // At the move at 10 ms (index 1): 4 ms ahead, 2 points off (truth 14); 12 ms ahead,
        // exact (truth 22); 25 ms ahead, beyond the last horizon. At the move at 20 ms
        // (index 2): 5 ms ahead lands at 25 ms, truth 25, guess 31: 6 points off; 15 ms
        // ahead runs past the lift at 30 ms.
        survey.addOutsidePredictions(Self.steady, predicted: [
            1: [(0.014, Point(x: 16, y: 0)), (0.022, Point(x: 22, y: 0)), (0.035, Point(x: 35, y: 0))],
            2: [(0.025, Point(x: 31, y: 0)), (0.035, Point(x: 35, y: 0))],
        ])
        #expect(survey.outsideCount(horizon: 0) == 2)
        #expect(survey.outsideCount(horizon: 1) == 1)
        let rms = try #require(survey.outsideRMS(horizon: 0))
        #expect(abs(rms - ((4.0 + 36.0) / 2).squareRoot()) < 1e-12)
        #expect(survey.outsidePercentile95(horizon: 0) == 6)
        #expect(survey.outsideRMS(horizon: 1) == 0)
        // The lab's own predictors are untouched by them.
        #expect(survey.count(horizon: 0) == 0)
        #expect(survey.strokes == 0)
    }
}
