import Engine
import Interaction
import Testing

/// Every preset just above and just below each of its boundaries, with the reason it gives.
@Suite("Threshold policies")
struct ThresholdPolicyTests {
    /// A release at `progress` moving at `velocity` pt/s towards finishing, on an 800-point
    /// screen where 200 points make progress 1.
    static func release(_ progress: Double, _ velocity: Double = 0, pointsPerProgress: Double = 200) -> ReleaseMeasurement {
        ReleaseMeasurement(progress: progress, velocity: velocity, pointsPerProgress: pointsPerProgress, screenExtent: 800)
    }

    static func decide(_ policy: ThresholdPolicy, _ release: ReleaseMeasurement) -> ReleaseDecision {
        policy.decide(release)
    }

    // MARK: vctransitions (p > 0.5)

    @Test func vcTransitionsFinishesJustPastHalf() {
        #expect(Self.decide(.vcTransitions, Self.release(0.5001)) == ReleaseDecision(.finish, reason: "progress 0.5001 > 0.5"))
    }

    @Test func vcTransitionsCancelsAtHalf() {
        #expect(Self.decide(.vcTransitions, Self.release(0.5, 5000)) == ReleaseDecision(.cancel, reason: "progress 0.5 <= 0.5"))
    }

    @Test func vcTransitionsCancelsJustShortOfHalf() {
        #expect(Self.decide(.vcTransitions, Self.release(0.4999)).verdict == .cancel)
    }

    // MARK: mdtransitioning (p > 0.25)

    @Test func mdTransitioningFinishesJustPastAQuarter() {
        #expect(Self.decide(.mdTransitioning, Self.release(0.2501)) == ReleaseDecision(.finish, reason: "progress 0.2501 > 0.25"))
    }

    @Test func mdTransitioningCancelsAtAQuarter() {
        #expect(Self.decide(.mdTransitioning, Self.release(0.25)) == ReleaseDecision(.cancel, reason: "progress 0.25 <= 0.25"))
    }

    @Test func mdTransitioningCancelsJustShortOfAQuarter() {
        #expect(Self.decide(.mdTransitioning, Self.release(0.2499)).verdict == .cancel)
    }

    // MARK: swiftui-navigation (v > 675, or p ≥ 0.2 and v > −200)

    @Test func swiftUINavigationFinishesAFlingJustOver675() {
        #expect(Self.decide(.swiftUINavigation, Self.release(0, 675.1)) == ReleaseDecision(.finish, reason: "velocity 675.1 pt/s > 675"))
    }

