import Engine
import Foundation
import Interaction
import Testing
@testable import Traces

@Suite("Agreement, sweeps and tuning")
struct TuningTests {
    func release(_ trace: String, progress: Double, velocity: Double, intent: ReleaseDecision.Verdict) -> LabelledRelease {
        LabelledRelease(trace: trace, measurement: ReleaseMeasurement(progress: progress, velocity: velocity, pointsPerProgress: 200, screenExtent: 800),
                        pointerCancelled: false, intent: intent)
    }

    @Test func theConfusionMatrixCountsEachPairing() {
        let releases = [
            release("a", progress: 0.8, velocity: 0, intent: .finish),
            release("b", progress: 0.2, velocity: 0, intent: .finish),
            release("c", progress: 0.6, velocity: 0, intent: .cancel),
            release("d", progress: 0.1, velocity: 0, intent: .cancel),
            LabelledRelease(trace: "e", measurement: nil, pointerCancelled: false, intent: .cancel),
        ]
        let matrix = LabelledReleases.matrix(releases, rule: ThresholdPolicy.vcTransitions.rule)
        #expect(matrix.finishFinish == 1)
        #expect(matrix.finishCancel == 1)
        #expect(matrix.cancelFinish == 1)
        #expect(matrix.cancelCancel == 2)
        #expect(matrix.agreement == 0.6)
    }

    @Test func aCancelledPointerCancelsUnderEveryRule() {
        let cancelled = LabelledRelease(trace: "x", measurement: ReleaseMeasurement(progress: 0.9, velocity: 2000, pointsPerProgress: 200, screenExtent: 800),
                                        pointerCancelled: true, intent: .cancel)
        for policy in ThresholdPolicy.presets { #expect(cancelled.decision(under: policy.rule) == .cancel) }
    }

    @Test func parametersAreNamedAndSettable() {
        let rule = ThresholdPolicy.swiftUINavigation.rule
        #expect(rule.parameters.map(\.name) == ["finish-velocity", "position", "cancel-velocity"])
        #expect(rule.setting("position", to: 0.4) == .velocityAndPosition(finishVelocity: 675, positionThreshold: 0.4, cancelVelocity: -200))
        #expect(rule.setting("threshold", to: 0.4) == nil)
        #expect(ThresholdPolicy.vcTransitions.rule.setting("threshold", to: 0.3) == .position(threshold: 0.3))
    }

    @Test func aFamilysFitIsItsBestGridPointNearestItsReference() {
        // Finishes: past 0.6 slowly, or flicked at 900 pt/s from 0.1. Cancels: short and slow, or
        // past 0.6 but flung back at −500 pt/s.
        let releases = [
            release("a", progress: 0.7, velocity: 0, intent: .finish),
            release("b", progress: 0.65, velocity: 50, intent: .finish),
            release("c", progress: 0.1, velocity: 900, intent: .finish),
            release("d", progress: 0.3, velocity: 0, intent: .cancel),
            release("e", progress: 0.55, velocity: 20, intent: .cancel),
            release("f", progress: 0.8, velocity: -500, intent: .cancel),
        ].map { release in
            var copy = release
            copy.group = "one session"
            return copy
        }
        // One group: nothing can be cross-validated, so the only model is fitted on everything.
        let tuner = ThresholdTuner(models: [.family(.velocityPosition)], folds: 5)
        let selection = tuner.select(releases, indices: Array(releases.indices))
        #expect(selection.scores == [nil])
        #expect(LabelledReleases.matrix(releases, rule: selection.rule).agreement == 1)
        // Ties go to the values nearest swiftui-navigation's (0.2, 675, −200) that still separate
        // them; 650 and 700 are equally near 675, and the grid's lower value comes first.
        #expect(selection.rule == .velocityAndPosition(finishVelocity: 650, positionThreshold: 0.6, cancelVelocity: -200))
        #expect(selection.spec.explicit == "velocity-position:finish-velocity=650,position=0.6,cancel-velocity=-200")
    }

    @Test func everyFamilysGridIsAsDocumented() {
        #expect(TuningModel.family(.position).rules.count == 19)
        #expect(TuningModel.family(.velocityPosition).rules.count == 15_561)
        #expect(TuningModel.family(.fling).rules.count == 760)
        #expect(TuningModel.family(.projection).rules.count == 836)
        #expect(TuningModel.family(.fling).reference == .fling(minimumVelocity: 125, unit: .pointsPerSecond, positionThreshold: 0.5, comparison: .above))
        #expect(TuningModel.family(.fling, reference: ThresholdPolicy.flutter.rule).rules.first
                == .fling(minimumVelocity: 0.125, unit: .screensPerSecond, positionThreshold: 0.05, comparison: .atOrAbove))
        let outOfRange = ThresholdTuner().models.flatMap { model in model.rules.filter { (try? PolicySpec(base: model.base, rule: $0)) == nil } }
        #expect(outOfRange.isEmpty)
        let tuner = ThresholdTuner()
        #expect(tuner.models.map(\.name) == ["vctransitions", "mdtransitioning", "swiftui-navigation", "flutter", "compose", "projected",
                                            "position", "velocity-position", "fling", "projection"])
        #expect(tuner.models.map(\.fittedParameters) == [0, 0, 0, 0, 0, 0, 1, 3, 2, 3])
    }

    @Test func marginsSayHowFarTheReleaseWasFromFlipping() {
        let release = ReleaseMeasurement(progress: 0.6, velocity: 100, pointsPerProgress: 200, screenExtent: 800)
        let position = DecisionMargin(rule: ThresholdPolicy.vcTransitions.rule, release: release)
        #expect(abs((position.progress ?? 0) - -0.1) < 1e-9)
        #expect(position.velocity == nil)
        let swiftUI = DecisionMargin(rule: ThresholdPolicy.swiftUINavigation.rule, release: release)
        // Finishes because p ≥ 0.2 and v > −200: it would cancel below p 0.2, or at v −200.
        #expect(abs((swiftUI.progress ?? 0) - -0.4) < 1e-6)
        #expect(abs((swiftUI.velocity ?? 0) - -300) < 1e-6)
    }
}

