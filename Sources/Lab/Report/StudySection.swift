import Interaction
import Traces

/// What `report` shows about a study (traces whose header names a participant): agreement per
/// participant and per task under every preset and the recommended rule, the tasks each rule
/// gets wrong, each participant's spread of release progress and velocity, and the rule
/// `tune`'s procedure recommends with its held-out interval.
package struct StudySection {
    /// One rule the tables compare: a preset, or the recommended rule.
    package struct Rule {
        /// Its name as printed.
        package let name: String
        /// Its rule.
        package let rule: ThresholdRule
        /// True for the recommended rule when it is not a preset (its column says "recommended").
        package var isRecommended = false

        /// A table column's heading: the preset's name, or "recommended".
        package var heading: String { isRecommended ? "recommended" : name }
    }

    /// A participant's releases, for the spread plots.
    package struct Participant {
        /// The participant's code.
        package let code: String
        /// Each labelled release that took hold: progress, velocity (pt/s) and what was meant.
        package let releases: [(progress: Double, velocity: Double, intent: ReleaseDecision.Verdict)]
        /// Labelled releases that never took hold of a transition (no progress to plot).
        package let neverTookHold: Int
    }

    /// The presets, then the recommended rule when it is not one of them.
    package let rules: [Rule]
    /// The participants, in code order.
    package let participants: [Participant]
    /// The tasks, in name order.
    package let tasks: [String]
    /// Each participant's matrix under each rule (rows in `participants` order).
    package let byParticipant: [[ConfusionMatrix]]
    /// Each task's matrix under each rule (rows in `tasks` order).
    package let byTask: [[ConfusionMatrix]]
    /// The recommended rule's matrix for each participant and task.
    package let recommendedCells: [[ConfusionMatrix]]
    /// The rule the tuning procedure ships, as printed.
    package let recommended: String
    /// Its agreement on every release (not held out).
    package let recommendedOnAll: ConfusionMatrix
    /// The procedure's held-out agreement, or nil with the reason.
    package let heldOut: ConfusionMatrix?
    /// Why there is no held-out figure, when there is none.
    package let refusal: String?
    /// How the releases were grouped ("3 groups by participant").
    package let grouping: String
    /// The screen's extent along the gestures' axis, in points, of the first measured release: a
    /// rule in screens per second is drawn at that many points per second.
    package let screenExtent: Double

    /// The study section for `releases`, or nil when none names a participant.
    package static func make(_ releases: [LabelledRelease]) -> StudySection? {
        guard releases.contains(where: { $0.groupBasis == .participant }) else { return nil }
        let tuner = ThresholdTuner()
        let summary = TuningSummary(tuner: tuner, releases: releases, result: tuner.nestedCrossValidation(releases))
        var rules = PolicySpec.presets.map { Rule(name: $0.canonical, rule: $0.rule) }
        let shipped = summary.result.shipped
        let recommendedName = summary.shippedText
        if !rules.contains(where: { $0.rule == shipped.rule }) { rules.append(Rule(name: recommendedName, rule: shipped.rule, isRecommended: true)) }
        let columns: [LabelledCorpus.ProvenanceColumn] = rules.map { rule in (rule.name, { releases[$0].decision(under: rule.rule) }) }
        let participantSplit = LabelledCorpus.Split.group(releases)
        let taskSplit = LabelledCorpus.Split.task(releases)
        let byParticipant = LabelledCorpus.matrices(releases, split: participantSplit, columns: columns)
        let byTask = LabelledCorpus.matrices(releases, split: taskSplit, columns: columns)
        var participants: [Participant] = []
        var cells: [[ConfusionMatrix]] = []
        for key in participantSplit.parts {
            let own = releases.filter { $0.groupKey == key }
            participants.append(Participant(
                code: LabelledCorpus.Split.shown(key),
                releases: own.compactMap { release in release.measurement.map { ($0.progress, $0.velocity, release.intent) } },
                neverTookHold: own.filter { $0.measurement == nil }.count))
            cells.append(taskSplit.parts.map { task in
                var matrix = ConfusionMatrix()
                for release in own where (release.task ?? "no task") == task { matrix.add(intent: release.intent, decision: release.decision(under: shipped.rule)) }
                return matrix
            })
        }
        return StudySection(rules: rules, participants: participants, tasks: taskSplit.parts, byParticipant: byParticipant.map(\.matrices),
                            byTask: byTask.map(\.matrices), recommendedCells: cells, recommended: recommendedName,
                            recommendedOnAll: LabelledReleases.matrix(releases, rule: shipped.rule), heldOut: summary.heldOut,
                            refusal: summary.result.refusal, grouping: ReleaseGroups.summary(releases),
                            screenExtent: releases.lazy.compactMap(\.measurement?.screenExtent).first ?? 390)
    }

    /// For each rule, the tasks it decides wrongly at least once, with how many of how many.
    package var wrongTasks: [(rule: String, tasks: [(task: String, wrong: Int, total: Int)])] {
        rules.enumerated().map { index, rule in
            (rule.name, tasks.enumerated().compactMap { row, task in
                let matrix = byTask[row][index]
                let wrong = matrix.total - matrix.agreements
                return wrong > 0 ? (task, wrong, matrix.total) : nil
            })
        }
    }

    /// The recommendation as one sentence.
    package var recommendation: String {
        if let heldOut { return "\(recommended): held out \(heldOut.agreementText); on every release \(ReportWriter.shortAgreement(recommendedOnAll))" }
        return "\(recommended), on every release \(ReportWriter.shortAgreement(recommendedOnAll)) (no held-out figure: \(refusal ?? "fewer than 2 groups"))"
    }
}