    @Test func swiftUINavigationCancelsAFlingOfExactly675BelowTheProgressThreshold() {
        #expect(Self.decide(.swiftUINavigation, Self.release(0.1999, 675))
            == ReleaseDecision(.cancel, reason: "velocity 675 pt/s <= 675 and progress 0.1999 < 0.2"))
    }

    @Test func swiftUINavigationFinishesAtTwentyPercentWithoutAFlingBack() {
        #expect(Self.decide(.swiftUINavigation, Self.release(0.2, -199.9))
            == ReleaseDecision(.finish, reason: "progress 0.2 >= 0.2 and velocity -199.9 pt/s > -200"))
    }

    @Test func swiftUINavigationCancelsAtTwentyPercentFlungBackAt200() {
        #expect(Self.decide(.swiftUINavigation, Self.release(0.9, -200)) == ReleaseDecision(.cancel, reason: "velocity -200 pt/s <= -200"))
    }

    // MARK: flutter (|v| ≥ 1 width/s decides by direction, else p ≥ 0.5)

    @Test func flutterFinishesAFlingOfOneScreenWidthPerSecond() {
        #expect(Self.decide(.flutter, Self.release(0.01, 800))
            == ReleaseDecision(.finish, reason: "fling 1 screens/s >= 1 towards finishing"))
    }

    @Test func flutterCancelsAFlingBackOfOneScreenWidthPerSecondEvenNearTheEnd() {
        #expect(Self.decide(.flutter, Self.release(0.99, -800))
            == ReleaseDecision(.cancel, reason: "fling -1 screens/s <= -1 towards cancelling"))
    }

    @Test func flutterFallsBackToProgressJustUnderOneScreenWidthPerSecond() {
        #expect(Self.decide(.flutter, Self.release(0.99, -799.2))
            == ReleaseDecision(.finish, reason: "speed |-0.999 screens/s| < 1 and progress 0.99 >= 0.5"))
        #expect(Self.decide(.flutter, Self.release(0.01, 799.2)).verdict == .cancel)
    }

    @Test func flutterFinishesAtHalfAsItsBackGestureDoes() {
        #expect(Self.decide(.flutter, Self.release(0.5)) == ReleaseDecision(.finish, reason: "speed |0 screens/s| < 1 and progress 0.5 >= 0.5"))
    }

    @Test func flutterCancelsJustShortOfHalf() {
        #expect(Self.decide(.flutter, Self.release(0.4999)) == ReleaseDecision(.cancel, reason: "speed |0 screens/s| < 1 and progress 0.4999 < 0.5"))
    }

    // MARK: compose (|v| ≥ 125 pt/s decides by direction, else p > 0.5)

    @Test func composeFinishesAFlingOf125() {
        #expect(Self.decide(.compose, Self.release(0.01, 125)) == ReleaseDecision(.finish, reason: "fling 125 pt/s >= 125 towards finishing"))
    }

    @Test func composeCancelsAFlingBackOf125() {
        #expect(Self.decide(.compose, Self.release(0.99, -125)) == ReleaseDecision(.cancel, reason: "fling -125 pt/s <= -125 towards cancelling"))
    }

    @Test func composeFallsBackToProgressJustUnder125() {
        #expect(Self.decide(.compose, Self.release(0.01, 124.9)) == ReleaseDecision(.cancel, reason: "speed |124.9 pt/s| < 125 and progress 0.01 <= 0.5"))
        #expect(Self.decide(.compose, Self.release(0.99, -124.9)).verdict == .finish)
    }

    @Test func composeCancelsAtHalfAndFinishesJustPast() {
        #expect(Self.decide(.compose, Self.release(0.5)).verdict == .cancel)
        #expect(Self.decide(.compose, Self.release(0.5001)) == ReleaseDecision(.finish, reason: "speed |0 pt/s| < 125 and progress 0.5001 > 0.5"))
    }

    // MARK: projected (p + (v/1000)·r/(1 − r) > 0.5, r = 0.998; never against a fling back)

    @Test func projectedProgressUsesTheScrollViewDeceleration() {
        // 200 pt/s over 200 points per progress is 1 progress/s: 0.1 + 0.001 · 0.998/0.002 = 0.599.
        let projected = ThresholdRule.projectedProgress(Self.release(0.1, 200), decelerationRate: 0.998)
        #expect(abs(projected - 0.599) < 1e-12)
    }

    @Test func projectedFinishesWhenTheProjectionPassesHalf() {
        #expect(Self.decide(.projected, Self.release(0, 201))
            == ReleaseDecision(.finish, reason: "projected progress 0.5015 > 0.5 (progress 0, velocity 201 pt/s)"))
    }

    @Test func projectedCancelsWhenTheProjectionFallsShort() {
        #expect(Self.decide(.projected, Self.release(0, 200))
            == ReleaseDecision(.cancel, reason: "projected progress 0.499 <= 0.5 (progress 0, velocity 200 pt/s)"))
    }

    @Test func projectedCancelsAtHalfWithoutVelocityAndFinishesJustPast() {
        #expect(Self.decide(.projected, Self.release(0.5)).verdict == .cancel)
        #expect(Self.decide(.projected, Self.release(0.5001)).verdict == .finish)
    }

    @Test func projectedNeverFinishesAgainstAFlingBack() {
        // Far along and on a long track, the projection alone would still finish.
        #expect(Self.decide(.projected, Self.release(0.99, -200, pointsPerProgress: 2000)).verdict == .finish)
        #expect(Self.decide(.projected, Self.release(0.99, -200.1, pointsPerProgress: 2000))
            == ReleaseDecision(.cancel, reason: "fling back -200.1 pt/s < -200"))
    }

    // MARK: names and completion timings

    @Test func everyPolicyNamesItsCompletionTiming() {
        let timings = ThresholdPolicy.presets.map { "\($0.name): \($0.completionTiming.name)" }
        #expect(timings == ["vctransitions: vctransitions", "mdtransitioning: uikit", "swiftui-navigation: swiftui-navigation",
                            "flutter: uikit", "compose: spring", "projected: spring"])
    }

    @Test func everyPolicyIsFoundByItsName() {
        for policy in ThresholdPolicy.presets { #expect(ThresholdPolicy.named(policy.name) == policy) }
        #expect(ThresholdPolicy.named("nope") == nil)
    }
}