@Suite("Invariances over the corpus")
struct CorpusInvarianceTests {
    @Test(arguments: CorpusTests.traces.filter { $0.hasPrefix("swipe/") || $0 == "demo.json" })
    func aMirroredSwipeGivesTheSameOutcome(_ relativePath: String) throws {
        let trace = try Trace.load(path: packageRoot.appendingPathComponent("recordings").appendingPathComponent(relativePath).path)
        var transform = TraceTransform()
        transform.mirrorHorizontally = true
        var mirrored = transform.apply(to: trace)
        mirrored.header.configuration.popOnRightToLeft.toggle()
        for policy in PolicySpec.presets {
            let original = try TraceCheck.run(trace, policy: policy, expected: []).got
            let reflected = try TraceCheck.run(mirrored, policy: policy, expected: []).got
            #expect(original == reflected, "\(relativePath) under \(policy)")
        }
    }

    @Test(arguments: CorpusTests.traces)
    func replayingSlowerNeverTurnsACancelIntoAFinishUnderAPositionOnlyPolicy(_ relativePath: String) throws {
        let trace = try Trace.load(path: packageRoot.appendingPathComponent("recordings").appendingPathComponent(relativePath).path)
        for factor in [1.5, 2.0, 4.0] {
            var transform = TraceTransform()
            transform.timeScale = factor
            let slower = transform.apply(to: trace)
            for policy in [PolicySpec.preset(.vcTransitions), .preset(.mdTransitioning)] {
                let original = try TraceCheck.run(trace, policy: policy, expected: []).got
                let slowed = try TraceCheck.run(slower, policy: policy, expected: []).got
                for (before, after) in zip(original, slowed) where before == .cancelled {
                    #expect(after == .cancelled, "\(relativePath) ×\(factor) under \(policy)")
                }
            }
        }
    }
}

