import Engine
@testable import Interaction
import Testing

/// The guards Chromium puts around its predictors (``PointerPrediction``), each at its boundary
/// with exact positions: the gap that starts a new stroke (`kMaxTimeDelta`, 20 ms), the
/// furthest prediction (`kMaxPredictionTime`, 25 ms), the smallest step (`LinearPredictor`
/// refuses only 0; `LeastSquaresPredictor` a singular fit), the down never fed, and holding
/// the last position whenever there is no prediction.
@Suite("Prediction guards")
struct PredictionGuardTests {
    /// A pointer fed `events` (phase, x in points, time in milliseconds; y is 0).
    static func pointer(_ name: PredictorName, _ events: [(PointerPhase, Double, Double)]) -> PointerPrediction {
        var prediction = PointerPrediction(name)
        for (phase, x, milliseconds) in events { prediction.take(phase, at: Point(x: x, y: 0), time: milliseconds / 1000) }
        return prediction
    }

    /// Where `prediction` puts the pointer at `milliseconds`.
    static func x(_ prediction: PointerPrediction, at milliseconds: Double) throws -> Double {
        try #require(prediction.position(at: milliseconds / 1000)).x
    }

    /// One point per millisecond from 10 ms, then a move `gap` milliseconds after the last.
    static func steadyThenGap(_ gap: Double, moves: Int) -> [(PointerPhase, Double, Double)] {
        var events: [(PointerPhase, Double, Double)] = [(.down, 0, 0)]
        for index in 1...moves { events.append((.move, Double(index * 10), Double(index * 10))) }
        let last = Double(moves * 10)
        events.append((.move, last + 20, last + gap))
        return events
    }

    @Test func aGapOfExactlyTwentyMillisecondsKeepsTheStrokeAndOneMicrosecondMoreStartsANewOne() throws {
        // linear-first: moves at 10, 20 and 40 ms (20 points on): 1 point per ms throughout.
        let kept = Self.pointer(.linearFirst, Self.steadyThenGap(20, moves: 2))
        #expect(try Self.x(kept, at: 56) == 56)
        // 20.001 ms: the predictor starts again from one position: no prediction, held.
        let restarted = Self.pointer(.linearFirst, Self.steadyThenGap(20.001, moves: 2))
        #expect(restarted.prediction(at: 0.056001) == nil)
        #expect(try Self.x(restarted, at: 56.001) == 40)

        // linear-second: the same, with its acceleration (0 here) from three positions.
        #expect(try Self.x(Self.pointer(.linearSecond, Self.steadyThenGap(20, moves: 2)), at: 56) == 56)
        #expect(try Self.x(Self.pointer(.linearSecond, Self.steadyThenGap(20.001, moves: 2)), at: 56.001) == 40)

        // lsq: three positions on x = t, a quadratic fit of them is x = t.
        let fitted = try Self.x(Self.pointer(.lsq, Self.steadyThenGap(20, moves: 2)), at: 56)
        #expect(abs(fitted - 56) < 1e-9)
        #expect(try Self.x(Self.pointer(.lsq, Self.steadyThenGap(20.001, moves: 2)), at: 56.001) == 40)

        // kalman: four positions make it stable; after the gap it has one.
        #expect(Self.pointer(.kalman, Self.steadyThenGap(20, moves: 3)).prediction(at: 0.066) != nil)
        let kalman = Self.pointer(.kalman, Self.steadyThenGap(20.001, moves: 3))
        #expect(kalman.prediction(at: 0.066001) == nil)
        #expect(try Self.x(kalman, at: 66.001) == 50)
    }

    @Test func aPredictionIsMadeUpToTwentyFiveMillisecondsAheadAndNoFurther() throws {
        let pointer = Self.pointer(.linearFirst, [(.down, 0, 0), (.move, 10, 10), (.move, 20, 20)])
        #expect(try Self.x(pointer, at: 45) == 45)
        #expect(pointer.prediction(at: 0.045001) == nil)
        #expect(try Self.x(pointer, at: 45.001) == 20)
        #expect(try Self.x(pointer, at: 53) == 20)
    }

    @Test func linearRefusesOnlyAStepOfZeroAndExtrapolatesOneOfAMicrosecond() throws {
        // The same time twice: velocity 0, so the prediction is the last position.
        let zero = Self.pointer(.linearFirst, [(.down, 0, 0), (.move, 10, 10), (.move, 10.5, 10)])
        #expect(try Self.x(zero, at: 26) == 10.5)
        let zeroSecond = Self.pointer(.linearSecond, [(.down, 0, 0), (.move, 0, 0), (.move, 10, 10), (.move, 10.5, 10)])
        #expect(try Self.x(zeroSecond, at: 26) == 10.5)
        // 1 µs apart, 0.5 points on: 500 points per ms, so 16 ms on is 8000 points further.
        let micro = Self.pointer(.linearFirst, [(.down, 0, 0), (.move, 10, 10), (.move, 10.5, 10.001)])
        #expect(abs(try Self.x(micro, at: 26.001) - 8010.5) < 1e-6)
    }

    @Test func leastSquaresWithTwoPositionsAtOneTimeHasNoFitAndHolds() throws {
        let pointer = Self.pointer(.lsq, [(.down, 0, 0), (.move, 10, 10), (.move, 12, 10), (.move, 20, 20)])
        #expect(pointer.prediction(at: 0.036) == nil)
        #expect(try Self.x(pointer, at: 36) == 20)
    }

    @Test func theDownIsNotFedSoThePredictionStartsFromTheMoves() throws {
        // A move 0.4 ms after the down, 10 points on (the corpus's edge pans): fed the down,
        // linear-first would put the pointer 400 points further 16 ms later.
        let first = Self.pointer(.linearFirst, [(.down, 0, 0), (.move, 10, 0.4)])
        #expect(first.prediction(at: 0.0164) == nil)
        #expect(try Self.x(first, at: 16.4) == 10)
        let second = Self.pointer(.linearFirst, [(.down, 0, 0), (.move, 10, 0.4), (.move, 18, 8.4)])
        #expect(try Self.x(second, at: 24.4) == 34)
        // Kalman is trusted after four moves, the down not counted.
        let three = Self.pointer(.kalman, [(.down, 0, 0), (.move, 10, 10), (.move, 20, 20), (.move, 30, 30)])
        #expect(three.prediction(at: 0.046) == nil)
        var four = three
        four.take(.move, at: Point(x: 40, y: 0), time: 0.040)
        #expect(four.prediction(at: 0.056) != nil)
    }

    @Test func aLiftOrCancelEndsThePredictionAndNoneAlwaysHolds() throws {
        var pointer = Self.pointer(.linearFirst, [(.down, 0, 0), (.move, 10, 10), (.move, 20, 20)])
        pointer.take(.up, at: Point(x: 25, y: 0), time: 0.025)
        #expect(pointer.prediction(at: 0.030) == nil)
        #expect(try Self.x(pointer, at: 30) == 25)
        let none = Self.pointer(.none, [(.down, 0, 0), (.move, 10, 10), (.move, 20, 20)])
        #expect(none.prediction(at: 0.030) == nil)
        #expect(try Self.x(none, at: 30) == 20)
        #expect(PointerPrediction(.kalman).position(at: 0) == nil)
    }
}
