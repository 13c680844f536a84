import Engine
import FoundationEssentials
import Glibc
import Interaction
import Output
import Traces

/// `plot`'s picture of one replay: progress over time against the policy's threshold, the
/// release point with the projected position the velocity points to, the velocity itself on
/// a second axis, and the completion animation after release.
package struct ProgressPlot {
    /// A progress plot.
    package init() {}

    static let width = 1200
    static let height = 640
    static let sampleRate = 240.0

    package func write(trace: Trace, configuration: ResolvedConfiguration, title: String, to path: String, force: Bool) throws {
        let canvas = try OffscreenCanvas(width: Self.width, height: Self.height)
        let renderer = canvas.renderer
        let text = try TextPainter(renderer: renderer, scale: 1)
        renderer.clear(Color(255, 255, 255))
        text.draw(title, x: 20, y: 14, size: .title, bold: true, color: Color(25, 30, 45))

        let start = trace.events.first?.timestamp ?? 0
        let records = HeadlessReplay.run(trace.events, configuration: configuration)
        let end = max(ReplayTimeline.endTime(of: trace.events, records: records), start + 0.1)
        let count = Int(((end - start) * Self.sampleRate).rounded(.up)) + 1
        let times = ReplayTimeline.evenlySpaced(from: start, to: end, count: min(max(count, 2), 20_000))
        let snapshots = ReplayTimeline.snapshots(of: trace.events, configuration: configuration, at: times)

        // The scale follows the bulk of the curve and the releases, not the spikes of the
        // two-sample estimates right after a pointer goes down.
        let speeds = snapshots.compactMap { $0.pendingMeasurement.map { abs($0.velocity) } }.sorted()
        let typicalSpeed = speeds.isEmpty ? 0 : speeds[speeds.count / 2] * 2
        let releaseSpeed = records.map { abs($0.velocityAtRelease) }.max() ?? 0
        let rule = configuration.policy.rule
        let screenExtent = records.first?.screenExtent ?? configuration.configuration.windowSize.width
        // Velocity thresholds are drawn when the velocity decided some release.
        let velocityThresholds = records.contains { !$0.pointerCancelled && rule.velocityMatters($0.measurement) }
            ? rule.velocityThresholds(screenExtent: screenExtent) : []
        let thresholdSpeed = velocityThresholds.map { abs($0.velocity) }.max() ?? 0
        let roughLimit = max(200, typicalSpeed * 1.1, releaseSpeed * 1.3, thresholdSpeed * 1.1)
        let velocityTicks = NiceTicks.values(0, roughLimit, count: 2)
        let velocityStep = velocityTicks.count > 1 ? velocityTicks[1] - velocityTicks[0] : roughLimit
        // The axis ends on a round value, so its ticks are round too.
        let velocityLimit = (roughLimit / velocityStep).rounded(.up) * velocityStep
        let chart = Chart(left: 90, top: 80, width: Double(Self.width) - 190, height: Double(Self.height) - 160,
                          xRange: 0...(end - start), yRange: -0.05...1.1)
        chart.drawAxes(renderer: renderer, text: text, xTitle: "time since the first event (s)", yTitle: "progress",
                       yLabel: { DecimalFormat.string($0, decimals: 2) }, xLabel: { DecimalFormat.string($0, decimals: 3) }, roundTicks: true)
        // The velocity's own axis on the right, mapped onto the progress axis's −0.05…1.1.
        func velocityY(_ velocity: Double) -> Double {
            chart.y((velocity + velocityLimit) / (2 * velocityLimit) * 1.15 - 0.05)
        }
        for value in NiceTicks.values(-velocityLimit, velocityLimit, count: 4) {
            let y = velocityY(value)
            text.draw("\(DecimalFormat.string(value, decimals: 0))", x: chart.left + chart.width + 8, y: y - 8, size: .small, color: Color(40, 120, 200))
        }
        text.draw("velocity (pt/s)", x: chart.left + chart.width - 40, y: chart.top - 24, size: .body, color: Color(40, 120, 200))

        for threshold in velocityThresholds {
            let y = velocityY(threshold.velocity)
            renderer.fill(x: chart.left, y: y, width: chart.width, height: 1, color: Color(40, 120, 200, 160))
            text.draw("\(threshold.label) \(DecimalFormat.string(threshold.velocity, decimals: 0)) pt/s", x: chart.left + chart.width - 8, y: y + 3,
                      size: .small, color: Color(40, 100, 170), alignment: .right)
        }
        let threshold = configuration.policy.rule.positionThreshold
        chart.horizontalLine(at: threshold, renderer: renderer, color: Color(240, 190, 40))
        text.draw("threshold \(DecimalFormat.string(threshold, decimals: 2)) (\(configuration.policy.name))", x: chart.left + 8,
                  y: chart.y(threshold) - 20, size: .small, color: Color(170, 120, 0))

        let velocityPoints = snapshots.compactMap { snapshot in
            snapshot.pendingMeasurement.map { (snapshot.time - start, ($0.velocity + velocityLimit) / (2 * velocityLimit) * 1.15 - 0.05) }
        }
        chart.polyline(velocityPoints, renderer: renderer, color: Color(40, 120, 200, 170), width: 1.5)

        // Progress: interacting in dark grey, completion coloured by outcome.
        var segment: [(Double, Double)] = []
        var segmentColor = Color(50, 55, 70)
        for snapshot in snapshots {
            let color: Color
            switch snapshot.state {
            case .finishing, .finished: color = Color(40, 170, 90)
            case .cancelling, .cancelled: color = Color(220, 80, 60)
            default: color = Color(50, 55, 70)
            }
            if color != segmentColor, let last = segment.last {
                chart.polyline(segment, renderer: renderer, color: segmentColor, width: 3)
                segment = [last]
                segmentColor = color
            }
            segment.append((snapshot.time - start, snapshot.progress))
        }
        chart.polyline(segment, renderer: renderer, color: segmentColor, width: 3)

        for record in records {
            let releaseX = record.releasedAt - start
            chart.verticalLine(at: releaseX, renderer: renderer, color: Color(120, 125, 140, 150))
            // What the controller measured: points per progress is the swipe distance for a swipe
            // but the screen's extent for an edge pan or a pan.
            let projected = ProjectionRule.projectedProgress(record.measurement, decelerationRate: ProjectionRule.scrollViewDecelerationRate)
            renderer.circle(center: (chart.x(releaseX), chart.y(record.progressAtRelease)), radius: 7, color: Color(25, 30, 45))
            let clampedProjection = min(max(projected, -0.05), 1.1)
            renderer.thickLine(from: (chart.x(releaseX), chart.y(record.progressAtRelease)), to: (chart.x(releaseX), chart.y(clampedProjection)),
                               width: 2, color: Color(140, 90, 220))
            renderer.polygon([(chart.x(releaseX) - 7, chart.y(clampedProjection)), (chart.x(releaseX) + 7, chart.y(clampedProjection)),
                              (chart.x(releaseX), chart.y(clampedProjection) + (projected >= record.progressAtRelease ? -10 : 10))],
                             color: Color(140, 90, 220))
            // Labels go on the side of the release with more room, so they stay inside the picture.
            let onLeft = chart.x(releaseX) > chart.left + chart.width / 2
            let labelX = chart.x(releaseX) + (onLeft ? -12 : 12)
            let alignment: TextPainter.Alignment = onLeft ? .right : .left
            let labelColor = record.outcome == .finished ? Color(30, 140, 70) : Color(200, 60, 45)
            let labelY = min(chart.y(record.progressAtRelease) + 8, chart.top + chart.height - 56)
            text.draw("release: \(record.decision.rawValue) by \(record.controller)", x: labelX, y: labelY, size: .small, bold: true,
                      color: labelColor, alignment: alignment)
            text.draw(record.reason, x: labelX, y: labelY + 16, size: .small, color: labelColor, alignment: alignment)
            if let slowness = record.completionSlowness {
                text.draw(slowness.explanation, x: labelX, y: labelY + 32, size: .small, color: labelColor, alignment: alignment)
            }
            text.draw("projected \(DecimalFormat.fixedString(projected, decimals: 2))", x: labelX, y: chart.y(clampedProjection) - 6,
                      size: .small, color: Color(140, 90, 220), alignment: alignment)
        }
        if records.isEmpty {
            text.draw("no transition: the gesture never took hold of one", x: chart.left + chart.width / 2, y: chart.top + chart.height / 2 - 10,
                      size: .body, bold: true, color: Color(120, 125, 140), alignment: .center)
        }
        var legendX = chart.left
        for (label, color) in [("interacting", Color(50, 55, 70)), ("finishing", Color(40, 170, 90)), ("cancelling", Color(220, 80, 60)),
                               ("velocity", Color(40, 120, 200)), ("projected position at release", Color(140, 90, 220))] {
            renderer.fill(x: legendX, y: Double(Self.height) - 24, width: 22, height: 4, color: color)
            legendX += 28
            legendX += text.draw(label, x: legendX, y: Double(Self.height) - 31, size: .small, color: Color(70, 75, 90)).width + 24
        }
        try canvas.savePNG(to: path, force: force)
    }
}
