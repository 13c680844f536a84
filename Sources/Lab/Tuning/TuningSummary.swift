import Interaction
import Plumbing
import Traces

/// What `tune` (and the study section of `report`) says about a nested cross-validation: the
/// held-out agreement beside every preset's on the same folds, each fold's choice, the rule to
/// ship, and the splits by provenance and by group.
package struct TuningSummary {
    /// The tuner that ran.
    package let tuner: ThresholdTuner
    /// The releases it ran on.
    package let releases: [LabelledRelease]
    /// What it found.
    package let result: ThresholdTuner.NestedResult

    /// The rule to ship as a spec: a preset by its name, a family's fit with every parameter.
    package var shippedSpec: PolicySpec { result.shipped.spec }

    /// The rule to ship as printed: a family's fit spelled out in full.
    package var shippedText: String {
        result.shipped.model.isFixed ? shippedSpec.canonical : shippedSpec.explicit
    }

    /// The held-out confusion matrix of the procedure, when there is one.
    package var heldOut: ConfusionMatrix? {
        result.heldOutDecisions.map { ConfusionMatrix(releases, decisions: $0) }
    }

    /// The fixed models (presets, and --policy's rule) with their matrices on every release.
    package var fixed: [(model: TuningModel, matrix: ConfusionMatrix)] {
        tuner.models.filter(\.isFixed).map { ($0, LabelledReleases.matrix(releases, rule: $0.rules[0])) }
    }

    /// The best fixed rule on every release (the first of the best).
    package var bestFixed: (model: TuningModel, matrix: ConfusionMatrix)? {
        fixed.reduce(nil) { best, entry in
            guard let best else { return entry }
            return entry.matrix.agreements > best.matrix.agreements ? entry : best
        }
    }

    /// The table columns: the procedure held out (when there is a figure), then each fixed rule.
    package var columns: [LabelledCorpus.ProvenanceColumn] {
        var columns: [LabelledCorpus.ProvenanceColumn] = []
        if let decisions = result.heldOutDecisions { columns.append(("tuned, held out", { decisions[$0] })) }
        let releases = self.releases
        return columns + fixed.map { entry in (entry.model.name, { releases[$0].decision(under: entry.model.rules[0]) }) }
    }

    /// "velocity-position 62/69" for each model's cross-validated score, "—" when it could not be scored.
    func scoreTexts(_ selection: ThresholdTuner.Selection) -> [String] {
        zip(tuner.models, selection.scores).map { model, score in "\(model.name) \(score.map { "\($0)/\(selection.releases)" } ?? "—")" }
    }

    /// How the held-out figure compares with the best preset's, in gestures.
    package var comparison: String? {
        guard let heldOut, let (model, matrix) = bestFixed else { return nil }
        let difference = heldOut.agreements - matrix.agreements
        if difference > 0 { return "better than the best preset, \(model.name) (\(matrix.agreements)/\(matrix.total)), by \(difference) gesture\(difference == 1 ? "" : "s")" }
        if difference == 0 { return "as good as the best preset, \(model.name) (\(matrix.agreements)/\(matrix.total))" }
        return "\(-difference) gesture\(difference == -1 ? "" : "s") below the best preset, \(model.name) (\(matrix.agreements)/\(matrix.total)), which was chosen after seeing every fold"
    }

    /// The text `tune` prints after its first line.
    package var lines: [String] {
        var lines: [String] = []
        let families = tuner.models.filter { !$0.isFixed }
        lines.append("models: \(tuner.models.filter(\.isFixed).count) fixed rules (the presets: nothing fitted) and \(families.count) families fitted on a grid ("
            + families.map { "\($0.name) \($0.rules.count)" }.joined(separator: ", ") + " rules)")
        lines.append("")
        if let heldOut, let decisions = result.heldOutDecisions {
            lines.append("held out (\(result.folds.count) folds by \(ReleaseGroups.title(releases)); on each, the whole procedure chose and fitted on the other folds only):")
            let width = max(26, (fixed.map(\.model.name.count).max() ?? 0) + 2)
            lines.append("  " + "tuned".padded(toLength: width) + heldOut.agreementText)
            for (model, matrix) in fixed.sorted(by: { $0.matrix.agreements > $1.matrix.agreements }) {
                lines.append("  " + model.name.padded(toLength: width) + matrix.agreementText)
            }
            if let comparison { lines.append("  tuned: \(comparison)") }
            lines.append("")
            lines.append("per fold (held out: the releases of the fold's groups; each fixed rule judged on the same fold):")
            let header = ["fold", "releases", "chose (cross-validated on the rest)", "tuned"] + fixed.map(\.model.name)
            var rows: [[String]] = []
            for (index, fold) in result.folds.enumerated() {
                var tuned = ConfusionMatrix()
                for release in fold.releases { tuned.add(intent: releases[release].intent, decision: decisions[release]) }
                let chosen = fold.selection.model.isFixed ? fold.selection.model.name : fold.selection.spec.explicit
                let score = fold.selection.scores[tuner.models.firstIndex(of: fold.selection.model) ?? 0].map { " \($0)/\(fold.selection.releases)" } ?? ""
                var row = ["\(index + 1)", "\(fold.releases.count)", chosen + score, "\(tuned.agreements)/\(tuned.total)"]
                for (model, _) in fixed {
                    var matrix = ConfusionMatrix()
                    for release in fold.releases { matrix.add(intent: releases[release].intent, decision: releases[release].decision(under: model.rules[0])) }
                    row.append("\(matrix.agreements)/\(matrix.total)")
                }
                rows.append(row)
            }
            lines += Self.table(header: header, rows: rows)
            for (index, fold) in result.folds.enumerated() {
                lines.append("  fold \(index + 1): " + fold.groups.map { Escaped.text(LabelledCorpus.Split.shown($0), limit: 200) }.joined(separator: ", "))
            }
        } else if let refusal = result.refusal {
            lines.append("no held-out figure: \(refusal)")
            lines.append("")
            lines.append("fixed rules on these releases (nothing fitted, but not held out either):")
            for (model, matrix) in fixed.sorted(by: { $0.matrix.agreements > $1.matrix.agreements }) {
                lines.append("  " + model.name.padded(toLength: 26) + matrix.agreementText)
            }
        }
        lines.append("")
        let shipped = result.shipped
        lines.append("rule to ship (the same procedure on all \(releases.count) releases): \(shippedText)")
        if shipped.innerFolds >= 2 {
            lines.append("  chosen by \(shipped.innerFolds)-fold cross-validation by \(ReleaseGroups.title(releases)): " + scoreTexts(shipped).joined(separator: ", "))
        } else {
            lines.append("  chosen among the fixed rules by their agreement on these releases (one group: no family can be cross-validated)")
        }
        let fitted = LabelledReleases.matrix(releases, rule: shipped.rule)
        lines.append("  agreement on every release\(shipped.model.isFixed ? "" : ", fitted to them (optimistic)"): \(fitted.agreementText)")
        if let heldOut { lines.append("  expected on new gestures (the held-out figure above): \(heldOut.agreementText)") }
        lines.append("")
        lines += LabelledCorpus.lines(releases, split: .provenance(releases), columns: columns)
        lines.append("")
        lines += LabelledCorpus.lines(releases, split: .group(releases), columns: columns)
        lines.append("")
        var blocks = [fitted.lines(title: "\(shippedText) (on all)")]
        if let heldOut { blocks.append(heldOut.lines(title: "tuned (\(result.folds.count)-fold held out)")) }
        blocks += fixed.map { $0.matrix.lines(title: $0.model.name) }
        for start in stride(from: 0, to: blocks.count, by: 4) {
            lines += LabelledCorpus.sideBySide(Array(blocks[start..<min(start + 4, blocks.count)]))
            lines.append("")
        }
        while lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Rows of cells under a header, each column as wide as its widest cell.
    static func table(header: [String], rows: [[String]]) -> [String] {
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        return ([header] + rows).map { row in
            var line = "  "
            for (column, cell) in row.enumerated() {
                line += column == row.count - 1 ? cell : cell.padded(toLength: widths[column] + 2)
            }
            return line
        }
    }

    /// Everything as JSON.
    package var json: JSONValue {
        func interval(_ matrix: ConfusionMatrix) -> JSONValue {
            .array([.number(ReplayReport.rounded(matrix.agreementInterval.lower, 6)), .number(ReplayReport.rounded(matrix.agreementInterval.upper, 6))])
        }
        let shipped = result.shipped
        let fitted = LabelledReleases.matrix(releases, rule: shipped.rule)
        var members: [(key: String, value: JSONValue)] = [
            ("spec", .string(shippedSpec.canonical)),
            ("model", .string(shipped.model.name)),
            ("fitted", .object(shipped.rule.parameters.map { ($0.name, JSONValue.number($0.value)) })),
            ("fitted_matrix", fitted.json),
            ("groups", .number(Double(ReleaseGroups.keys(releases).count))),
            ("grouped", .string(ReleaseGroups.summary(releases))),
            ("folds", .number(Double(result.folds.count))),
        ]
        if let heldOut {
            members += [("held_out", heldOut.json), ("held_out_interval", interval(heldOut))]
        } else {
            members += [("held_out", .null), ("held_out_interval", .null)]
        }
        members.append(("refusal", result.refusal.map(JSONValue.string) ?? .null))
        if let heldOut, let best = bestFixed {
            members.append(("better_than_best_preset", .bool(heldOut.agreements > best.matrix.agreements)))
            members.append(("below_best_preset_by", .number(Double(max(0, best.matrix.agreements - heldOut.agreements)))))
        }
        members.append(("scores", .object(zip(tuner.models, shipped.scores).map { ($0.name, $1.map { JSONValue.number(Double($0)) } ?? .null) })))
        members.append(("presets", .object(fixed.map { ($0.model.name, $0.matrix.json) })))
        let decisions = result.heldOutDecisions
        members.append(("fold_results", .array(result.folds.map { fold in
            var tuned = ConfusionMatrix()
            for index in fold.releases { tuned.add(intent: releases[index].intent, decision: decisions?[index] ?? .cancel) }
            return .object([
                ("groups", .array(fold.groups.map { .string(LabelledCorpus.Split.shown($0)) })),
                ("chose", .string(fold.selection.spec.canonical)),
                ("held_out", tuned.json),
            ])
        })))
        members.append(("by_provenance", LabelledCorpus.json(releases, split: .provenance(releases), columns: columns)))
        members.append(("by_group", LabelledCorpus.json(releases, split: .group(releases), columns: columns)))
        return .object(members)
    }
}
