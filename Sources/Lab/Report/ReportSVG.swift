import Interaction
import Output

/// The inline SVG pictures of a report: one replay's progress and velocity over time with
/// the rule's thresholds and the releases, and a sweep's agreement curve.
package enum ReportSVG {
    package static let width = 720.0
    private static let left = 58.0
    private static let right = 70.0
    private static let progressTop = 16.0
    private static let progressHeight = 150.0
    private static let velocityTop = 192.0
    private static let velocityHeight = 80.0
    private static let height = 308.0

    /// Progress (top) and velocity (bottom) of one replay.
    package static func tracePlot(_ entry: ReportData.TraceEntry) -> String {
        let plotWidth = width - left - right
        let end = max(entry.samples.last?.time ?? 0.1, 0.1)
        func x(_ time: Double) -> Double { left + time / end * plotWidth }
        func progressY(_ progress: Double) -> Double { progressTop + (1.1 - progress) / 1.15 * progressHeight }
        let rule = entry.policy.rule
        let screen = entry.records.first?.screenExtent ?? 800
        let thresholds = rule.velocityThresholds(screenExtent: screen)
        // The velocity axis follows the bulk of the curve, the releases and the thresholds, not the
        // spikes of two-sample estimates right after a pointer goes down (those are clipped), and
        // ends on a round value.
        let speeds = entry.samples.compactMap { $0.velocity.map(abs) }.sorted()
        let typical = speeds.isEmpty ? 0 : speeds[speeds.count / 2] * 2
        let fastest = max(200, typical * 1.1, (entry.records.map { abs($0.velocityAtRelease) }.max() ?? 0) * 1.3,
                          (thresholds.map { abs($0.velocity) }.max() ?? 0) * 1.1)
        let ticks = NiceTicks.values(0, fastest, count: 4)
        let step = ticks.count > 1 ? ticks[1] - ticks[0] : fastest
        let limit = (fastest / step).rounded(.up) * step
        func velocityY(_ velocity: Double) -> Double { velocityTop + (limit - min(max(velocity, -limit), limit)) / (2 * limit) * velocityHeight }

        var svg = "<svg class=\"plot\" role=\"img\" viewBox=\"0 0 \(n(width)) \(n(height))\" width=\"\(n(width))\" height=\"\(n(height))\">"
        svg += "<title>progress and velocity of \(HTML.escape(entry.path))</title>"
        // Axes and ticks.
        for tick in NiceTicks.values(0, end, count: 6) {
            svg += line(x(tick), progressTop, x(tick), velocityTop + velocityHeight, "grid")
            svg += text(x(tick), height - 22, DecimalFormat.string(tick, decimals: 3), "tick", anchor: "middle")
        }
        svg += text(left + plotWidth / 2, height - 6, "time since the first event (s)", "axis", anchor: "middle")
        for tick in [0.0, 0.5, 1.0] {
            svg += line(left, progressY(tick), left + plotWidth, progressY(tick), "grid")
            svg += text(left - 6, progressY(tick) + 4, DecimalFormat.string(tick, decimals: 2), "tick", anchor: "end")
        }
        svg += text(12, progressTop + progressHeight / 2, "progress", "axis", anchor: "middle", rotate: true)
        for tick in NiceTicks.values(-limit, limit, count: 4) {
            svg += line(left, velocityY(tick), left + plotWidth, velocityY(tick), "grid")
            svg += text(left - 6, velocityY(tick) + 4, DecimalFormat.string(tick, decimals: 0), "tick", anchor: "end")
        }
        svg += text(12, velocityTop + velocityHeight / 2, "pt/s", "axis", anchor: "middle", rotate: true)
        svg += "<rect class=\"frame\" x=\"\(n(left))\" y=\"\(n(progressTop))\" width=\"\(n(plotWidth))\" height=\"\(n(progressHeight))\"/>"
        svg += "<rect class=\"frame\" x=\"\(n(left))\" y=\"\(n(velocityTop))\" width=\"\(n(plotWidth))\" height=\"\(n(velocityHeight))\"/>"
        // Thresholds, labelled inside the right margin so no label is clipped, and moved apart
        // where two would overlap.
        let position = rule.positionThreshold
        svg += line(left, progressY(position), left + plotWidth, progressY(position), "threshold")
        svg += text(left + plotWidth + 4, progressY(position) + 4, "p \(DecimalFormat.string(position, decimals: 3))", "threshold-label")
        var labels: [(y: Double, text: String)] = []
        for threshold in thresholds where abs(threshold.velocity) <= limit {
            svg += line(left, velocityY(threshold.velocity), left + plotWidth, velocityY(threshold.velocity), "threshold")
            labels.append((velocityY(threshold.velocity) + 4, "v \(DecimalFormat.string(threshold.velocity, decimals: 0))"))
        }
        for label in Self.spreadApart(labels, gap: labelGap) { svg += text(left + plotWidth + 4, label.y, label.text, "threshold-label") }
        // Curves.
        svg += "<polyline class=\"progress\" points=\"\(entry.samples.map { "\(n(x($0.time))),\(n(progressY($0.progress)))" }.joined(separator: " "))\"/>"
        var segment: [String] = []
        for sample in entry.samples {
            if let velocity = sample.velocity {
                segment.append("\(n(x(sample.time))),\(n(velocityY(velocity)))")
            } else if !segment.isEmpty {
                svg += "<polyline class=\"velocity\" points=\"\(segment.joined(separator: " "))\"/>"
                segment = []
            }
        }
        if !segment.isEmpty { svg += "<polyline class=\"velocity\" points=\"\(segment.joined(separator: " "))\"/>" }
        // Samples beyond the axis are drawn at its edge; each is marked, and the note says how
        // many and how far, so an outlier is seen without squashing the curve.
        let clipped = entry.samples.filter { ($0.velocity.map(abs) ?? 0) > limit }
        for sample in clipped {
            guard let velocity = sample.velocity else { continue }
            let edge = velocityY(velocity), tip = velocity > 0 ? edge - 5 : edge + 5
            svg += "<path class=\"clipped\" d=\"M\(n(x(sample.time) - 3)),\(n(edge))L\(n(x(sample.time) + 3)),\(n(edge))L\(n(x(sample.time))),\(n(tip))Z\"/>"
        }
        if let farthest = clipped.compactMap({ $0.velocity.map(abs) }).max() {
            svg += text(left + 4, velocityTop + velocityHeight - 4,
                        "\(clipped.count) sample\(clipped.count == 1 ? "" : "s") beyond ±\(DecimalFormat.string(limit, decimals: 0)) pt/s clipped (▲▼; up to \(DecimalFormat.string(farthest, decimals: 0)))", "clipped-label")
        }
        // Releases.
        for (index, record) in entry.records.enumerated() {
            let releaseX = x(record.releasedAt - entry.start)
            let kind = record.decision == .finish ? "finish" : "cancel"
            svg += line(releaseX, progressTop, releaseX, velocityTop + velocityHeight, "release \(kind)")
            svg += "<circle class=\"release \(kind)\" cx=\"\(n(releaseX))\" cy=\"\(n(progressY(record.progressAtRelease)))\" r=\"5\"/>"
            svg += "<circle class=\"release \(kind)\" cx=\"\(n(releaseX))\" cy=\"\(n(velocityY(record.velocityAtRelease)))\" r=\"4\"/>"
            let labelX = min(releaseX + 6, left + plotWidth - 80)
            svg += text(labelX, progressTop + 14 + Double(index % 3) * 14, "\(index + 1): \(record.decision.rawValue)", "release-label \(kind)")
        }
        if entry.records.isEmpty {
            svg += text(left + plotWidth / 2, progressTop + progressHeight / 2, "no transition: the gesture never took hold", "empty", anchor: "middle")
        }
        return svg + "</svg>"
    }

    /// The least vertical distance between two threshold labels' baselines, in SVG units.
    package static let labelGap = 11.0

    /// `labels` (baseline y, text) moved apart, in order of y, so that no two baselines are
    /// closer than `gap`; a label keeps its place where it can.
    package static func spreadApart(_ labels: [(y: Double, text: String)], gap: Double) -> [(y: Double, text: String)] {
        var placed = labels.sorted { $0.y < $1.y }
        for index in placed.indices.dropFirst() where placed[index].y - placed[index - 1].y < gap {
            placed[index].y = placed[index - 1].y + gap
        }
        return placed
    }

    /// Agreement (0…1) against a parameter's value.
    package static func sweepPlot(parameter: String, rows: [(value: Double, agreement: Double)], current: Double?) -> String {
        let plotWidth = width - left - right
        let plotHeight = 200.0
        let top = 16.0
        guard let low = rows.map(\.value).min(), let high = rows.map(\.value).max() else { return "" }
        let span = high > low ? high - low : 1
        func x(_ value: Double) -> Double { left + (value - low) / span * plotWidth }
        func y(_ rate: Double) -> Double { top + (1 - rate) * plotHeight }
        var svg = "<svg class=\"sweep\" role=\"img\" viewBox=\"0 0 \(n(width)) \(n(plotHeight + 60))\" width=\"\(n(width))\" height=\"\(n(plotHeight + 60))\">"
        svg += "<title>agreement as \(HTML.escape(parameter)) varies</title>"
        for tick in NiceTicks.values(low, high, count: 6) {
            svg += line(x(tick), top, x(tick), top + plotHeight, "grid")
            svg += text(x(tick), top + plotHeight + 16, DecimalFormat.string(tick, decimals: 4), "tick", anchor: "middle")
        }
        for tick in [0.0, 0.25, 0.5, 0.75, 1.0] {
            svg += line(left, y(tick), left + plotWidth, y(tick), "grid")
            svg += text(left - 6, y(tick) + 4, "\(Int(tick * 100))%", "tick", anchor: "end")
        }
        svg += "<rect class=\"frame\" x=\"\(n(left))\" y=\"\(n(top))\" width=\"\(n(plotWidth))\" height=\"\(n(plotHeight))\"/>"
        if let current, current >= low, current <= high {
            svg += line(x(current), top, x(current), top + plotHeight, "threshold")
            svg += text(x(current) + 4, top + 12, "now", "threshold-label")
        }
        svg += "<polyline class=\"progress\" points=\"\(rows.map { "\(n(x($0.value))),\(n(y($0.agreement)))" }.joined(separator: " "))\"/>"
        svg += text(left + plotWidth / 2, top + plotHeight + 38, HTML.escape(parameter), "axis", anchor: "middle")
        return svg + "</svg>"
    }

    /// One row per participant of dots on a shared axis (release progress, or velocity): a
    /// dot per release, green for a meant finish and red for a meant cancel, the row's median
    /// marked, and the recommended rule's thresholds dashed. Values beyond `range` sit at its edge,
    /// marked as clipped.
    package static func spreadPlot(title: String, axis: String, rows: [(label: String, values: [(value: Double, intent: ReleaseDecision.Verdict)])],
                                   range: ClosedRange<Double>, thresholds: [(value: Double, label: String)], decimals: Int) -> String {
        let rowHeight = 26.0, top = 22.0
        let plotWidth = width - left - right
        let plotHeight = rowHeight * Double(max(rows.count, 1))
        let span = range.upperBound > range.lowerBound ? range.upperBound - range.lowerBound : 1
        func x(_ value: Double) -> Double { left + (min(max(value, range.lowerBound), range.upperBound) - range.lowerBound) / span * plotWidth }
        let total = top + plotHeight + 40
        var svg = "<svg class=\"spread\" role=\"img\" viewBox=\"0 0 \(n(width)) \(n(total))\" width=\"\(n(width))\" height=\"\(n(total))\">"
        svg += "<title>\(HTML.escape(title))</title>"
        for tick in NiceTicks.values(range.lowerBound, range.upperBound, count: 6) {
            svg += line(x(tick), top, x(tick), top + plotHeight, "grid")
            svg += text(x(tick), top + plotHeight + 14, DecimalFormat.string(tick, decimals: decimals), "tick", anchor: "middle")
        }
        svg += "<rect class=\"frame\" x=\"\(n(left))\" y=\"\(n(top))\" width=\"\(n(plotWidth))\" height=\"\(n(plotHeight))\"/>"
        for threshold in thresholds where range.contains(threshold.value) {
            svg += line(x(threshold.value), top - 4, x(threshold.value), top + plotHeight, "threshold")
            svg += text(x(threshold.value) + 3, top - 8, HTML.escape(threshold.label), "threshold-label")
        }
        for (index, row) in rows.enumerated() {
            let y = top + rowHeight * (Double(index) + 0.5)
            svg += text(left - 6, y + 4, HTML.escape(row.label), "tick", anchor: "end")
            for (position, point) in row.values.enumerated() {
                // Dots of one row are spread a little up and down, in turn, so equal values stay apart.
                let jitter = Double(position % 3 - 1) * 5
                let clipped = !range.contains(point.value)
                svg += "<circle class=\"release \(point.intent == .finish ? "finish" : "cancel")\(clipped ? " clipped" : "")\" cx=\"\(n(x(point.value)))\" cy=\"\(n(y + jitter))\" r=\"3.5\"/>"
            }
            let sorted = row.values.map(\.value).sorted()
            if !sorted.isEmpty {
                let median = sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
                svg += line(x(median), y - 10, x(median), y + 10, "median")
            }
        }
        svg += text(left + plotWidth / 2, total - 6, HTML.escape(axis) + " (green: meant to finish, red: meant to cancel; bar: median)", "axis", anchor: "middle")
        return svg + "</svg>"
    }

    private static func n(_ value: Double) -> String { DecimalFormat.string(value, decimals: 1) }

    private static func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ kind: String) -> String {
        "<line class=\"\(kind)\" x1=\"\(n(x1))\" y1=\"\(n(y1))\" x2=\"\(n(x2))\" y2=\"\(n(y2))\"/>"
    }

    private static func text(_ x: Double, _ y: Double, _ content: String, _ kind: String, anchor: String = "start", rotate: Bool = false) -> String {
        let transform = rotate ? " transform=\"rotate(-90 \(n(x)) \(n(y)))\"" : ""
        return "<text class=\"\(kind)\" x=\"\(n(x))\" y=\"\(n(y))\" text-anchor=\"\(anchor)\"\(transform)>\(content)</text>"
    }
}
