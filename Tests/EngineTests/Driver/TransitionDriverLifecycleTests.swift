import Engine
import Testing

@Suite("Transition driver: states, grabs, springs and banding")
struct TransitionDriverLifecycleTests {
    /// A 0.4 s driver with a linear UIKit completion, so remaining times are easy by hand.
    func linearDriver(startTime: Double, rubberBand: RubberBand? = nil) -> TransitionDriver {
        TransitionDriver(startTime: startTime, duration: 0.4, completionTiming: .uikit(curve: .linear, completionSpeed: 1), rubberBand: rubberBand)
    }

    @Test func walksEveryStateOfAFinishingAndACancellingTransition() {
        var driver = linearDriver(startTime: 1)
        var states = [driver.state]
        for (progress, finishes) in [(0.6, true), (0.2, false)] {
            driver.begin()
            states.append(driver.state)
            #expect(driver.beganAt == driver.now)
            driver.update(progress: progress)
            if finishes { driver.finish() } else { driver.cancel() }
            states.append(driver.state)
            _ = driver.advanceTime(to: driver.now + 1)
            states.append(driver.state)
        }
        #expect(states == [.idle, .interacting, .finishing, .finished, .interacting, .cancelling, .cancelled])
        #expect(driver.state.isAtRest)
    }

    @Test func finishAndCancelAreIgnoredWhileCompleting() {
        var driver = linearDriver(startTime: 0)
        driver.begin()
        driver.update(progress: 0.5)
        driver.finish()
        let end = driver.completionEndTime
        driver.cancel()
        #expect(driver.state == .finishing)
        #expect(driver.completionEndTime == end)
    }

    @Test func eachCompletionFormGivesItsOwnRemainingTime() {
        // Released at 0.7 with 1 000 points/s on a 0.5 s transition.
        let velocity = ReleaseVelocity(progressPerSecond: 5, pointsPerSecond: 1000)
        let cases: [(CompletionTiming, Bool, Double)] = [
            (.uikit(curve: .easeInOut, completionSpeed: 1), true, 0.3 * 0.5),
            (.uikit(curve: .easeInOut, completionSpeed: 2), false, 0.7 * 0.5 / 2),
            (.vcTransitions(curve: .easeInOut), true, 0.3 * 0.5 / 0.3),
            (.vcTransitions(curve: .easeInOut), false, 0.7 * 0.5 / 0.3),
            (.velocityScaled(curve: .easeInOut), true, 0.3 * 0.5 / 1.25),
            (.velocityScaled(curve: .easeInOut), false, 0.7 * 0.5),
        ]
        for (timing, finishing, remaining) in cases {
            var driver = TransitionDriver(startTime: 3, duration: 0.5, completionTiming: timing)
            driver.begin()
            driver.update(progress: 0.7)
            if finishing { driver.finish(velocity: velocity) } else { driver.cancel(velocity: velocity) }
            #expect(abs((driver.completionEndTime ?? 0) - (3 + remaining)) < 1e-12, "\(timing) finishing: \(finishing)")
            #expect(driver.advanceTime(to: 3 + remaining - 1e-9) == nil)
            #expect(driver.advanceTime(to: 3 + remaining) == (finishing ? .finished : .cancelled))
            #expect(abs((driver.lastCompletionEndTime ?? 0) - (3 + remaining)) < 1e-12)
        }
    }

    @Test func reportsTheOutcomeOnceEvenWhenTheClockOvershoots() {
        var driver = TransitionDriver(completionTiming: .defaultSpring)
        driver.begin()
        driver.update(progress: 0.4)
        driver.cancel()
        var outcomes: [TransitionOutcome] = []
        for _ in 0..<200 {
            if let outcome = driver.advanceTime(to: driver.now + 1.0 / 60) { outcomes.append(outcome) }
        }
        #expect(outcomes == [.cancelled])
        #expect(driver.presentedProgress == 0)
    }