@Suite("Tuning by group, nested")
struct GroupedTuningTests {
    func release(_ group: String, _ progress: Double, _ intent: ReleaseDecision.Verdict, velocity: Double = 0) -> LabelledRelease {
        LabelledRelease(trace: "\(group)-\(progress)", group: group, groupBasis: .participant,
                        measurement: ReleaseMeasurement(progress: progress, velocity: velocity, pointsPerProgress: 200, screenExtent: 800),
                        pointerCancelled: false, intent: intent)
    }

    /// Three participants, each finishing a little past a threshold of their own and cancelling
    /// below it; vctransitions (p > 0.5) cancels every finish.
    var threeParticipants: [LabelledRelease] {
        [release("g1", 0.35, .finish), release("g1", 0.25, .cancel),
         release("g2", 0.4, .finish), release("g2", 0.2, .cancel),
         release("g3", 0.45, .finish), release("g3", 0.3, .cancel)]
    }

    @Test func theHeldOutFigureJudgesEachGroupByWhatTheProcedureChoseWithoutIt() throws {
        let tuner = ThresholdTuner(models: [.fixed(.preset(.vcTransitions)), .family(.position)], folds: 5)
        let result = tuner.nestedCrossValidation(threeParticipants)
        #expect(result.refusal == nil)
        #expect(result.folds.map(\.groups) == [["participant:g1"], ["participant:g2"], ["participant:g3"]])
        // Without g1: inside, g2 judged by g3's fit (0.4) gets 1 of 2 and g3 by g2's (0.35) 2 of 2:
        // the family scores 3/4 against vctransitions' 2/4, and is fitted on g2 and g3 (0.3 or 0.35;
        // 0.35 is nearer 0.5), which cancels g1's finish at 0.35.
        #expect(result.folds.map(\.selection.rule) == [.position(threshold: 0.35), .position(threshold: 0.3), .position(threshold: 0.3)])
        #expect(result.folds.map(\.selection.scores) == [[2, 3], [2, 3], [2, 3]])
        let decisions = try #require(result.heldOutDecisions)
        #expect(ConfusionMatrix(threeParticipants, decisions: decisions).agreements == 5)
        #expect(decisions == [.cancel, .cancel, .finish, .cancel, .finish, .cancel])
        // On everything: each group held out in turn scores 1 + 2 + 2; fitted on all, 0.3.
        #expect(result.shipped.scores == [3, 5])
        #expect(result.shipped.rule == .position(threshold: 0.3))
        #expect(result.shipped.innerFolds == 3)
        #expect(LabelledReleases.matrix(threeParticipants, rule: result.shipped.rule).agreements == 6)
    }

    @Test func withOneGroupThereIsNoHeldOutFigureAndOnlyFixedRulesCompete() {
        let alone = threeParticipants.map { release in
            var copy = release
            copy.group = "g1"
            return copy
        }
        let result = ThresholdTuner().nestedCrossValidation(alone)
        #expect(result.heldOutDecisions == nil)
        #expect(result.folds.isEmpty)
        #expect(result.refusal?.hasPrefix("the releases fall into 1 group by participant: a held-out figure needs at least 2 groups") == true)
        #expect(result.shipped.model.isFixed)
        #expect(result.shipped.scores.suffix(4) == [nil, nil, nil, nil])
    }

    @Test func aTieBetweenAPresetAndAFamilyGoesToThePreset() {
        // Every release is decided as meant by vctransitions, and by most of the position grid.
        let releases = [release("a", 0.8, .finish), release("a", 0.2, .cancel), release("b", 0.7, .finish), release("b", 0.3, .cancel)]
        let tuner = ThresholdTuner(models: [.family(.position), .fixed(.preset(.vcTransitions))], folds: 2)
        let selection = tuner.select(releases, indices: Array(releases.indices))
        #expect(selection.scores == [4, 4])
        #expect(selection.model.name == "vctransitions")
    }

