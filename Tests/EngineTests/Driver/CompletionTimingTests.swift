import Engine
import Testing

@Suite("Completion timing forms")
struct CompletionTimingTests {
    let duration = 0.5

    func plan(_ timing: CompletionTiming, from progress: Double, to target: Double,
              velocity: ReleaseVelocity = .zero) -> CompletionAnimation {
        timing.animation(from: progress, to: target, startTime: 2, duration: duration, velocity: velocity)
    }

    @Test func uikitTakesTheRemainingShareOfTheDurationOverTheCompletionSpeed() {
        let timing = CompletionTiming.uikit(curve: .easeInOut, completionSpeed: 1.5)
        // Finishing from 0.4: (1 − 0.4) · 0.5 / 1.5 = 0.2 s; cancelling: 0.4 · 0.5 / 1.5.
        #expect(abs(plan(timing, from: 0.4, to: 1).duration - 0.2) < 1e-12)
        #expect(abs(plan(timing, from: 0.4, to: 0).duration - 0.4 * 0.5 / 1.5) < 1e-12)
        #expect(abs(plan(timing, from: 0.4, to: 1).endTime - 2.2) < 1e-12)
    }

    @Test func uikitEasesWithItsCurve() {
        let animation = plan(.uikit(curve: .easeIn, completionSpeed: 1), from: 0.2, to: 1)
        // 0.4 s in all; a quarter of the way in time is easeIn(0.25) of the way in distance.
        let expected = 0.2 + 0.8 * TimingCurve.easeIn.value(at: 0.25)
        #expect(abs(animation.progress(at: 2.1) - expected) < 1e-12)
        #expect(abs(animation.velocity(at: 2.1) - 0.8 * TimingCurve.easeIn.slope(at: 0.25) / 0.4) < 1e-9)
    }

    @Test func vcTransitionsUsesOneMinusTheProgressAsTheSpeed() {
        let timing = CompletionTiming.vcTransitions(curve: .linear)
        // Finishing always takes the whole duration: (1 − p) · d / (1 − p).
        #expect(abs(plan(timing, from: 0.7, to: 1).duration - 0.5) < 1e-12)
        // Cancelling from 0.7: 0.7 · 0.5 / 0.3.
        #expect(abs(plan(timing, from: 0.7, to: 0).duration - 0.7 * 0.5 / 0.3) < 1e-12)
        // Its swipe shows 0.99 for a fraction of 1 or more, so the speed never drops below 0.01;
        // a fraction just under 1 keeps its own speed (CEHorizontalSwipeInteractionController.m:90–93).
        #expect(CompletionTiming.vcTransitionsSpeed(progress: 1) == 1 - 0.99)
        #expect(CompletionTiming.vcTransitionsSpeed(progress: 0.995) == 1 - 0.995)
        #expect(CompletionTiming.vcTransitionsSpeed(progress: 0.99) == 1 - 0.99)
        #expect(abs(plan(timing, from: 0.995, to: 0).duration - 0.995 * 0.5 / (1 - 0.995)) < 1e-9)
    }

    /// NavigationTransitionInteraction.swift:32–39: speed min(max(0.99, v / 800), 2.25) with v
    /// signed, at its boundaries 792 and 1800 pt/s (just below, at, just above).
    @Test(arguments: [(0.0, 0.99), (400.0, 0.99), (791.0, 0.99), (792.0, 0.99), (793.0, 793.0 / 800), (1000.0, 1.25),
                      (-1200.0, 0.99), (1799.0, 1799.0 / 800), (1800.0, 2.25), (1801.0, 2.25), (5000.0, 2.25)])
    func velocityScaledSpeedIsTheReleaseVelocityOver800Clamped(pointsPerSecond: Double, speed: Double) {
        #expect(CompletionTiming.velocityScaledSpeed(pointsPerSecond: pointsPerSecond) == speed)
        let velocity = ReleaseVelocity(progressPerSecond: pointsPerSecond / 200, pointsPerSecond: pointsPerSecond)
        let animation = plan(.velocityScaled(curve: .easeInOut), from: 0.6, to: 1, velocity: velocity)
        #expect(abs(animation.duration - 0.4 * 0.5 / speed) < 1e-12)
    }

    /// The velocity-scaled speed is set only before `finish()`; a cancel runs at UIKit's speed 1.
    @Test(arguments: [-3000.0, 0.0, 2000.0])
    func velocityScaledCancellingRunsAtSpeedOne(pointsPerSecond: Double) {
        let velocity = ReleaseVelocity(progressPerSecond: pointsPerSecond / 200, pointsPerSecond: pointsPerSecond)
        let animation = plan(.velocityScaled(curve: .easeInOut), from: 0.6, to: 0, velocity: velocity)
        #expect(abs(animation.duration - 0.6 * 0.5) < 1e-12)
    }

