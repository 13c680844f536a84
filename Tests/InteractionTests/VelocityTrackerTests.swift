import Engine
import Interaction
import Testing

/// The windowing rules the estimators share with Flutter's and Android's trackers.
@Suite("Velocity trackers")
struct VelocityTrackerTests {
    /// A tracker fed `positions` (x only, points) at `times` (seconds).
    static func tracker(_ estimator: VelocityEstimator, _ samples: [(x: Double, time: Double)]) -> any VelocityTracker {
        var tracker = estimator.makeTracker()
        for sample in samples { tracker.addSample(Point(x: sample.x, y: 0), at: sample.time) }
        return tracker
    }

    /// Samples of a pointer moving at `speed` pt/s every `interval` seconds from `start`.
    static func steady(speed: Double, from start: Double, count: Int, interval: Double, x: Double = 0) -> [(x: Double, time: Double)] {
        (0..<count).map { index in (x + speed * Double(index) * interval, start + Double(index) * interval) }
    }

    @Test func leastSquaresRecoversASteadySpeedExactly() {
        let tracker = Self.tracker(.leastSquares, Self.steady(speed: 1200, from: 0, count: 8, interval: 0.008))
        #expect(abs(tracker.velocity().x - 1200) < 1e-6)
    }

    @Test func leastSquaresFitsAQuadraticAtTheNewestSample() {
        // x = 500 t + 4000 t², so the speed at the newest sample (t = 0.06) is 500 + 8000·0.06 = 980.
        let samples = (0...6).map { index -> (x: Double, time: Double) in
            let time = Double(index) * 0.01
            return (500 * time + 4000 * time * time, time)
        }
        #expect(abs(Self.tracker(.leastSquares, samples).velocity().x - 980) < 1e-6)
    }

    @Test func samplesOlderThanTheHundredMillisecondHorizonAreIgnored() {
        // The sample 100.1 ms before the newest is off the line; the ones within 100 ms are on it.
        var samples = [(x: 999.0, time: 0.1499)]
        samples += Self.steady(speed: 1000, from: 0.16, count: 10, interval: 0.01)
        #expect(abs(Self.tracker(.leastSquares, samples).velocity().x - 1000) < 1e-6)
    }

    @Test func aSampleJustInsideTheHorizonCounts() {
        var samples = [(x: 999.0, time: 0.1501)]
        samples += Self.steady(speed: 1000, from: 0.16, count: 10, interval: 0.01)
        #expect(abs(Self.tracker(.leastSquares, samples).velocity().x - 1000) > 1)
    }

    @Test func atMostTwentySamplesAreFitted() {
        var samples = [(x: 999.0, time: 0.0)]
        samples += Self.steady(speed: 1000, from: 0.001, count: 20, interval: 0.001)
        #expect(abs(Self.tracker(.leastSquares, samples).velocity().x - 1000) < 1e-6)
    }

    @Test func aGapOfMoreThanFortyMillisecondsResetsTheHistory() {
        var samples = Self.steady(speed: 3000, from: 0, count: 3, interval: 0.01)
        samples += Self.steady(speed: 400, from: 0.0601, count: 3, interval: 0.01, x: 60)
        #expect(abs(Self.tracker(.leastSquares, samples).velocity().x - 400) < 1e-6)
    }

    @Test func aGapJustUnderFortyMillisecondsKeepsTheHistory() {
        var samples = Self.steady(speed: 3000, from: 0, count: 3, interval: 0.01)
        samples += Self.steady(speed: 400, from: 0.0599, count: 3, interval: 0.01, x: 60)
        #expect(abs(Self.tracker(.leastSquares, samples).velocity().x - 400) > 1)
    }

    @Test func aReleaseMoreThanEightyMillisecondsAfterTheLastMoveReportsZero() {
        let tracker = Self.tracker(.leastSquares, Self.steady(speed: 800, from: 0, count: 5, interval: 0.01))
        #expect(tracker.releaseVelocity(at: 0.1201) == .zero)
    }

    @Test func aReleaseJustUnderEightyMillisecondsAfterTheLastMoveKeepsTheVelocity() {
        let tracker = Self.tracker(.leastSquares, Self.steady(speed: 800, from: 0, count: 5, interval: 0.01))
        #expect(abs(tracker.releaseVelocity(at: 0.1199).x - 800) < 1e-6)
    }

    @Test func fewerThanThreeSamplesFallBackToTheLastTwoPoints() {
        let tracker = Self.tracker(.leastSquares, [(0, 0), (12, 0.016)])
        #expect(tracker.velocity().x == 750)
    }

    @Test func aVelocityAgainstTheDisplacementInTheWindowIsZero() {
        // Out fast and back a little: the fit points back (left) while the window moved right.
        let tracker = Self.tracker(.leastSquares, [(0, 0), (50, 0.01), (100, 0.02), (90, 0.03)])
        #expect(tracker.velocity().x == 0)
    }

    @Test func aSampleWithTheNewestTimeReplacesIt() {
        let tracker = Self.tracker(.lastTwoPoints, [(0, 0), (10, 0.01), (20, 0.02), (25, 0.02)])
        #expect(abs(tracker.velocity().x - 1500) < 1e-9)
    }

    @Test func lastTwoPointsIsTheNewestSlope() {
        let tracker = Self.tracker(.lastTwoPoints, [(0, 0), (30, 0.01), (40, 0.02)])
        #expect(abs(tracker.velocity().x - 1000) < 1e-9)
    }

    @Test func impulseRecoversASteadySpeed() {
        let tracker = Self.tracker(.impulse, Self.steady(speed: 600, from: 0, count: 6, interval: 0.01))
        #expect(abs(tracker.velocity().x - 600) < 1e-6)
    }

    @Test func impulseOfTwoSamplesIsTheirSlope() {
        let tracker = Self.tracker(.impulse, [(0, 0), (9, 0.01)])
        #expect(abs(tracker.velocity().x - 900) < 1e-9)
    }

    @Test func everyEstimatorIsSelectableByName() {
        #expect(VelocityEstimator.allCases.map(\.rawValue) == ["lsq", "last-two", "impulse"])
    }
}
