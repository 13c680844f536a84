import Engine
import Interaction
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
}
