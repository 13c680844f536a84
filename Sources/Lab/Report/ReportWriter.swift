import Interaction
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
    svg .empty{font-size:13px;fill:#7a7f8f}
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
        page += "<h2 id=\"agreement\">Agreement with the intent labels (\(data.labelledReleases) releases)</h2>\n<div id=\"matrices\">"
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

    /// The Markdown summary.
    package static func markdown(_ data: ReportData) -> String {
        let ordered = data.orderedTraces
        let failed = ordered.filter { $0.passed == false }
        var text = "# \(Escaped.text(data.title, limit: 500))\n\n"
        text += "\(ordered.count) traces: **\(failed.count) failed**, \(ordered.filter { $0.passed == true }.count) passed, "
        text += "\(ordered.filter { $0.passed == nil }.count) without expectations.\n\n"
        text += "## Agreement with the intent labels (\(data.labelledReleases) releases)\n\n"
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

    /// "80.6% (50/62)": a matrix's agreement in a table cell.
    package static func shortAgreement(_ matrix: ConfusionMatrix) -> String {
        "\(DecimalFormat.fixedString(matrix.agreement * 100, decimals: 1))% (\(matrix.agreements)/\(matrix.total))"
    }

    private static func markdownCell(_ text: String) -> String {
        Escaped.text(text, limit: 500).replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "`", with: "'")
    }
}
