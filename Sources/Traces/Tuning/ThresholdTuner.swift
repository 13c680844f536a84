import Interaction

/// Fits the three numbers of a rule of swiftui-navigation-transitions' shape (position
/// threshold, finishing-velocity threshold, cancelling-velocity threshold) to what people
/// meant, and measures how well the fit generalises with k-fold cross-validation.
public struct ThresholdTuner: Sendable {
    /// The candidate position thresholds (progress).
    public var positions: [Double] = stride(from: 0.05, through: 0.95, by: 0.05).map { ($0 * 100).rounded() / 100 }
    /// The candidate finishing-velocity thresholds (points per second).
    public var finishVelocities: [Double] = stride(from: 100.0, through: 2000, by: 50).map { $0 }
    /// The candidate cancelling-velocity thresholds (points per second).
    public var cancelVelocities: [Double] = stride(from: -1000.0, through: 0, by: 50).map { $0 }
    /// The rule whose shape is fitted and which breaks ties (the closest to it wins).
    public var reference = ThresholdPolicy.swiftUINavigation.rule

    /// A tuner over the default grid.
    public init() {}

    /// The result of a fit.
    public struct Fit: Hashable, Sendable {
        /// The fitted rule.
        public var rule: ThresholdRule
        /// Its confusion matrix on the releases it was fitted to.
        public var matrix: ConfusionMatrix
    }

    /// The rule on the grid that agrees best with `releases`; ties go to the rule closest to
    /// ``reference`` (so the answer is unique and deterministic).
    public func fit(_ releases: [LabelledRelease]) -> Fit {
        var best: (rule: ThresholdRule, matrix: ConfusionMatrix, distance: Double)?
        let (referenceFinish, referencePosition, referenceCancel) = Self.numbers(reference)
        for position in positions {
            for finish in finishVelocities {
                for cancel in cancelVelocities where cancel < finish {
                    let rule = ThresholdRule.velocityAndPosition(finishVelocity: finish, positionThreshold: position, cancelVelocity: cancel)
                    let matrix = LabelledReleases.matrix(releases, rule: rule)
                    let distance = abs(position - referencePosition) * 10 + abs(finish - referenceFinish) / 100 + abs(cancel - referenceCancel) / 100
                    if let current = best {
                        if matrix.agreements < current.matrix.agreements { continue }
                        if matrix.agreements == current.matrix.agreements && distance >= current.distance { continue }
                    }
                    best = (rule, matrix, distance)
                }
            }
        }
        let rule = best?.rule ?? reference
        return Fit(rule: rule, matrix: LabelledReleases.matrix(releases, rule: rule))
    }

    /// The held-out confusion matrix of k-fold cross-validation: groups (gestures) are dealt
    /// into `folds` folds by their position in name order, so every take of one gesture lands in
    /// the same fold and no fold is decided by a rule that saw the same gesture; each fold is
    /// decided by the rule fitted on the others. With fewer groups than folds, each group is a fold.
    public func crossValidate(_ releases: [LabelledRelease], folds: Int) -> ConfusionMatrix {
        ConfusionMatrix(releases, decisions: heldOutDecisions(releases, folds: folds))
    }

    /// What ``crossValidate(_:folds:)`` decides for each release, in order: the decision of
    /// the rule fitted without the release's fold, so results can be split any way afterwards
    /// (by provenance, by participant) and stay held out.
    public func heldOutDecisions(_ releases: [LabelledRelease], folds: Int) -> [ReleaseDecision.Verdict] {
        let groups = Array(Set(releases.map(\.group))).sorted()
        let foldCount = max(1, min(folds, groups.count))
        let foldOf = Dictionary(uniqueKeysWithValues: groups.enumerated().map { ($0.element, $0.offset % foldCount) })
        var decisions = [ReleaseDecision.Verdict](repeating: .cancel, count: releases.count)
        for fold in 0..<foldCount {
            let training = releases.filter { foldOf[$0.group] != fold }
            let rule = fit(training).rule
            for index in releases.indices where foldOf[releases[index].group] == fold {
                decisions[index] = releases[index].decision(under: rule)
            }
        }
        return decisions
    }

    /// How many folds ``crossValidate(_:folds:)`` really uses on `releases`.
    public static func foldCount(_ releases: [LabelledRelease], folds: Int) -> Int {
        max(1, min(folds, Set(releases.map(\.group)).count))
    }

    private static func numbers(_ rule: ThresholdRule) -> (Double, Double, Double) {
        if case .velocityAndPosition(let finish, let position, let cancel) = rule { return (finish, position, cancel) }
        return (675, 0.2, -200)
    }
}
