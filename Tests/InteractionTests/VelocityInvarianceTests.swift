import Engine
import Foundation
import Interaction
import Testing

/// Ages are compared in whole microseconds: moving a stroke in time changes no velocity, to the
/// bit (the corpus traces: `TracesTests/VelocityTimeShiftCorpusTests`); mirroring a stroke
/// negates its velocity exactly; a cancelled pointer has no velocity.
@Suite("Velocity invariance")
struct VelocityInvarianceTests {
    static func strokes() -> [SyntheticStroke] {
        var generator = SplitMix64(seed: 0x0FF5_E7)
        return [60.0, 120, 1000].flatMap { rate in
            EventStamping.allCases.flatMap { stamping in
                (0..<40).map { _ in SyntheticStroke.random(rate: rate, stamping: stamping, using: &generator) }
            }
        }
    }

    static func release(_ estimator: VelocityEstimator, _ samples: [(position: Point, time: Double)], at time: Double) -> Point {
        var tracker = estimator.makeTracker()
        for sample in samples { tracker.addSample(sample.position, at: sample.time) }
        return tracker.releaseVelocity(at: time)
    }

    @Test(arguments: VelocityEstimator.allCases)
    func shiftingARandomStrokeInTimeGivesTheSameVelocityToTheBit(_ estimator: VelocityEstimator) {
        var generator = SplitMix64(seed: 0x5_41F7)
        for stroke in Self.strokes() {
            let original = Self.release(estimator, stroke.samples, at: stroke.releaseTime)
            let offset = Int64(generator.nextDouble(in: 0...1e11).rounded())
            let seconds = Double(offset) / 1_000_000
            let moved = Self.release(estimator, stroke.samples.map { ($0.position, $0.time + seconds) }, at: stroke.releaseTime + seconds)
            #expect(moved.x.bitPattern == original.x.bitPattern && moved.y.bitPattern == original.y.bitPattern,
                    "+\(offset) µs: \(moved) against \(original)")
        }
    }

    @Test(arguments: VelocityEstimator.allCases)
    func mirroringAStrokeNegatesItsVelocityExactly(_ estimator: VelocityEstimator) {
        for stroke in Self.strokes() {
            // Positions on a 1/256 pt grid, so that 800 − x is exact, as on a real pixel grid.
            let samples = stroke.samples.map { (Point(x: ($0.position.x * 256).rounded() / 256, y: ($0.position.y * 256).rounded() / 256), $0.time) }
            let original = Self.release(estimator, samples, at: stroke.releaseTime)
            let negated = Self.release(estimator, samples.map { (Point(x: -$0.0.x, y: -$0.0.y), $0.1) }, at: stroke.releaseTime)
            let mirrored = Self.release(estimator, samples.map { (Point(x: 800 - $0.0.x, y: 600 - $0.0.y), $0.1) }, at: stroke.releaseTime)
            #expect(negated.x == -original.x && negated.y == -original.y)
            #expect(mirrored.x == -original.x && mirrored.y == -original.y)
        }
    }

    @Test(arguments: VelocityEstimator.allCases)
    func aCancelledSwipeReportsNoVelocity(_ estimator: VelocityEstimator) throws {
        var script = GestureScript()
        script.down(1, x: 300, y: 300)
        script.drag(1, dx: 180)
        script.cancel(1)
        let records = try replay(script.events) { $0.velocityEstimator = estimator }
        #expect(records.map(\.reason) == ["pointer cancelled"])
        #expect(records.map(\.velocityAtRelease) == [0])
    }

    @Test(arguments: VelocityEstimator.allCases)
    func aFingerHeldStillAtReleaseReportsExactlyZero(_ estimator: VelocityEstimator) throws {
        // Dragged 120 pt, then held with moves to the same place every 8 ms, lifted 8 ms later:
        // every sample in the window is still, so the velocity is 0, not ±1e-10 (which would
        // flip `projected` on its tie at half).
        var script = GestureScript()
        script.down(1, x: 300, y: 300)
        script.drag(1, dx: 100)
        for _ in 0..<20 {
            script.wait(0.008)
            script.move(1, x: 400, y: 300)
        }
        script.wait(0.008)
        script.up(1)
        for policy in ThresholdPolicy.presets.map(\.name) {
            let records = try replay(script.events, policy: policy) { $0.velocityEstimator = estimator }
            #expect(records.count == 1)
            #expect(records.map(\.velocityAtRelease) == [0], "\(policy)")
        }
    }
}