    @Test(arguments: [-3.0, 0.0, 2.5])
    func aSpringHandsOverWithoutAJumpInValueOrSlope(progressPerSecond: Double) {
        let spring = InterpolatingSpring(stiffness: 250, damping: 18)
        let velocity = ReleaseVelocity(progressPerSecond: progressPerSecond, pointsPerSecond: progressPerSecond * 300)
        for (start, target) in [(0.3, 1.0), (0.3, 0.0), (0.8, 1.0)] {
            let animation = plan(.spring(spring), from: start, to: target, velocity: velocity)
            #expect(animation.progress(at: 2) == start)
            #expect(abs(animation.velocity(at: 2) - progressPerSecond) < 1e-12)
            // UISpringTimingParameters' convention: initial velocity relative to the distance.
            guard case .spring(let launched) = animation.timing.shape else {
                Issue.record("expected a spring")
                return
            }
            #expect(abs(launched.initialVelocity - progressPerSecond / (target - start)) < 1e-12)
            #expect(animation.duration == launched.settlingDuration())
            #expect(animation.progress(at: animation.endTime) == target)
        }
    }

    @Test func presetsHaveStableNames() {
        #expect(CompletionTiming.presets.map(\.name) == ["uikit", "vctransitions", "swiftui-navigation", "spring"])
        for preset in CompletionTiming.presets {
            #expect(CompletionTiming.named(preset.name) == preset.timing)
            #expect(preset.timing.name == preset.name)
        }
        #expect(CompletionTiming.named("nope") == nil)
        #expect(CompletionTiming.default == .uikit(curve: .easeInOut, completionSpeed: 1))
    }
}

@Suite("Slow completions")
struct CompletionSlownessTests {
    @Test func aVCTransitionsCancelNearOneIsSlowAndSaysWhy() throws {
        let animation = CompletionTiming.vcTransitions(curve: .easeInOut).animation(from: 0.99, to: 0, startTime: 0, duration: 0.35, velocity: .zero)
        let slowness = try #require(CompletionTiming.vcTransitions(curve: .easeInOut).slowness(of: animation, duration: 0.35))
        // Speed 1 − 0.99 = 0.01: 0.99 · 0.35 s = 0.3465 s at speed 1 becomes 34.65 s.
        #expect(abs(slowness.speed - 0.01) < 1e-12)
        #expect(abs(slowness.durationAtSpeedOne - 0.3465) < 1e-12)
        #expect(abs(slowness.duration - 34.65) < 1e-9)
        #expect(slowness.timingName == "vctransitions")
        #expect(abs((slowness.progressTimed ?? -1) - 0.99) < 1e-12)
    }

    @Test func vcTransitionsTimesAFractionOfOneOrMoreAs099() throws {
        let timing = CompletionTiming.vcTransitions(curve: .linear)
        let slowness = try #require(timing.slowness(of: timing.animation(from: 1.2, to: 0, startTime: 0, duration: 0.35, velocity: .zero), duration: 0.35))
        #expect(slowness.progressTimed == 0.99)
    }

    @Test func aFullSwipesFinishAtSpeedOneHundredthIsNotSlow() {
        // Shown at 0.99, it runs the last 1% at speed 0.01: one ordinary duration, 0.35 s.
        let timing = CompletionTiming.vcTransitions(curve: .linear)
        let animation = timing.animation(from: 1, to: 1, startTime: 0, duration: 0.35, velocity: .zero)
        #expect(timing.slowness(of: animation, duration: 0.35) == nil)
    }

    @Test func completionsAtSpeedAQuarterOrMoreAreNotSlow() {
        let vc = CompletionTiming.vcTransitions(curve: .linear)
        // 1 − 0.75 = 0.25: exactly the limit, not slow; 1 − 0.76 is.
        #expect(vc.slowness(of: vc.animation(from: 0.75, to: 0, startTime: 0, duration: 0.35, velocity: .zero), duration: 0.35) == nil)
        #expect(vc.slowness(of: vc.animation(from: 0.76, to: 0, startTime: 0, duration: 0.35, velocity: .zero), duration: 0.35) != nil)
        let uikit = CompletionTiming.default
        #expect(uikit.slowness(of: uikit.animation(from: 0.99, to: 0, startTime: 0, duration: 0.35, velocity: .zero), duration: 0.35) == nil)
        let spring = CompletionTiming.defaultSpring
        #expect(spring.slowness(of: spring.animation(from: 0.99, to: 0, startTime: 0, duration: 0.35, velocity: .zero), duration: 0.35) == nil)
    }

    @Test func aSlowUIKitCompletionSpeedIsNamedWithoutVCTransitionsProgress() throws {
        let timing = CompletionTiming.uikit(curve: .linear, completionSpeed: 0.1)
        let slowness = try #require(timing.slowness(of: timing.animation(from: 0.5, to: 1, startTime: 0, duration: 0.4, velocity: .zero), duration: 0.4))
        #expect(slowness.progressTimed == nil)
        #expect(abs(slowness.duration - 2) < 1e-12)
    }
}
