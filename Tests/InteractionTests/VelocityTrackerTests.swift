import Engine
@testable import Interaction
import Testing

/// Each estimator's own rules, pinned at their boundaries (just inside, at, just outside).
@Suite("Velocity trackers")
struct VelocityTrackerTests {
    /// A tracker fed `samples` (x in points, y = 0) at times in seconds.
    static func tracker(_ estimator: VelocityEstimator, _ samples: [(x: Double, time: Double)]) -> any VelocityTracker {
        var tracker = estimator.makeTracker()
        for sample in samples { tracker.addSample(Point(x: sample.x, y: 0), at: sample.time) }
        return tracker
    }

    /// Samples of a pointer moving at `speed` pt/s every `interval` seconds from `start`.
    static func steady(speed: Double, from start: Double, count: Int, interval: Double, x: Double = 0) -> [(x: Double, time: Double)] {
        (0..<count).map { index in (x + speed * Double(index) * interval, start + Double(index) * interval) }
    }

    static let fitting: [VelocityEstimator] = [.flutter, .androidLSQ2]

    @Test(arguments: fitting)
    func aLeastSquaresFitRecoversASteadySpeed(_ estimator: VelocityEstimator) {
        let tracker = Self.tracker(estimator, Self.steady(speed: 1200, from: 0, count: 8, interval: 0.008))
        #expect(abs(tracker.velocity().x - 1200) < 1e-6)
    }

    @Test(arguments: fitting)
    func aLeastSquaresFitIsQuadraticAtTheNewestSample(_ estimator: VelocityEstimator) {
        // x = 500 t + 4000 t², so the speed at the newest sample (t = 0.06) is 500 + 8000·0.06 = 980.
        let samples = (0...6).map { index -> (x: Double, time: Double) in
            let time = Double(index) * 0.01
            return (500 * time + 4000 * time * time, time)
        }
        #expect(abs(Self.tracker(estimator, samples).velocity().x - 980) < 1e-6)
    }

    /// A sample off the line `age` seconds before ten samples on a 1000 pt/s line, 10 ms apart
    /// (the newest at 0.25 s).
    static func outlier(aged age: Double) -> [(x: Double, time: Double)] {
        let line = steady(speed: 1000, from: 0.16, count: 10, interval: 0.01)
        return [(x: 999.0, time: 0.25 - age)] + line
    }

    @Test(arguments: fitting)
    func aSampleExactlyOneHundredMillisecondsOldIsFitted(_ estimator: VelocityEstimator) {
        // 0.15 s is not exact in binary; in whole microseconds the age is exactly 100,000.
        #expect(abs(Self.tracker(estimator, Self.outlier(aged: 0.1)).velocity().x - 1000) > 1)
    }

    @Test(arguments: fitting)
    func aSampleOneMicrosecondOlderThanTheHorizonIsNot(_ estimator: VelocityEstimator) {
        #expect(abs(Self.tracker(estimator, Self.outlier(aged: 0.100001)).velocity().x - 1000) < 1e-6)
    }

    @Test(arguments: fitting)
    func atMostTwentySamplesAreFitted(_ estimator: VelocityEstimator) {
        var samples = [(x: 999.0, time: 0.0)]
        samples += Self.steady(speed: 1000, from: 0.001, count: 20, interval: 0.001)
        #expect(abs(Self.tracker(estimator, samples).velocity().x - 1000) < 1e-6)
        let nineteen = [(x: 999.0, time: 0.0)] + Self.steady(speed: 1000, from: 0.001, count: 19, interval: 0.001)
        #expect(abs(Self.tracker(estimator, nineteen).velocity().x - 1000) > 1)
    }

    /// Three samples at 3000 pt/s, then three at 400 pt/s starting `gap` seconds later.
    static func twoSpeeds(gap: Double) -> [(x: Double, time: Double)] {
        steady(speed: 3000, from: 0, count: 3, interval: 0.01) + steady(speed: 400, from: 0.02 + gap, count: 3, interval: 0.01, x: 60)
    }

    @Test(arguments: fitting)
    func aGapOfFortyMillisecondsKeepsTheOlderSamples(_ estimator: VelocityEstimator) {
        #expect(abs(Self.tracker(estimator, Self.twoSpeeds(gap: 0.04)).velocity().x - 400) > 1)
    }

    @Test(arguments: fitting)
    func aGapOneMicrosecondLongerForgetsThem(_ estimator: VelocityEstimator) {
        #expect(abs(Self.tracker(estimator, Self.twoSpeeds(gap: 0.040001)).velocity().x - 400) < 1e-6)
    }

    static let steadyRelease = steady(speed: 800, from: 0, count: 5, interval: 0.01)

    @Test func flutterStopsAfterFortyWholeMilliseconds() {
        // Flutter compares its stopwatch's whole milliseconds: 40.999 ms is still 40.
        let tracker = Self.tracker(.flutter, Self.steadyRelease)
        #expect(abs(tracker.releaseVelocity(at: 0.080999).x - 800) < 1e-6)
        #expect(tracker.releaseVelocity(at: 0.081) == .zero)
    }