    @Test func groupsAreParticipantsThenHeaderGroupsThenFolders() {
        var header = TraceHeader(created: "", program: "", windowSize: Size(width: 390, height: 844), devices: [], configuration: SessionConfiguration())
        #expect(ReleaseGroups.group(of: header, path: "study/a.json") == ("study", .folder))
        #expect(ReleaseGroups.group(of: header, path: "a.json") == (".", .folder))
        header.group = "slow drag"
        #expect(ReleaseGroups.group(of: header, path: "study/a.json") == ("slow drag", .group))
        header.study = TraceStudy(plan: "back", participant: "K7QX3M", task: "flick", trial: 1)
        #expect(ReleaseGroups.group(of: header, path: "study/a.json") == ("K7QX3M", .participant))
        let mixed = threeParticipants + [LabelledRelease(trace: "x/y.json", group: "x", groupBasis: .folder, measurement: nil, pointerCancelled: false, intent: .cancel)]
        #expect(ReleaseGroups.summary(threeParticipants) == "3 groups by participant")
        #expect(ReleaseGroups.summary(mixed) == "4 groups (3 by participant, 1 by folder)")
        #expect(ReleaseGroups.title(mixed) == "group")
        // A participant and a folder of one name are two groups.
        let twins = [release("x", 0.5, .finish), LabelledRelease(trace: "x/a.json", group: "x", groupBasis: .folder, measurement: nil, pointerCancelled: false, intent: .cancel)]
        #expect(ReleaseGroups.keys(twins) == ["folder:x", "participant:x"])
    }

    @Test func countingPerGroupOnceGivesWhatCountingEachRunGives() {
        var random = SplitMix64(seed: 29)
        let releases = (0..<40).map { index in
            release("p\(index % 7)", random.nextDouble(in: 0...1), random.nextUnit() < 0.5 ? .finish : .cancel, velocity: random.nextDouble(in: -900...1500))
        }
        let tuner = ThresholdTuner(folds: 3)
        #expect(tuner.nestedCrossValidation(releases, groupCountLimit: 0) == tuner.nestedCrossValidation(releases))
    }

    @Test func agreementComesWithItsWilsonInterval() {
        var matrix = ConfusionMatrix()
        for _ in 0..<58 { matrix.add(intent: .finish, decision: .finish) }
        for _ in 0..<11 { matrix.add(intent: .cancel, decision: .finish) }
        #expect(matrix.agreementText == "84.1% (58/69; Wilson 95% interval 73.7–90.9%)")
        #expect(ConfusionMatrix().agreementInterval == (0, 1))
    }
}

/// Labelled sets like the one issue 29 describes: 30 gestures of 6 people (5 each), each person
/// with a speed of their own; finishes mostly past a third and fast, cancels mostly short and slow,
/// and a share of labels the other way (people do not always do what they meant).
enum IssueLikeSets {
    static func make(seed: UInt64, flipped: Double) -> [LabelledRelease] {
        var random = SplitMix64(seed: seed)
        var releases: [LabelledRelease] = []
        for person in 0..<6 {
            let speed = random.nextDouble(in: 0.5...2)
            for take in 0..<5 {
                let finish = random.nextUnit() < 0.55
                let progress = finish ? random.nextDouble(in: 0.15...0.9) : random.nextDouble(in: 0.05...0.65)
                let velocity = speed * (finish ? 500 + random.nextGaussian(sigma: 400) : -50 + random.nextGaussian(sigma: 250))
                let intent: ReleaseDecision.Verdict = (random.nextUnit() < flipped) != finish ? .finish : .cancel
                releases.append(LabelledRelease(trace: "p\(person)-\(take)", group: "p\(person)", groupBasis: .participant,
                                                measurement: ReleaseMeasurement(progress: progress, velocity: velocity, pointsPerProgress: 200, screenExtent: 390),
                                                pointerCancelled: false, intent: intent))
            }
        }
        return releases
    }

    /// The held-out agreements of `tuner`'s procedure on `releases`.
    static func heldOut(_ tuner: ThresholdTuner, _ releases: [LabelledRelease]) -> Int {
        ConfusionMatrix(releases, decisions: tuner.nestedCrossValidation(releases).heldOutDecisions ?? []).agreements
    }

    /// The tuner before issue 29: a velocity-position rule fitted on the training folds, ties
    /// towards swiftui-navigation's numbers.
    static let velocityPositionOnly = ThresholdTuner(models: [.family(.velocityPosition, reference: ThresholdPolicy.swiftUINavigation.rule)], folds: 5)
}

