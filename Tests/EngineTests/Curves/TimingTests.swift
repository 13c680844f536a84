import Engine
import Testing

@Suite("Timing and speed")
struct TimingTests {
    @Test func aCurveRunsForItsDurationDividedByTheSpeed() {
        let timing = Timing.curve(.linear, duration: 0.4)
        #expect(timing.duration == 0.4)
        #expect(timing.speed(2).duration == 0.2)
        #expect(timing.speed(2).speed(2).duration == 0.1)
        #expect(timing.speed(0.5).duration == 0.8)
        #expect(abs(timing.speed(2).fraction(at: 0.05) - 0.25) < 1e-12)
        #expect(timing.speed(2).fraction(at: 0.2) == 1)
        #expect(abs(timing.speed(2).velocity(at: 0.1) - 5) < 1e-12)
    }

    @Test func aSpedUpCurveIsTheSameCurveSooner() {
        let slow = Timing.curve(.easeInOut, duration: 0.6)
        let fast = slow.speed(3)
        for time in [0.01, 0.05, 0.1, 0.15, 0.19] {
            #expect(abs(fast.fraction(at: time) - slow.fraction(at: 3 * time)) < 1e-12)
            #expect(abs(fast.velocity(at: time) - 3 * slow.velocity(at: 3 * time)) < 1e-9)
        }
    }

    @Test func aSpringEndsWhenItSettlesAndSpeedsUpLikeACurve() {
        let spring = InterpolatingSpring(stiffness: 200, damping: 10, initialVelocity: 2)
        let timing = Timing.spring(spring)
        #expect(timing.duration == spring.settlingDuration())
        #expect(abs(timing.speed(2).duration - spring.settlingDuration() / 2) < 1e-12)
        #expect(abs(timing.speed(2).fraction(at: 0.1) - spring.value(at: 0.2)) < 1e-12)
        #expect(abs(timing.speed(2).velocity(at: 0) - 2 * 2) < 1e-12)
        #expect(timing.fraction(at: timing.duration) == 1)
        #expect(timing.velocity(at: timing.duration) == 0)
    }

    @Test func beforeTheStartNothingHasMoved() {
        #expect(Timing.curve(.easeIn, duration: 1).fraction(at: -0.5) == 0)
        #expect(Timing.curve(.easeIn, duration: 0).fraction(at: 0) == 1)
        #expect(Timing.curve(.easeIn, duration: 0).duration == 0)
    }
}
