import Engine
import Interaction
import Testing

/// A reason is true as printed: its numbers carry the digits that make its comparison hold,
/// and only VCTransitionsLibrary's own preset rounds progress to Float32, saying so.
@Suite("Reasons true as printed")
struct ReasonDigitsTests {
    static func release(_ progress: Double, velocity: Double = 0) -> ReleaseMeasurement {
        ReleaseMeasurement(progress: progress, velocity: velocity, pointsPerProgress: 200, screenExtent: 800)
    }

    @Test func aCustomRuleComparesTheExactFractionOfAnEightyPointSwipe() throws {
        // 80 pt of 200 is exactly 0.4 in double precision: not past 0.4. Rounded through Float32
        // it was 0.40000001 and finished, which no exported snippet does.
        let records = try replay(horizontalDrag(distance: 80, hold: 0.2), policy: "position:threshold=0.4")
        #expect(records[0].progressAtRelease == 0.4)
        #expect(records[0].decision == .cancel)
        #expect(records[0].reason == "progress 0.4 <= 0.4")
    }

    @Test func aSeventyPointSwipeUnderThresholdPointThreeFiveIsExactlyAtIt() throws {
        // 70 / 200 is the double nearest 0.35, the threshold itself: not past it. Through
        // Float32 it was 0.34999999 and the reason read "0.35 < 0.35".
        let records = try replay(horizontalDrag(distance: 70, hold: 0.2), policy: "position:threshold=0.35")
        #expect(records[0].progressAtRelease == 0.35)
        #expect(records[0].decision == .cancel)
        #expect(records[0].reason == "progress 0.35 <= 0.35")
    }

    @Test func theSeedRoundsProgressToSinglePrecisionAndSaysWhy() throws {
        // 100.000004 pt: 0.50000002, 0.5 once Float32 rounds it, so VCTransitionsLibrary cancels.
        let records = try replay(horizontalDrag(distance: 100.000004, hold: 0.2))
        #expect(records[0].progressAtRelease == 0.5)
        #expect(records[0].decision == .cancel)
        #expect(records[0].reason == "progress 0.5 <= 0.5 (VCTransitionsLibrary computes progress in Float32 with fminf/fmaxf: exactly 0.50000002)")
    }

    @Test func digitsAreAddedUntilTheComparisonHolds() {
        let rule = ThresholdRule.position(threshold: 0.4)
        #expect(rule.decide(Self.release(0.4000000059604645)).reason == "progress 0.40000001 > 0.4")
        #expect(rule.decide(Self.release(0.39999)).reason == "progress 0.39999 <= 0.4")
        #expect(rule.decide(Self.release(0.7)).reason == "progress 0.7 > 0.4")
    }

    @Test func velocitiesGetTheirDigitsToo() {
        let rule = ThresholdRule.velocityAndPosition(finishVelocity: 675, positionThreshold: 0.2, cancelVelocity: -200)
        #expect(rule.decide(Self.release(0.1, velocity: 675.04)).reason == "velocity 675.04 pt/s > 675")
        #expect(rule.decide(Self.release(0.1, velocity: 674.96)).reason == "velocity 674.96 pt/s <= 675 and progress 0.1 < 0.2")
        #expect(rule.decide(Self.release(0.1, velocity: 600)).reason == "velocity 600 pt/s <= 675 and progress 0.1 < 0.2")
    }

    @Test func aThresholdIsPrintedExactly() {
        let rule = ThresholdRule.position(threshold: 0.123456)
        #expect(rule.decide(Self.release(0.12346)).reason == "progress 0.1235 > 0.123456")
    }

    @Test func onlyTheSeedsOwnPresetComputesInSinglePrecision() throws {
        #expect(ThresholdPolicy.vcTransitions.computesProgressInSinglePrecision)
        for preset in ThresholdPolicy.presets where preset.name != "vctransitions" {
            #expect(!preset.computesProgressInSinglePrecision, "\(preset.name)")
        }
        #expect(try !PolicySpec.parse("vctransitions:threshold=0.4").policy.computesProgressInSinglePrecision)
    }
}
