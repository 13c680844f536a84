import Interaction
import Output
import Plumbing
import Traces

/// Writes a report as one self-contained HTML page (no network, no external files) or as
/// Markdown for CI logs.
package enum ReportWriter {
    /// The page's style, inline.
    private static let style = """
    body{font:14px/1.45 system-ui,sans-serif;margin:24px auto;max-width:780px;color:#1d2233;background:#fff}
    h1{font-size:22px}h2{font-size:18px;margin-top:28px}h3{font-size:15px;margin:0 0 4px}
    .trace{border:1px solid #d8dbe4;border-radius:6px;padding:10px 12px;margin:14px 0}
    .trace.fail{border-color:#d9534f;background:#fff6f5}.status{font-weight:700}
    .fail .status{color:#c0392b}.pass .status{color:#1e8449}.unchecked .status{color:#7a7f8f}
    #matrices{display:flex;flex-wrap:wrap;gap:10px 18px}
    table.matrix{border-collapse:collapse;margin:4px 0}td.agreement{font-size:12px;text-align:left!important}
    table.matrix td,table.matrix th,table.provenance td,table.provenance th{border:1px solid #d8dbe4;padding:2px 8px;text-align:right}
    table.provenance{border-collapse:collapse;margin:4px 0}
    table.matrix caption{font-weight:700;text-align:left}
    svg{display:block;max-width:100%;height:auto}
    svg .grid{stroke:#eceef3}svg .frame{fill:none;stroke:#9aa0b0}
    svg .tick{font-size:10px;fill:#5b6173}svg .axis{font-size:11px;fill:#3d4355}
    svg .threshold{stroke:#d4a017;stroke-dasharray:5 4}svg .threshold-label{font-size:10px;fill:#a47a00}
    svg .progress{fill:none;stroke:#2c3145;stroke-width:2}svg .velocity{fill:none;stroke:#2f7bc8;stroke-width:1.2}
    svg .clipped{fill:#8e44ad}svg .clipped-label{font-size:10px;fill:#8e44ad}
    svg line.release{stroke-width:1}svg line.finish{stroke:#1e8449}svg line.cancel{stroke:#c0392b}
    svg circle.finish{fill:#1e8449}svg circle.cancel{fill:#c0392b}
    svg .release-label{font-size:11px;font-weight:700}svg .release-label.finish{fill:#1e8449}svg .release-label.cancel{fill:#c0392b}
    svg .empty{font-size:13px;fill:#7a7f8f}svg .median{stroke:#2c3145;stroke-width:2}svg circle.clipped{stroke:#8e44ad;stroke-width:1.5}
    table.study td,table.study th{border:1px solid #d8dbe4;padding:2px 6px;text-align:right;font-size:13px}table.study{border-collapse:collapse;margin:4px 0 12px}
    table.study td.wrong{background:#fff1ef;color:#a93226}
    ul.releases{margin:4px 0 0;padding-left:18px}.decision.finish b{color:#1e8449}.decision.cancel b{color:#c0392b}
    """

    /// The HTML page.
    package static func html(_ data: ReportData) -> String {
        let ordered = data.orderedTraces
        let failed = ordered.filter { $0.passed == false }.count
        let passed = ordered.filter { $0.passed == true }.count
        var page = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        page += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">"
        page += "<title>\(HTML.escape(data.title))</title><style>\(style)</style></head><body>\n"
        page += "<h1>\(HTML.escape(data.title))</h1>\n"
        page += "<p id=\"summary\">\(ordered.count) traces: <b>\(failed) failed</b>, \(passed) passed, \(ordered.count - failed - passed) without expectations. "
        page += "A trace passes when its replay gives the outcomes its intent labels (or else its expected outcomes) ask for.</p>\n"
        page += "<h2 id=\"agreement\">Agreement with the intent labels (\(data.labelledReleases) releases)</h2>\n"
        if !data.grouping.isEmpty { page += "<p id=\"grouping\">The labelled releases fall into \(HTML.escape(data.grouping)).</p>\n" }
        page += "<div id=\"matrices\">"
        for (policy, matrix) in data.matrices {
            page += "<table class=\"matrix\" data-policy=\"\(HTML.escape(policy.canonical))\"><caption>\(HTML.escape(policy.canonical))</caption>"
            page += "<tr><th>intended \\ decided</th><th>finish</th><th>cancel</th></tr>"
            page += "<tr><th>finish</th><td>\(matrix.finishFinish)</td><td>\(matrix.finishCancel)</td></tr>"
            page += "<tr><th>cancel</th><td>\(matrix.cancelFinish)</td><td>\(matrix.cancelCancel)</td></tr>"
            page += "<tr><td colspan=\"3\" class=\"agreement\">\(HTML.escape(matrix.agreementText))</td></tr></table>"
        }
        page += "</div>\n"
        if !data.byProvenance.isEmpty {
            page += "<h3>By provenance</h3><p>A robot's or a model's intent is its plan's, not a person's: read each column on its own.</p>"
            page += "<table class=\"provenance\" id=\"provenance\"><tr><th>policy</th>"
            for group in data.byProvenance {
                page += "<th data-provenance=\"\(HTML.escape(group.provenance))\">\(HTML.escape(group.provenance)) (\(group.matrices.first?.total ?? 0))</th>"
            }
            page += "</tr>"
            for (index, entry) in data.matrices.enumerated() {
                page += "<tr><th>\(HTML.escape(entry.policy.canonical))</th>"
                for group in data.byProvenance { page += "<td>\(HTML.escape(Self.shortAgreement(group.matrices[index])))</td>" }
                page += "</tr>"
            }
            page += "</table>\n"
        }
        if let study = data.study { page += studyHTML(study) }
        if let sweep = data.sweep {
            page += "<h2 id=\"sweep\">\(HTML.escape(sweep.policy.canonical)): agreement as \(HTML.escape(sweep.parameter)) varies</h2>\n"
            page += ReportSVG.sweepPlot(parameter: sweep.parameter, rows: sweep.rows,
                                        current: sweep.policy.rule.parameters.first { $0.name == sweep.parameter }?.value) + "\n"
        }
        page += "<h2 id=\"traces\">Traces, failures first</h2>\n"
        for entry in ordered {
            let status = entry.passed.map { $0 ? "pass" : "fail" } ?? "unchecked"
            page += "<section class=\"trace \(status)\" data-path=\"\(HTML.escape(entry.path))\">"
            page += "<h3><span class=\"status\">\(status.uppercased())</span> \(HTML.escape(entry.path))</h3>"
            page += "<p>\(HTML.escape(entry.controllers)) under <code>\(HTML.escape(entry.policy.explicit))</code>"
            if let notes = entry.notes { page += " · \(HTML.escape(notes))" }
            if entry.expected != nil {
                page += " · expected (\(entry.basis)) \(entry.expectedText), got \(entry.gotText)"
            }
            page += "</p>" + ReportSVG.tracePlot(entry) + "<ul class=\"releases\">"
            for (index, record) in entry.records.enumerated() {
                page += "<li class=\"decision \(record.decision.rawValue)\">release \(index + 1) at \(DecimalFormat.fixedString(record.releasedAt - entry.start, decimals: 3)) s "
                page += "(progress \(DecimalFormat.fixedString(record.progressAtRelease, decimals: 4)), velocity \(DecimalFormat.fixedString(record.velocityAtRelease, decimals: 1)) pt/s): "
                page += "<b>\(record.decision.rawValue)</b> by \(HTML.escape(record.controller.rawValue)): \(HTML.escape(record.reason))</li>"
            }
            if entry.records.isEmpty { page += "<li class=\"decision none\">no transition: the gesture never took hold of one</li>" }
            page += "</ul></section>\n"
        }
        return page + "</body></html>\n"
    }

    /// The study section: the recommendation, agreement per participant and per task, the
    /// tasks each rule gets wrong, the recommended rule per participant and task, and each
    /// participant's spread of release progress and velocity.
    static func studyHTML(_ study: StudySection) -> String {
        var page = "<h2 id=\"study\">Study: \(study.participants.count) participants, \(study.tasks.count) tasks</h2>\n"
        page += "<p id=\"recommendation\">Recommended rule (the procedure of <code>tune</code>: every preset and family, chosen by cross-validation "
        page += "by participant, judged by nested cross-validation): <b>\(HTML.escape(study.recommendation))</b>. Releases grouped: \(HTML.escape(study.grouping)).</p>\n"
        // Cells are counts (agreeing/all) with the rate as a tooltip, so a row of seven rules fits the page.
        func table(_ id: String, _ first: String, _ names: [String], _ matrices: [[ConfusionMatrix]]) -> String {
            var html = "<table class=\"study\" id=\"\(id)\"><tr><th>\(first)</th>"
            for rule in study.rules { html += "<th>\(HTML.escape(rule.heading))</th>" }
            html += "</tr>"
            for (name, row) in zip(names, matrices) {
                html += "<tr><th>\(HTML.escape(name))</th>"
                html += row.map { "<td title=\"\(HTML.escape(shortAgreement($0)))\"\($0.agreements < $0.total ? " class=\"wrong\"" : "")>\($0.agreements)/\($0.total)</td>" }.joined()
                html += "</tr>"
            }
            return html + "</table>\n"
        }
        if let recommended = study.rules.first(where: \.isRecommended) {
            page += "<p>In the tables, <i>recommended</i> is <code>\(HTML.escape(recommended.name))</code>; each cell counts the releases decided as meant.</p>\n"
        }
        page += "<h3>Agreement per participant</h3>" + table("by-participant", "participant", study.participants.map(\.code), study.byParticipant)
        page += "<h3>Agreement per task</h3>" + table("by-task", "task", study.tasks, study.byTask)
        page += "<h3>Tasks each rule gets wrong</h3><ul id=\"wrong-tasks\">"
        for (rule, tasks) in study.wrongTasks {
            page += "<li><code>\(HTML.escape(rule))</code>: "
            page += tasks.isEmpty ? "none" : tasks.map { "\(HTML.escape($0.task)) (\($0.wrong) of \($0.total))" }.joined(separator: ", ")
            page += "</li>"
        }
        page += "</ul>\n<h3>The recommended rule per participant and task</h3><table class=\"study\" id=\"cells\"><tr><th>participant</th>"
        for task in study.tasks { page += "<th>\(HTML.escape(task))</th>" }
        page += "</tr>"
        for (participant, row) in zip(study.participants, study.recommendedCells) {
            page += "<tr><th>\(HTML.escape(participant.code))</th>" + row.map { "<td>\($0.total > 0 ? "\($0.agreements)/\($0.total)" : "")</td>" }.joined() + "</tr>"
        }
        page += "</table>\n"
        let recommended = study.rules.first { $0.name == study.recommended }?.rule
        let progressRows = study.participants.map { participant in (participant.code, participant.releases.map { ($0.progress, $0.intent) }) }
        page += "<h3>Release progress per participant</h3>"
        page += ReportSVG.spreadPlot(title: "release progress per participant", axis: "progress at release", rows: progressRows, range: 0...1,
                                     thresholds: recommended.map { [($0.positionThreshold, "p \(DecimalFormat.string($0.positionThreshold, decimals: 3))")] } ?? [],
                                     decimals: 2) + "\n"
        let speeds = study.participants.flatMap { $0.releases.map { abs($0.velocity) } }.sorted()
        // The axis holds 95% of the speeds and ends on a round value; the fastest few sit at its edge, marked.
        let typical = max(200, (speeds.isEmpty ? 0 : speeds[min(speeds.count - 1, Int(Double(speeds.count) * 0.95))]) * 1.1)
        let ticks = NiceTicks.values(0, typical, count: 4)
        let step = ticks.count > 1 ? ticks[1] - ticks[0] : typical
        let limit = (typical / step).rounded(.up) * step
        let velocityRows = study.participants.map { participant in (participant.code, participant.releases.map { ($0.velocity, $0.intent) }) }
        page += "<h3>Release velocity per participant</h3>"
        page += ReportSVG.spreadPlot(title: "release velocity per participant", axis: "velocity at release, pt/s towards finishing", rows: velocityRows,
                                     range: -limit...limit,
                                     thresholds: (recommended?.velocityThresholds(screenExtent: study.screenExtent) ?? []).map { ($0.velocity, "v \(DecimalFormat.string($0.velocity, decimals: 0))") },
                                     decimals: 0) + "\n"
        let never = study.participants.filter { $0.neverTookHold > 0 }
        if !never.isEmpty {
            page += "<p>Not plotted (never took hold of a transition): " + never.map { "\(HTML.escape($0.code)) \($0.neverTookHold)" }.joined(separator: ", ") + ".</p>\n"
        }
        return page
    }

    /// The Markdown summary.
    package static func markdown(_ data: ReportData) -> String {
        let ordered = data.orderedTraces
        let failed = ordered.filter { $0.passed == false }
        var text = "# \(Escaped.text(data.title, limit: 500))\n\n"
        text += "\(ordered.count) traces: **\(failed.count) failed**, \(ordered.filter { $0.passed == true }.count) passed, "
        text += "\(ordered.filter { $0.passed == nil }.count) without expectations.\n\n"
        text += "## Agreement with the intent labels (\(data.labelledReleases) releases)\n\n"
        if !data.grouping.isEmpty { text += "The labelled releases fall into \(markdownCell(data.grouping)).\n\n" }
        text += "| policy | FF | FC | CF | CC | agreement |\n|---|---:|---:|---:|---:|---|\n"
        for (policy, matrix) in data.matrices {
            text += "| `\(markdownCell(policy.canonical))` | \(matrix.finishFinish) | \(matrix.finishCancel) | \(matrix.cancelFinish) | \(matrix.cancelCancel) | \(matrix.agreementText) |\n"
        }
        text += "\nFF: meant finish, decided finish; FC: meant finish, decided cancel; CF and CC likewise.\n"
        if !data.byProvenance.isEmpty {
            text += "\n### By provenance\n\nA robot's or a model's intent is its plan's, not a person's.\n\n| policy |"
            text += data.byProvenance.map { " \(markdownCell($0.provenance)) (\($0.matrices.first?.total ?? 0)) |" }.joined()
            text += "\n|---|" + String(repeating: "---:|", count: data.byProvenance.count) + "\n"
            for (index, entry) in data.matrices.enumerated() {
                text += "| `\(markdownCell(entry.policy.canonical))` |" + data.byProvenance.map { " \(Self.shortAgreement($0.matrices[index])) |" }.joined() + "\n"
            }
        }
        if let study = data.study { text += studyMarkdown(study) }
        if let sweep = data.sweep {
            text += "\n## \(sweep.policy.canonical): agreement as \(sweep.parameter) varies\n\n| \(sweep.parameter) | agreement |\n|---:|---:|\n"
            for row in sweep.rows { text += "| \(DecimalFormat.string(row.value, decimals: 4)) | \(DecimalFormat.fixedString(row.agreement * 100, decimals: 1))% |\n" }
        }
        text += "\n## Failures\n\n"
        if failed.isEmpty { text += "None.\n" }
        for entry in failed {
            text += "- `\(markdownCell(entry.path))` under `\(markdownCell(entry.policy.canonical))`: expected (\(entry.basis)) "
            text += "\(entry.expectedText), got \(entry.gotText)"
            text += entry.records.map { "; \($0.decision.rawValue): \(markdownCell($0.reason))" }.joined() + "\n"
        }
        return text
    }

    /// The study section as Markdown tables.
    static func studyMarkdown(_ study: StudySection) -> String {
        var text = "\n## Study: \(study.participants.count) participants, \(study.tasks.count) tasks\n\n"
        text += "Recommended rule: **\(markdownCell(study.recommendation))**\n"
        for (title, first, names, matrices) in [("Agreement per participant", "participant", study.participants.map(\.code), study.byParticipant),
                                                 ("Agreement per task", "task", study.tasks, study.byTask)] {
            text += "\n### \(title)\n\n| \(first) |" + study.rules.map { " `\(markdownCell($0.name))` |" }.joined()
            text += "\n|---|" + String(repeating: "---:|", count: study.rules.count) + "\n"
            for (name, row) in zip(names, matrices) { text += "| \(markdownCell(name)) |" + row.map { " \(shortAgreement($0)) |" }.joined() + "\n" }
        }
        text += "\n### Tasks each rule gets wrong\n\n"
        for (rule, tasks) in study.wrongTasks {
            text += "- `\(markdownCell(rule))`: " + (tasks.isEmpty ? "none" : tasks.map { "\(markdownCell($0.task)) (\($0.wrong) of \($0.total))" }.joined(separator: ", ")) + "\n"
        }
        return text
    }

    /// "80.6% (50/62)": a matrix's agreement in a table cell.
    package static func shortAgreement(_ matrix: ConfusionMatrix) -> String {
        "\(DecimalFormat.fixedString(matrix.agreement * 100, decimals: 1))% (\(matrix.agreements)/\(matrix.total))"
    }

    private static func markdownCell(_ text: String) -> String {
        Escaped.text(text, limit: 500).replacingEvery("|", with: "\\|").replacingEvery("`", with: "'")
    }
}
