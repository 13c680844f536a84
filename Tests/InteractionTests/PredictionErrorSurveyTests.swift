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

    @Test func holdingLagsByTheDistanceCoveredInTheHorizonAndLinearCatchesUpAfterTwoMoves() throws {
        var survey = PredictionErrorSurvey(predictors: [.none, .linearFirst], horizons: [0.008])
        survey.add(Self.steady)
        // Measured at 0, 10 and 20 ms (30 + 8 ms runs past the lift).
        #expect(survey.count(horizon: 0) == 3)
        #expect(survey.strokes == 1)
        // Holding: 8 points behind each time.
        #expect(survey.rms(predictor: 0, horizon: 0) == 8)
        #expect(survey.percentile95(predictor: 0, horizon: 0) == 8)
        // Linear: holds at the down and at the first move (the down is not fed, as in
        // Chromium: one position), exact after (8, 8, 0).
        let rms = try #require(survey.rms(predictor: 1, horizon: 0))
        #expect(abs(rms - (128.0 / 3).squareRoot()) < 1e-12)
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

    /// 10 points at 10 ms, then 10 more 1 ms later (a step under 2 ms), then 1 point in 9 ms.
    static let burst: [PointerEvent] = [
        PointerEvent(pointerID: 1, kind: .pen, phase: .down, position: Point(x: 0, y: 0), timestamp: 0),
        PointerEvent(pointerID: 1, kind: .pen, phase: .move, position: Point(x: 10, y: 0), timestamp: 0.010),
        PointerEvent(pointerID: 1, kind: .pen, phase: .move, position: Point(x: 20, y: 0), timestamp: 0.011),
        PointerEvent(pointerID: 1, kind: .pen, phase: .move, position: Point(x: 21, y: 0), timestamp: 0.020),
        PointerEvent(pointerID: 1, kind: .pen, phase: .up, position: Point(x: 30, y: 0), timestamp: 0.030),
    ]

    @Test func aPredictorWorseThanHoldingAfterAStepUnderTwoMillisecondsIsSaidToBeSo() throws {
        var survey = PredictionErrorSurvey(predictors: [.none, .linearFirst], horizons: [0.008])
        survey.add(Self.burst)
        // Measured at 0, 10, 11 and 20 ms; the truth 8 ms later is 8, 20 7/9, 20 8/9, 28.2.
        // Holding: 8, 10 7/9, 8/9, 7.2. Linear-first: holds at the down and the first move,
        // then 10 points per ms (100 at 19 ms: 79 1/9 off), then 1/9 point per ms (21 8/9 at 28 ms).
        #expect(survey.count(horizon: 0) == 4)
        #expect(survey.sampleCount == 5)
        #expect(survey.wholeMillisecondSamples == 5)
        #expect(survey.stepCount == 2)
        #expect(survey.shortStepCount == 1)
        #expect(survey.shortfall(predictor: 0, horizon: 0) == nil)
        let shortfall = try #require(survey.shortfall(predictor: 1, horizon: 0))
        #expect(abs(shortfall.percentile95 - (79 + 1.0 / 9)) < 1e-9)
        #expect(abs(shortfall.holdingPercentile95 - (10 + 7.0 / 9)) < 1e-9)
        #expect(shortfall.positions == 4)
        // The predictions at 11 ms and 20 ms follow the 1 ms step; holding there, the worst is holding's own.
        #expect(shortfall.afterShortSteps == 2)
        #expect(abs(shortfall.percentile95HoldingAfterShortSteps - (10 + 7.0 / 9)) < 1e-9)
        #expect(shortfall.velocityAlonePercentile95 == nil)
        #expect(shortfall.velocityAloneHoldingAfterShortStepsPercentile95 == nil)
        #expect(shortfall.cause == .shortSteps)
    }

    @Test func aShortfallNamesTheAccelerationTermWhenVelocityAloneIsNoWorseThanHolding() {
        func shortfall(heldAfterShortSteps: Double, velocityAlone: Double?, velocityHeld: Double? = nil) -> PredictionShortfall {
            PredictionShortfall(percentile95: 20, holdingPercentile95: 10, positions: 100, afterShortSteps: 3,
                                percentile95HoldingAfterShortSteps: heldAfterShortSteps, velocityAlonePercentile95: velocityAlone,
                                velocityAloneHoldingAfterShortStepsPercentile95: velocityHeld ?? velocityAlone)
        }
        #expect(shortfall(heldAfterShortSteps: 10, velocityAlone: 5).cause == .shortSteps)
        #expect(shortfall(heldAfterShortSteps: 10.01, velocityAlone: 10).cause == .accelerationTerm)
        #expect(shortfall(heldAfterShortSteps: 10.01, velocityAlone: 10.01, velocityHeld: 10).cause == .shortStepsAndAccelerationTerm)
        #expect(shortfall(heldAfterShortSteps: 10.01, velocityAlone: 10.01).cause == .unexplained)
        #expect(shortfall(heldAfterShortSteps: 10.01, velocityAlone: nil).cause == .unexplained)
    }

    @Test func pastTwentyFiveMillisecondsEveryPredictorHolds() throws {
        var survey = PredictionErrorSurvey(predictors: [.none, .linearFirst, .kalman], horizons: [0.025, 0.026])
        var long: [PointerEvent] = []
        for index in 0...10 {
            let phase: PointerPhase = index == 0 ? .down : index == 10 ? .up : .move
            let step = Double(index)
            long.append(PointerEvent(pointerID: 1, kind: .touch, phase: phase, position: Point(x: step * 10, y: 0), timestamp: step / 100))
        }
        survey.add(long)
        // 25 ms: linear-first is exact from the second move on; 26 ms: it holds, as none does.
        #expect(survey.rms(predictor: 1, horizon: 0) != survey.rms(predictor: 0, horizon: 0))
        #expect(survey.rms(predictor: 1, horizon: 1) == survey.rms(predictor: 0, horizon: 1))
        #expect(survey.rms(predictor: 2, horizon: 1) == survey.rms(predictor: 0, horizon: 1))
        #expect(survey.percentile95(predictor: 0, horizon: 1) == 26)
    }
}
