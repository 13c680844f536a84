import Engine
import Testing

@Suite("Transition driver: states, grabs, springs and banding")
struct TransitionDriverLifecycleTests {
    /// A 0.4 s driver with a linear UIKit completion, so remaining times are easy by hand.
    func linearDriver(_ clock: VirtualClock, rubberBand: RubberBand? = nil) -> TransitionDriver {
        TransitionDriver(clock: clock, duration: 0.4, completionTiming: .uikit(curve: .linear, completionSpeed: 1), rubberBand: rubberBand)
    }

    @Test func walksEveryStateOfAFinishingAndACancellingTransition() {
        let clock = VirtualClock(start: 1)
        var driver = linearDriver(clock)
        var states = [driver.state]
        for (progress, finishes) in [(0.6, true), (0.2, false)] {
            driver.begin()
            states.append(driver.state)
            #expect(driver.beganAt == clock.now)
            driver.update(progress: progress)
            if finishes { driver.finish() } else { driver.cancel() }
            states.append(driver.state)
            clock.advanceTime(by: 1)
            _ = driver.advance()
            states.append(driver.state)
        }
        #expect(states == [.idle, .interacting, .finishing, .finished, .interacting, .cancelling, .cancelled])
        #expect(driver.state.isAtRest)
    }

    @Test func finishAndCancelAreIgnoredWhileCompleting() {
        let clock = VirtualClock()
        var driver = linearDriver(clock)
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
            let clock = VirtualClock(start: 3)
            var driver = TransitionDriver(clock: clock, duration: 0.5, completionTiming: timing)
            driver.begin()
            driver.update(progress: 0.7)
            if finishing { driver.finish(velocity: velocity) } else { driver.cancel(velocity: velocity) }
            #expect(abs((driver.completionEndTime ?? 0) - (3 + remaining)) < 1e-12, "\(timing) finishing: \(finishing)")
            clock.advanceTime(to: 3 + remaining - 1e-9)
            #expect(driver.advance() == nil)
            clock.advanceTime(to: 3 + remaining)
            #expect(driver.advance() == (finishing ? .finished : .cancelled))
            #expect(abs((driver.lastCompletionEndTime ?? 0) - (3 + remaining)) < 1e-12)
        }
    }

    @Test func reportsTheOutcomeOnceEvenWhenTheClockOvershoots() {
        let clock = VirtualClock()
        var driver = TransitionDriver(clock: clock, completionTiming: .defaultSpring)
        driver.begin()
        driver.update(progress: 0.4)
        driver.cancel()
        var outcomes: [TransitionOutcome] = []
        for _ in 0..<200 {
            clock.advanceTime(by: 1.0 / 60)
            if let outcome = driver.advance() { outcomes.append(outcome) }
        }
        #expect(outcomes == [.cancelled])
        #expect(driver.presentedProgress == 0)
    }

    @Test(arguments: [CompletionTiming.default, .defaultSpring, .vcTransitions(curve: .easeOut)])
    func aNewTouchGrabsTheCompletionWhereItIsShownWithoutAJump(timing: CompletionTiming) {
        let clock = VirtualClock()
        var driver = TransitionDriver(clock: clock, duration: 0.5, completionTiming: timing)
        driver.begin()
        driver.update(progress: 0.3)
        driver.finish(velocity: ReleaseVelocity(progressPerSecond: 1.5, pointsPerSecond: 300))
        clock.advanceTime(to: 0.08)
        let shown = driver.presentedProgress
        #expect(shown > 0.3 && shown < 1)
        let start = driver.begin()
        #expect(start == shown)
        #expect(driver.state == .interacting)
        #expect(driver.presentedProgress == shown)
        #expect(driver.grabCount == 1)
        #expect(driver.completionEndTime == nil)
        // Time passing while held changes nothing; the gesture continues from `start`.
        clock.advanceTime(to: 0.5)
        #expect(driver.presentedProgress == shown)
        driver.update(progress: start + 0.1)
        #expect(abs(driver.presentedProgress - (shown + 0.1)) < 1e-15)
        driver.cancel()
        #expect(driver.state == .cancelling)
        clock.advanceTime(to: 10)
        #expect(driver.advance() == .cancelled)
        #expect(driver.begin() == 0)
        #expect(driver.grabCount == 0)
    }

    @Test func pauseHoldsACancellingTransitionAndReturnsItsProgress() {
        let clock = VirtualClock()
        var driver = linearDriver(clock)
        driver.begin()
        driver.update(progress: 0.8)
        driver.cancel()
        clock.advanceTime(to: 0.08)
        // Cancelling from 0.8 takes 0.32 s; a quarter of the way 0.2 has gone.
        #expect(abs(driver.pause() - 0.6) < 1e-12)
        #expect(driver.state == .interacting)
        #expect(abs(driver.presentedProgress - 0.6) < 1e-12)
    }

    @Test(arguments: [-4.0, 0.0, 0.7, 3.0])
    func theSpringStartsAtTheReleaseVelocity(progressPerSecond: Double) {
        let clock = VirtualClock(start: 5)
        var driver = TransitionDriver(clock: clock, duration: 0.35, completionTiming: .spring(InterpolatingSpring(stiffness: 180, damping: 14)))
        driver.begin()
        driver.update(progress: 0.45)
        driver.finish(velocity: ReleaseVelocity(progressPerSecond: progressPerSecond, pointsPerSecond: progressPerSecond * 200))
        #expect(driver.presentedProgress == 0.45)
        #expect(abs(driver.presentedVelocity - progressPerSecond) < 1e-12)
        // And a millisecond later the progress has moved by about velocity × 1 ms.
        clock.advanceTime(by: 0.001)
        #expect(abs(driver.presentedProgress - (0.45 + progressPerSecond * 0.001)) < 1e-4)
    }

    @Test func rubberBandingResistsBeyondTheEnds() {
        let clock = VirtualClock()
        var driver = TransitionDriver(clock: clock, rubberBand: RubberBand())
        driver.begin()
        driver.update(progress: 1.5)
        // f(0.5) = (1 − 1/(0.5 · 0.55 + 1)) · 1
        #expect(abs(driver.presentedProgress - (1 + (1 - 1 / (0.5 * 0.55 + 1)))) < 1e-15)
        driver.update(progress: -0.2)
        #expect(abs(driver.presentedProgress - -(1 - 1 / (0.2 * 0.55 + 1))) < 1e-15)
        driver.update(progress: 0.4)
        #expect(driver.presentedProgress == 0.4)
        #expect(TransitionDriver(clock: clock).rubberBand == nil)
    }

    @Test func grabbingABandedCompletionContinuesFromWhereItIsShown() {
        let clock = VirtualClock()
        let band = RubberBand()
        var driver = linearDriver(clock, rubberBand: band)
        driver.begin()
        driver.update(progress: 1.8)
        let released = driver.presentedProgress
        driver.finish()
        clock.advanceTime(by: 0.001)
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
