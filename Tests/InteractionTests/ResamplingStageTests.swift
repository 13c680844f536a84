import Engine
@testable import Interaction
import Testing

/// Resampling inside the stage: what each mode hands the session, frame by frame.
@Suite("Resampling in the stage")
struct ResamplingStageTests {
    /// A finger down at 0 s, moving 10 points every 10 ms, lifting at 30 ms.
    static let stroke: [PointerEvent] = [
        PointerEvent(pointerID: 1, kind: .touch, phase: .down, position: Point(x: 0, y: 0), timestamp: 0),
        PointerEvent(pointerID: 1, kind: .touch, phase: .move, position: Point(x: 10, y: 0), timestamp: 0.010),
        PointerEvent(pointerID: 1, kind: .touch, phase: .move, position: Point(x: 20, y: 0), timestamp: 0.020),
        PointerEvent(pointerID: 1, kind: .touch, phase: .up, position: Point(x: 30, y: 0), timestamp: 0.030),
    ]

    static func summary(_ events: [PointerEvent]) -> [String] {
        events.map { "\($0.phase.rawValue) \(DecimalFormat.string($0.position.x, decimals: 3)) @\(DecimalFormat.string($0.timestamp * 1000, decimals: 3))" }
    }

    @Test func flutterSamplesThirtyEightMillisecondsBeforeEachFrameBetweenTheEventsEitherSide() {
        var resampler = FlutterResampling()
        for event in Self.stroke { #expect(resampler.add(event).isEmpty) }
        // Frame at 50 ms samples at 12 ms: between the moves at 10 and 20 ms.
        #expect(Self.summary(resampler.frame(at: 0.050)) == ["down 12 @12"])
        // Frame at 66.667 ms samples at 28.667 ms; the lift at 30 ms is due before the next
        // sample (45.334 ms), so it goes now, after a synthetic move to the sampled position.
        #expect(Self.summary(resampler.frame(at: 0.066667)) == ["move 28.667 @28.667", "up 28.667 @28.667"])
        #expect(!resampler.hasPendingEvents)
    }

    @Test func flutterResamplesOnlyTouches() {
        var resampler = FlutterResampling()
        var mouse = Self.stroke[1]
        mouse.kind = .mouse
        #expect(resampler.add(mouse) == [mouse])
        #expect(!resampler.hasPendingEvents)
    }

    @Test func androidDeliversDownsAtOnceAndBatchedMovesWithAResampleFiveMillisecondsBeforeTheFrame() {
        var resampler = AndroidResampling()
        #expect(Self.summary(resampler.add(Self.stroke[0])) == ["down 0 @0"])
        #expect(resampler.add(Self.stroke[1]).isEmpty)
        #expect(resampler.add(Self.stroke[2]).isEmpty)
        // Frame at 24 ms samples at 19 ms: the move at 10 ms, then one between it and the
        // batched move at 20 ms (the next publish of the move at 20 ms happens at the frame).
        #expect(Self.summary(resampler.frame(at: 0.024)) == ["move 10 @10", "move 19 @19"])
        // The lift cannot join the batch: the move at 20 ms goes first, as it is.
        #expect(Self.summary(resampler.add(Self.stroke[3])) == ["move 20 @20", "up 30 @30"])
        #expect(!resampler.hasPendingEvents)
    }

    @Test func theStageDispatchesResampledEventsAtItsFrames() throws {
        var configuration = SessionConfiguration()
        configuration.resampling = .flutter
        var stage = Stage(configuration: try configuration.resolve(), playing: Self.stroke, startTime: 0)
        _ = stage.advance(to: 0.040)
        // The first frames sample before the down: nothing is in contact yet.
        #expect(stage.snapshot().pointers.isEmpty)
        _ = stage.advance(to: 0.051)
        // The frame at 50.001 ms samples at 12.001 ms.
        let position = try #require(stage.snapshot().pointers[1])
        #expect(abs(position.x - 12.001) < 1e-9)
        _ = stage.finishCompletion()
        #expect(stage.snapshot().pointers.isEmpty)
    }

    @Test func offDispatchesEveryEventAsItComes() throws {
        var stage = Stage(configuration: try SessionConfiguration().resolve(), playing: Self.stroke, startTime: 0)
        _ = stage.advance(to: 0.020)
        #expect(stage.snapshot().pointers[1] == Point(x: 20, y: 0))
    }
}

/// Prediction inside the stage: the session is driven from the predicted position.
@Suite("Prediction in the stage")
struct PredictionStageTests {
    @Test func movesGoWhereThePredictorPutsThemTheHorizonLaterAndLiftsStayReal() throws {
        var configuration = SessionConfiguration()
        configuration.prediction = .linearFirst
        configuration.predictionHorizon = 0.010
        var stage = Stage(configuration: try configuration.resolve(), playing: ResamplingStageTests.stroke, startTime: 0)
        _ = stage.advance(to: 0.020)
        // 1 point per millisecond: at 20 ms (20 points) the prediction 10 ms ahead is 30 points.
        #expect(stage.snapshot().pointers[1] == Point(x: 20, y: 0))
        #expect(stage.snapshot().predictedPointers[1] == Point(x: 30, y: 0))
        _ = stage.advance(to: 0.030)
        #expect(stage.snapshot().predictedPointers.isEmpty)
    }

    @Test func theFirstMoveIsHeldBecauseTheDownIsNotFedAndAHorizonPastTwentyFiveMillisecondsAlwaysHolds() throws {
        var configuration = SessionConfiguration()
        configuration.prediction = .linearFirst
        configuration.predictionHorizon = 0.025
        var stage = Stage(configuration: try configuration.resolve(), playing: ResamplingStageTests.stroke, startTime: 0)
        _ = stage.advance(to: 0.010)
        #expect(stage.snapshot().predictedPointers[1] == Point(x: 10, y: 0))
        _ = stage.advance(to: 0.020)
        #expect(stage.snapshot().predictedPointers[1] == Point(x: 45, y: 0))
        configuration.predictionHorizon = 0.026
        var beyond = Stage(configuration: try configuration.resolve(), playing: ResamplingStageTests.stroke, startTime: 0)
        _ = beyond.advance(to: 0.020)
        #expect(beyond.snapshot().predictedPointers[1] == Point(x: 20, y: 0))
    }

    @Test func withoutPredictionNothingIsPredicted() throws {
        var stage = Stage(configuration: try SessionConfiguration().resolve(), playing: ResamplingStageTests.stroke, startTime: 0)
        _ = stage.advance(to: 0.020)
        #expect(stage.snapshot().predictedPointers.isEmpty)
    }
}