    @Test(arguments: [CompletionTiming.default, .defaultSpring, .vcTransitions(curve: .easeOut)])
    func aNewTouchGrabsTheCompletionWhereItIsShownWithoutAJump(timing: CompletionTiming) {
        var driver = TransitionDriver(duration: 0.5, completionTiming: timing)
        driver.begin()
        driver.update(progress: 0.3)
        driver.finish(velocity: ReleaseVelocity(progressPerSecond: 1.5, pointsPerSecond: 300))
        driver.advanceTime(to: 0.08)
        let shown = driver.presentedProgress
        #expect(shown > 0.3 && shown < 1)
        let start = driver.begin()
        #expect(start == shown)
        #expect(driver.state == .interacting)
        #expect(driver.presentedProgress == shown)
        #expect(driver.grabCount == 1)
        #expect(driver.completionEndTime == nil)
        // Time passing while held changes nothing; the gesture continues from `start`.
        driver.advanceTime(to: 0.5)
        #expect(driver.presentedProgress == shown)
        driver.update(progress: start + 0.1)
        #expect(abs(driver.presentedProgress - (shown + 0.1)) < 1e-15)
        driver.cancel()
        #expect(driver.state == .cancelling)
        #expect(driver.advanceTime(to: 10) == .cancelled)
        #expect(driver.begin() == 0)
        #expect(driver.grabCount == 0)
    }

    @Test func pauseHoldsACancellingTransitionAndReturnsItsProgress() {
        var driver = linearDriver(startTime: 0)
        driver.begin()
        driver.update(progress: 0.8)
        driver.cancel()
        driver.advanceTime(to: 0.08)
        // Cancelling from 0.8 takes 0.32 s; a quarter of the way 0.2 has gone.
        #expect(abs(driver.pause() - 0.6) < 1e-12)
        #expect(driver.state == .interacting)
        #expect(abs(driver.presentedProgress - 0.6) < 1e-12)
    }

    @Test(arguments: [-4.0, 0.0, 0.7, 3.0])
    func theSpringStartsAtTheReleaseVelocity(progressPerSecond: Double) {
        var driver = TransitionDriver(startTime: 5, duration: 0.35, completionTiming: .spring(InterpolatingSpring(stiffness: 180, damping: 14)))
        driver.begin()
        driver.update(progress: 0.45)
        driver.finish(velocity: ReleaseVelocity(progressPerSecond: progressPerSecond, pointsPerSecond: progressPerSecond * 200))
        #expect(driver.presentedProgress == 0.45)
        #expect(abs(driver.presentedVelocity - progressPerSecond) < 1e-12)
        // And a millisecond later the progress has moved by about velocity × 1 ms.
        driver.advanceTime(to: driver.now + 0.001)
        #expect(abs(driver.presentedProgress - (0.45 + progressPerSecond * 0.001)) < 1e-4)
    }

    @Test func rubberBandingResistsBeyondTheEnds() {
        var driver = TransitionDriver(rubberBand: RubberBand())
        driver.begin()
        driver.update(progress: 1.5)
        // f(0.5) = (1 − 1/(0.5 · 0.55 + 1)) · 1
        #expect(abs(driver.presentedProgress - (1 + (1 - 1 / (0.5 * 0.55 + 1)))) < 1e-15)
        driver.update(progress: -0.2)
        #expect(abs(driver.presentedProgress - -(1 - 1 / (0.2 * 0.55 + 1))) < 1e-15)
        driver.update(progress: 0.4)
        #expect(driver.presentedProgress == 0.4)
        #expect(TransitionDriver().rubberBand == nil)
    }

    @Test func grabbingABandedCompletionContinuesFromWhereItIsShown() {
        let band = RubberBand()
        var driver = linearDriver(startTime: 0, rubberBand: band)
        driver.begin()
        driver.update(progress: 1.8)
        let released = driver.presentedProgress
        driver.finish()
        driver.advanceTime(to: driver.now + 0.001)
        let shown = driver.presentedProgress
        #expect(shown < released && shown > 1)
        let start = driver.begin()
        #expect(abs(band.apply(start) - shown) < 1e-12)
        #expect(abs(driver.presentedProgress - shown) < 1e-12)
    }

    @Test func theBandsInverseUndoesIt() {
        let band = RubberBand(coefficient: 0.55, dimension: 1)
        for raw in [-3.0, -0.4, 0, 0.3, 1, 1.2, 4] {
            #expect(abs(band.unapply(band.apply(raw)) - raw) < 1e-12)
        }
        #expect(band.overshoot(forResistance: 1) == .infinity)
    }
}
