import Engine
import Testing

@Suite("Transition driver")
struct TransitionDriverTests {
    /// A driver on a virtual clock with a linear UIKit completion, so remaining times are easy
    /// to compute by hand.
    func linearDriver(startTime: Double, completionSpeed: Double = 1) -> TransitionDriver {
        TransitionDriver(startTime: startTime, duration: 0.4, completionTiming: .uikit(curve: .linear, completionSpeed: completionSpeed))
    }

    @Test func startsIdleAndShowsTheFromScreen() {
        let driver = TransitionDriver()
        #expect(driver.state == .idle)
        #expect(driver.presentedProgress == 0)
    }

    @Test func followsTheGestureWhileInteractingClampedToZeroOne() {
        var driver = linearDriver(startTime: 0)
        #expect(driver.begin() == 0)
        #expect(driver.state == .interacting)
        driver.update(progress: 0.3)
        #expect(driver.presentedProgress == 0.3)
        driver.update(progress: 1.7)
        #expect(driver.presentedProgress == 1)
        driver.update(progress: -0.2)
        #expect(driver.presentedProgress == 0)
    }

    @Test func finishingTakesTheRemainingFractionOfTheDuration() {
        var driver = linearDriver(startTime: 10)
        driver.begin()
        driver.update(progress: 0.75)
        driver.finish()
        #expect(driver.state == .finishing)
        // (1 − 0.75) · 0.4 / 1 = 0.1 s
        #expect(abs((driver.completionEndTime ?? 0) - 10.1) < 1e-12)
        driver.advanceTime(to: 10.05)
        #expect(abs(driver.presentedProgress - 0.875) < 1e-9)
        #expect(driver.advanceTime(to: driver.now) == nil)
        #expect(driver.advanceTime(to: 10.1) == .finished)
        #expect(driver.state == .finished)
        #expect(driver.presentedProgress == 1)
    }

    @Test func cancellingTakesTheProgressFractionOfTheDurationOverTheSpeed() {
        var driver = linearDriver(startTime: 0, completionSpeed: 2)
        driver.begin()
        driver.update(progress: 0.3)
        driver.cancel()
        #expect(driver.state == .cancelling)
        // 0.3 · 0.4 / 2 = 0.06 s
        #expect(abs((driver.completionEndTime ?? 0) - 0.06) < 1e-12)
        #expect(driver.advanceTime(to: 0.06) == .cancelled)
        #expect(driver.presentedProgress == 0)
    }

    @Test func reportsTheOutcomeExactlyOnce() {
        var driver = linearDriver(startTime: 0)
        driver.begin()
        driver.update(progress: 0.5)
        driver.finish()
        #expect(driver.advanceTime(to: 1) == .finished)
        #expect(driver.advanceTime(to: driver.now) == nil)
        #expect(driver.advanceTime(to: 2) == nil)
    }

    @Test func isReadyForTheNextTransitionAfterEnding() {
        var driver = linearDriver(startTime: 0)
        driver.begin()
        driver.update(progress: 0.2)
        driver.cancel()
        #expect(driver.advanceTime(to: 1) == .cancelled)
        #expect(driver.begin() == 0)
        #expect(driver.state == .interacting)
        driver.update(progress: 0.9)
        driver.finish()
        #expect(driver.advanceTime(to: 2) == .finished)
    }

    @Test func easeInOutIsTheDefaultCompletionCurve() {
        var driver = TransitionDriver()
        driver.begin()
        driver.update(progress: 0.5)
        driver.finish()
        // UIKit's default: 0.35 s · 0.5 = 0.175 s, eased: halfway in time is halfway in value.
        #expect(abs((driver.completionEndTime ?? 0) - 0.175) < 1e-12)
        driver.advanceTime(to: 0.0175)
        // Ease-in: a tenth of the time covers less than a tenth of the distance.
        #expect(driver.presentedProgress < 0.5 + 0.5 * 0.1)
        driver.advanceTime(to: 0.0875)
        #expect(abs(driver.presentedProgress - 0.75) < 1e-6)
    }

    @Test func updatesAreIgnoredOutsideInteraction() {
        var driver = linearDriver(startTime: 0)
        driver.update(progress: 0.5)
        #expect(driver.presentedProgress == 0)
        driver.finish()
        #expect(driver.state == .idle)
    }
}
