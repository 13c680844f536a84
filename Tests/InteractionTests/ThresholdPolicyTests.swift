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

    // MARK: compose (AnchoredDraggableState: anchors stay, at rest the nearer, |v| ≥ 125 its way, else by position from the anchor left)

    /// Just off a boundary: 2^-20, exact in Float too, so Compose's pixel offsets see the same side.
    static let epsilon = 0x1p-20
    /// The boundary progress values: the anchors, just inside them, and half way ± epsilon.
    static let composeProgress = [0, epsilon, 0.5 - epsilon, 0.5, 0.5 + epsilon, 1 - epsilon, 1]
    /// The boundary velocities in pt/s (= dp/s): a hard fling back, Compose's 125 and just under, rest.
    static let composeVelocity = [-10_000, -125, -124.99, 0, 124.99, 125, 10_000.0]

    /// `rule`'s decisions on the boundary grid, a row per progress: F finishes, C cancels.
    static func boundaryTable(_ rule: ThresholdRule) -> [String] {
        composeProgress.map { progress in
            String(composeVelocity.map { rule.verdict(release(progress, $0)) == .finish ? "F" : "C" })
        }
    }

    @Test func composeDecidesAsAnchoredDraggableAtEveryBoundary() {
        // Where Compose Foundation 1.8's computeTarget settles (Tests/EndToEnd/compose-anchored-model.kt
        // agrees on every cell): velocities -10000, -125, -124.99, 0, 124.99, 125, 10000.
        #expect(Self.boundaryTable(ThresholdPolicy.compose.rule) == [
            "CCCCCCC", // 0: the start anchor stays, even flung forwards
            "CCCCCFF", // 2^-20
            "CCCCCFF", // 0.5 - 2^-20
            "CCCFFFF", // 0.5: at rest the nearer anchor is a tie, won by the end; forwards it has covered half
            "CCFFFFF", // 0.5 + 2^-20
            "CCFFFFF", // 1 - 2^-20
            "FFFFFFF", // 1: the end anchor stays, even flung back
        ])
    }

    @Test func theRuleComposeHadBeforeDiffersAtSixBoundaries() {
        // fling:velocity=125pt/s,position=0.5,at-threshold=cancel, what `compose` was.
        let before = try? PolicySpec.parse("fling:velocity=125pt/s,position=0.5,at-threshold=cancel").rule
        #expect(before.map(Self.boundaryTable) == ["CCCCCFF", "CCCCCFF", "CCCCCFF", "CCCCCFF", "CCFFFFF", "CCFFFFF", "CCFFFFF"])
    }

    @Test func composeSaysWhichBoundaryDecided() {
        #expect(Self.decide(.compose, Self.release(0, 10_000))
            == ReleaseDecision(.cancel, reason: "at the start anchor (progress 0): stays, velocity 10000 pt/s"))
        #expect(Self.decide(.compose, Self.release(1, -10_000))
            == ReleaseDecision(.finish, reason: "at the end anchor (progress 1): stays, velocity -10000 pt/s"))
        #expect(Self.decide(.compose, Self.release(0.5)) == ReleaseDecision(.finish, reason: "at rest, the nearer anchor: progress 0.5 >= 0.5"))
        #expect(Self.decide(.compose, Self.release(0.01, 125)) == ReleaseDecision(.finish, reason: "fling 125 pt/s >= 125 towards finishing"))
        #expect(Self.decide(.compose, Self.release(0.99, -125)) == ReleaseDecision(.cancel, reason: "fling -125 pt/s <= -125 towards cancelling"))
        #expect(Self.decide(.compose, Self.release(0.5, 124.99))
            == ReleaseDecision(.finish, reason: "speed |124.99 pt/s| < 125 forwards and progress 0.5 >= 0.5"))
        #expect(Self.decide(.compose, Self.release(0.5, -124.99))
            == ReleaseDecision(.cancel, reason: "speed |-124.99 pt/s| < 125 backwards and 1 - progress 0.5 >= 0.5"))
        #expect(Self.decide(.compose, Self.release(0.5001, -124.9))
            == ReleaseDecision(.finish, reason: "speed |-124.9 pt/s| < 125 backwards and 1 - progress 0.4999 < 0.5"))
    }

    @Test func composeMeasuresASlowReleaseFromTheAnchorItLeaves() {
        // With a position threshold of 0.4: forwards 0.4 of the way from the start, backwards 0.4
        // of the way from the end (so at progress 0.55 a slow release forwards cancels and one
        // backwards finishes), at rest the nearer anchor whatever the threshold.
        let rule = ThresholdRule.anchoredDraggable(minimumVelocity: 125, positionThreshold: 0.4)
        #expect(rule.verdict(Self.release(0.4, 1)) == .finish)
        #expect(rule.verdict(Self.release(0.3999, 1)) == .cancel)
        #expect(rule.verdict(Self.release(0.6001, -1)) == .finish)
        #expect(rule.verdict(Self.release(0.6, -1)) == .cancel)
        #expect(rule.verdict(Self.release(0.45, 0)) == .cancel)
        let sixTenths = ThresholdRule.anchoredDraggable(minimumVelocity: 125, positionThreshold: 0.6)
        #expect(sixTenths.verdict(Self.release(0.55, 1)) == .cancel)
        #expect(sixTenths.verdict(Self.release(0.55, -1)) == .finish)
    }

    // MARK: projected (p + (v/1000)·r/(1 − r) > 0.5, r = 0.998; never against a fling back)

    @Test func projectedProgressUsesTheScrollViewDeceleration() {
        // 200 pt/s over 200 points per progress is 1 progress/s: 0.1 + 0.001 · 0.998/0.002 = 0.599.
        let projected = ProjectionRule.projectedProgress(Self.release(0.1, 200), decelerationRate: 0.998)
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