    @Test(arguments: [VelocityEstimator.androidLSQ2, .androidImpulse, .lastTwoPoints])
    func androidStopsAfterMoreThanFortyMilliseconds(_ estimator: VelocityEstimator) {
        let tracker = Self.tracker(estimator, Self.steadyRelease)
        #expect(abs(tracker.releaseVelocity(at: 0.08).x - 800) < 1e-6)
        #expect(tracker.releaseVelocity(at: 0.080001) == .zero)
    }

    @Test func flutterNeedsThreeSamples() {
        #expect(Self.tracker(.flutter, [(0, 0), (12, 0.016)]).velocity() == .zero)
        #expect(abs(Self.tracker(.flutter, [(0, 0), (12, 0.016), (24, 0.032)]).velocity().x - 750) < 1e-9)
    }

    @Test func androidLSQ2FitsALineThroughTwoSamplesAndHasNoVelocityFromOne() {
        #expect(abs(Self.tracker(.androidLSQ2, [(0, 0), (12, 0.016)]).velocity().x - 750) < 1e-9)
        var one = AndroidVelocityTracker(strategy: .lsq2)
        one.addSample(Point(x: 5, y: 5), at: 1)
        #expect(one.releaseEstimate(at: 1.01) == nil)
        var impulse = AndroidVelocityTracker(strategy: .impulse)
        impulse.addSample(Point(x: 5, y: 5), at: 1)
        #expect(impulse.releaseEstimate(at: 1.01) == .zero)
    }

    @Test func flutterKeepsTwoSamplesWithOneTimeAndAndroidKeepsTheNewer() {
        let samples: [(x: Double, time: Double)] = [(0, 0), (10, 0.01), (90, 0.02), (20, 0.02)]
        #expect(abs(Self.tracker(.androidLSQ2, samples).velocity().x - 1000) < 1e-6)
        #expect(abs(Self.tracker(.flutter, samples).velocity().x - 1000) > 1)
    }

    @Test(arguments: VelocityEstimator.allCases)
    func aVelocityAgainstTheDisplacementInTheWindowIsReported(_ estimator: VelocityEstimator) {
        // Out fast and back: every estimator says "moving left" though the window moved right
        // (no estimator zeroes a component against the net displacement).
        let tracker = Self.tracker(estimator, [(0, 0), (50, 0.01), (100, 0.02), (40, 0.03)])
        #expect(tracker.velocity().x < 0)
    }

    @Test(arguments: VelocityEstimator.allCases)
    func aStillFingerHasVelocityExactlyZero(_ estimator: VelocityEstimator) {
        var generator = SplitMix64(seed: 0x57_11)
        var tracker = estimator.makeTracker()
        var time = 3.0
        for _ in 0..<30 {
            time += generator.nextDouble(in: 0.001...0.03)
            tracker.addSample(Point(x: 123.456, y: 654.321), at: time)
            #expect(tracker.velocity() == .zero)
            #expect(tracker.velocity().x.sign == .plus && tracker.velocity().y.sign == .plus)
        }
        #expect(tracker.releaseVelocity(at: time + 0.01) == .zero)
    }

    @Test(arguments: VelocityEstimator.allCases)
    func aResetTrackerHasNoVelocity(_ estimator: VelocityEstimator) {
        var tracker = estimator.makeTracker()
        for sample in Self.steadyRelease { tracker.addSample(Point(x: sample.x, y: 0), at: sample.time) }
        tracker.reset()
        #expect(tracker.releaseVelocity(at: 0.045) == .zero)
    }

    @Test func lastTwoPointsIsTheNewestSlope() {
        let tracker = Self.tracker(.lastTwoPoints, [(0, 0), (30, 0.01), (40, 0.02)])
        #expect(abs(tracker.velocity().x - 1000) < 1e-9)
    }

    @Test func impulseRecoversASteadySpeed() {
        let tracker = Self.tracker(.androidImpulse, Self.steady(speed: 600, from: 0, count: 6, interval: 0.01))
        #expect(abs(tracker.velocity().x - 600) < 1e-6)
    }

    @Test func impulseOfTwoSamplesIsTheirSlope() {
        let tracker = Self.tracker(.androidImpulse, [(0, 0), (9, 0.01)])
        #expect(abs(tracker.velocity().x - 900) < 1e-9)
    }

    @Test func everyEstimatorIsSelectableByNameAndTheOldNamesStillWork() {
        #expect(VelocityEstimator.allCases.map(\.rawValue) == ["flutter", "android-lsq2", "android-impulse", "last-two"])
        #expect(VelocityEstimator(rawValue: "lsq") == .androidLSQ2)
        #expect(VelocityEstimator.standard == .androidLSQ2)
        #expect(VelocityEstimator(rawValue: "impulse") == .androidImpulse)
        #expect(VelocityEstimator(rawValue: "lsq2") == nil)
        #expect(VelocityEstimator.acceptedNames == ["flutter", "android-lsq2", "android-impulse", "last-two", "impulse", "lsq"])
    }

    @Test func timesRoundToTheNearestMicrosecondAndExternalExtremesDoNotTrap() {
        #expect(SampleTime.microseconds(0.15) == 150_000)
        #expect(SampleTime.microseconds(216_690.896) == 216_690_896_000)
        #expect(SampleTime.microseconds(-0.0000004) == 0)
        #expect(SampleTime.microseconds(.nan) == 0)
        #expect(SampleTime.microseconds(.infinity) == SampleTime.limit)
        #expect(SampleTime.microseconds(-.infinity) == -SampleTime.limit)
    }
}