@Suite("Tuning on sets like the issue's")
struct IssueLikeTuningTests {
    /// One of the generator's sets, picked because its numbers are the issue's: compose agrees
    /// with 26 of 30, and a velocity-position rule fitted inside the folds holds out only 21.
    @Test func onASetLikeTheIssuesTheHeldOutFigureReachesTheBestPresets() {
        let releases = IssueLikeSets.make(seed: 12, flipped: 0.05)
        #expect(PolicySpec.presets.map { LabelledReleases.matrix(releases, rule: $0.rule).agreements } == [14, 20, 23, 20, 26, 26])
        #expect(IssueLikeSets.heldOut(IssueLikeSets.velocityPositionOnly, releases) == 21)
        #expect(IssueLikeSets.heldOut(ThresholdTuner(), releases) == 26)
    }

    /// Not run by default (minutes in a debug build): `GESTURE_LAB_TUNING_SIMULATION=1 swift test
    /// --filter IssueLikeTuningTests` prints, over 120 sets like the issue's, how far each
    /// procedure's held-out agreement falls below the best preset's (chosen after seeing every
    /// fold, so a bar no procedure can be sure to reach): the nested selection, the presets alone
    /// chosen inside the folds, and the tuner before issue 29; beside them the preset that is best
    /// over 400 further sets (what an oracle would pick), which measures how far the bar itself
    /// sits above what any rule chosen in advance reaches. Where the old tuner fell 4 or more below
    /// (as in the issue), the nested selection must fall less far on average.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["GESTURE_LAB_TUNING_SIMULATION"] != nil))
    func overManySetsTheNestedSelectionIsMeasuredAgainstTheBestPreset() {
        let presetsOnly = ThresholdTuner(models: PolicySpec.presets.map(TuningModel.fixed), folds: 5)
        let population = (1000..<1400).flatMap { IssueLikeSets.make(seed: UInt64($0), flipped: 0.05) }
        let populationAgreements = PolicySpec.presets.map { LabelledReleases.matrix(population, rule: $0.rule).agreements }
        let oracle = populationAgreements.indices.max { populationAgreements[$0] < populationAgreements[$1] } ?? 0
        var gaps: [[Int]] = [[], [], [], []]
        for seed in 0..<120 {
            let releases = IssueLikeSets.make(seed: UInt64(seed), flipped: 0.05)
            let agreements = PolicySpec.presets.map { LabelledReleases.matrix(releases, rule: $0.rule).agreements }
            let best = agreements.max() ?? 0
            gaps[3].append(agreements[oracle] - best)
            for (index, tuner) in [ThresholdTuner(), presetsOnly, IssueLikeSets.velocityPositionOnly].enumerated() {
                gaps[index].append(IssueLikeSets.heldOut(tuner, releases) - best)
            }
        }
        func summary(_ gaps: [Int]) -> String {
            let mean = Double(gaps.reduce(0, +)) / Double(max(gaps.count, 1))
            return "mean \(DecimalFormat.fixedString(mean, decimals: 2)) gestures, within one of the best preset in \(gaps.filter { $0 >= -1 }.count)/\(gaps.count), "
                + "at or above it in \(gaps.filter { $0 >= 0 }.count)/\(gaps.count), worst \(gaps.min() ?? 0)"
        }
        let issueLike = gaps[2].indices.filter { gaps[2][$0] <= -4 }
        print("nested selection (presets and families): \(summary(gaps[0]))")
        print("presets alone, chosen inside the folds:  \(summary(gaps[1]))")
        print("velocity-position only (before issue 29): \(summary(gaps[2]))")
        print("the preset best over 400 further sets (\(PolicySpec.presets[oracle].base.name), an oracle): \(summary(gaps[3]))")
        print("where the old tuner fell 4 or more below: nested \(summary(issueLike.map { gaps[0][$0] })); old \(summary(issueLike.map { gaps[2][$0] }))")
        #expect(issueLike.map { gaps[0][$0] }.reduce(0, +) > issueLike.map { gaps[2][$0] }.reduce(0, +))
    }
}
