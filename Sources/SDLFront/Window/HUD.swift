import Engine
import FoundationEssentials
import Glibc
import Interaction
import Playground
import Plumbing
import Traces

/// Draws the heads-up display: what is in use, the progress against the threshold, the
/// decision a release would make right now and why, recording and replay status, frame time.
///
/// Its rows are laid out first, every text wrapped to the panel's width as measured in the
/// font, so no text runs past the panel; the panel is then sized to hold them.
package struct HUD {
    /// One row of the panel.
    private enum Row {
        /// A line of text; `dot` draws a recording light before it.
        case text(String, size: TextPainter.Size, bold: Bool, color: Color, dot: Color?)
        /// The progress bar with the threshold and the projected progress.
        case progressBar
        /// The frame-time graph across the panel, its text under it.
        case frameGraph
    }

    static let secondary = Color(190, 195, 210)
    static let finishColor = Color(80, 200, 120)
    static let cancelColor = Color(235, 110, 90)

    /// Draws `state` at `scale` pixels per point; returns the panel's rectangle in pixels.
    @discardableResult
    func draw(_ state: HUDState, renderer: Renderer, text: TextPainter, scale: Double, outputWidth: Double)
        -> (x: Double, y: Double, width: Double, height: Double) {
        let margin = 12 * scale
        let panelWidth = min(470 * scale, outputWidth - 2 * margin)
        let lineHeight = 20 * scale
        let left = margin + 12 * scale
        let contentWidth = panelWidth - 24 * scale
        let rows = layout(state, text: text, contentWidth: contentWidth, scale: scale)
        let barHeight = 14 * scale
        let graphHeight = 36 * scale
        let height = rows.reduce(0.0) { total, row in
            switch row {
            case .text: return total + lineHeight
            case .progressBar: return total + barHeight + 10 * scale
            case .frameGraph: return total + graphHeight + lineHeight
            }
        }
        let panel = (x: margin, y: margin + 56 * scale, width: panelWidth, height: height + 16 * scale)
        renderer.fill(x: panel.x, y: panel.y, width: panel.width, height: panel.height, color: Color(12, 14, 20, 200))
        var y = panel.y + 8 * scale
        for row in rows {
            switch row {
            case .text(let line, let size, let bold, let color, let dot):
                var x = left
                if let dot {
                    renderer.circle(center: (left + 5 * scale, y + 8 * scale), radius: 5 * scale, color: dot)
                    x += 16 * scale
                }
                text.draw(line, x: x, y: y, size: size, bold: bold, color: color)
                y += lineHeight
            case .progressBar:
                drawProgressBar(state, renderer: renderer, x: left, y: y, width: contentWidth, height: barHeight, scale: scale)
                y += barHeight + 10 * scale
            case .frameGraph:
                drawFrameGraph(state.frameTimes, costs: state.frameCosts, renderer: renderer, x: left, y: y, width: contentWidth, height: graphHeight)
                y += graphHeight + 2 * scale
                text.draw(Self.frameTimeText(state), x: left, y: y, size: .small, color: Self.secondary)
                y += lineHeight - 2 * scale
            }
        }
        return panel
    }

    /// The panel's rows for `state`, texts wrapped to `contentWidth` pixels.
    private func layout(_ state: HUDState, text: TextPainter, contentWidth: Double, scale: Double) -> [Row] {
        var rows: [Row] = []
        func add(_ line: String, size: TextPainter.Size = .small, bold: Bool = false, color: Color = Self.secondary, dot: Color? = nil) {
            let width = contentWidth - (dot == nil ? 0 : 16 * scale)
            for (index, piece) in text.wrapped(line, width: width, size: size, bold: bold).enumerated() {
                rows.append(.text(piece, size: size, bold: bold, color: color, dot: index == 0 ? dot : nil))
            }
        }
        // The edge pan named with its recogniser: "edge-pan (flutter-cupertino)+swipe".
        let title = ControllerKind.title(state.controllers).replacing(ControllerKind.edgePan.rawValue, with: state.edgeRecognizer.map { "\(ControllerKind.edgePan.rawValue) (\($0.rawValue))" } ?? ControllerKind.edgePan.rawValue)
        add("\(title) · \(state.transition) · \(state.direction.rawValue)", size: .body, bold: true,
            color: Color(245, 245, 250))
        // The rule's numbers on lines of their own, broken between parameters where they can be.
        for line in Self.wrapped("policy \(state.policy.nameWithNumbers)", width: Int(contentWidth / scale / 6.6)) {
            add(line, bold: true, color: Color(255, 220, 80))
        }
        if let study = state.study { add(study, bold: true, color: Color(140, 220, 255)) }
        add("state \(state.driverState.rawValue) · completion \(state.completion)")
        rows.append(.progressBar)
        let threshold = state.policy.rule.positionThreshold
        add("progress \(DecimalFormat.fixedString(state.progress, decimals: 3)) · threshold \(DecimalFormat.string(threshold, decimals: 2)) · ▲ projected")
        if let pending = state.pending {
            add("release now → \(pending.decision.verdict.rawValue.uppercased()): \(pending.decision.reason)", bold: true,
                color: Self.color(of: pending.decision.verdict))
            add("velocity \(DecimalFormat.string(pending.measurement.velocity, decimals: 0)) pt/s towards finishing\(state.holder.map { " · held by \($0.rawValue)" } ?? "")")
        } else if let released = state.released {
            // The decision stays on screen while the completion runs, with who made it.
            add("released → \(released.decision.rawValue.uppercased()): \(released.reason)", bold: true, color: Self.color(of: released.decision))
            add("by \(released.controller.rawValue) at p=\(DecimalFormat.fixedString(released.progressAtRelease, decimals: 3)), v=\(DecimalFormat.string(released.velocityAtRelease, decimals: 0)) pt/s · completing")
        } else if let record = state.lastRecord {
            add("last: \(record.outcome.rawValue) — \(record.decision.rawValue): \(record.reason)", color: record.outcome == .finished ? Self.finishColor : Self.cancelColor)
            add("released at p=\(DecimalFormat.fixedString(record.progressAtRelease, decimals: 3)), v=\(DecimalFormat.string(record.velocityAtRelease, decimals: 0)) pt/s")
        } else {
            add(Self.hint(for: state.controllers))
            add("release decides: finish or cancel", color: Color(150, 155, 170))
        }
        if let recording = state.recording {
            add("REC \(TerminalText.escaped(PathName.lastComponent(recording.path))) · \(recording.events) events", bold: true,
                color: Color(255, 120, 120), dot: Color(240, 50, 60))
        }
        if let replay = state.replay {
            add("▶ replay \(TerminalText.escaped(PathName.lastComponent(replay.path))) \(DecimalFormat.fixedString(replay.time, decimals: 2))/\(DecimalFormat.fixedString(replay.end, decimals: 2)) s · \(DecimalFormat.string(replay.speed, decimals: 2))×\(replay.paused ? " · paused" : "")",
                bold: true, color: Color(140, 200, 255))
        }
        if let message = state.message { add(message, color: Color(255, 230, 140)) }
        if !state.renderer.isEmpty { add("renderer \(state.renderer)") }
        if !state.drawPath.isEmpty { add("layers drawn by \(state.drawPath)") }
        if !state.schedule.isEmpty { add("frame \(state.schedule)") }
        if !state.frameTimes.isEmpty { rows.append(.frameGraph) }
        return rows
    }

    private static func color(of verdict: ReleaseDecision.Verdict) -> Color { verdict == .finish ? finishColor : cancelColor }

    /// What to do to start a gesture with these controllers.
    static func hint(for controllers: [ControllerKind]) -> String {
        switch controllers.first ?? .swipe {
        case .verticalSwipe: return "drag vertically to drive the transition"
        case .edgePan: return "drag inwards from the screen edge to drive the transition"
        case .pan: return "drag in any direction to drive the transition"
        case .pinch: return "pinch with two fingers, Alt+drag, or Ctrl+wheel"
        case .swipe: return "drag horizontally to drive the transition"
        }
    }

    private func drawProgressBar(_ state: HUDState, renderer: Renderer, x: Double, y: Double, width: Double, height: Double, scale: Double) {
        renderer.fill(x: x, y: y, width: width, height: height, color: Color(60, 64, 78))
        let clamped = min(max(state.progress, 0), 1)
        let decisionColor = state.pending.map { Self.color(of: $0.decision.verdict) } ?? Color(120, 160, 240)
        renderer.fill(x: x, y: y, width: width * clamped, height: height, color: decisionColor)
        let threshold = state.policy.rule.positionThreshold
        renderer.fill(x: x + width * threshold - scale, y: y - 4 * scale, width: 2 * scale, height: height + 8 * scale, color: Color(255, 220, 80))
        if let pending = state.pending {
            let projected = min(max(ProjectionRule.projectedProgress(pending.measurement, decelerationRate: ProjectionRule.scrollViewDecelerationRate), 0), 1)
            let tip = x + width * projected
            renderer.polygon([(tip, y + height + 1), (tip - 6 * scale, y + height + 9 * scale), (tip + 6 * scale, y + height + 9 * scale)],
                             color: Color(200, 200, 255))
        }
    }

    /// Recent frames, oldest on the left, up to two 60 Hz frames tall (the line is one): each
    /// frame's interval from the one before (green, red when it missed a refresh: half a 60 Hz
    /// frame late) and, over its foot, its time from input to present (blue), both aligned on
    /// the newest frame.
    private func drawFrameGraph(_ frameTimes: [Double], costs: [Double], renderer: Renderer, x: Double, y: Double, width: Double, height: Double) {
        renderer.fill(x: x, y: y, width: width, height: height, color: Color(40, 44, 56))
        let slots = max(frameTimes.count, costs.count, 1)
        let barWidth = width / Double(slots)
        func bar(_ index: Int, of count: Int, seconds: Double, color: Color) {
            let barHeight = min(seconds / Self.graphRange, 1) * height
            renderer.fill(x: x + Double(slots - count + index) * barWidth, y: y + height - barHeight,
                          width: max(barWidth - 0.5, 0.5), height: barHeight, color: color)
        }
        for (index, frameTime) in frameTimes.enumerated() {
            bar(index, of: frameTimes.count, seconds: frameTime,
                color: frameTime > 1.5 * FramePacer.sixtyHertzFrame ? Color(235, 110, 90) : Color(110, 200, 140))
        }
        for (index, cost) in costs.enumerated() {
            bar(index, of: costs.count, seconds: cost, color: Color(90, 150, 255))
        }
        renderer.fill(x: x, y: y + height * (1 - FramePacer.sixtyHertzFrame / Self.graphRange), width: width, height: 1, color: Color(255, 255, 255, 90))
    }

    /// The time the graph's full height stands for: two 60 Hz frames.
    static let graphRange = 2.0 / 60

    /// The median frame time and rate, the median and worst draw time, and the median time
    /// from input to present (the graph's blue bars).
    static func frameTimeText(_ state: HUDState) -> String {
        let sorted = state.frameTimes.sorted()
        let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        let drawSorted = state.drawTimes.sorted()
        let drawMedian = drawSorted.isEmpty ? 0 : drawSorted[drawSorted.count / 2]
        let drawWorst = drawSorted.last ?? 0
        let costSorted = state.frameCosts.sorted()
        let cost = costSorted.isEmpty ? "" : " · input to present \(DecimalFormat.fixedString(costSorted[costSorted.count / 2] * 1000, decimals: 1)) ms"
        return "\(DecimalFormat.fixedString(median * 1000, decimals: 1)) ms · \(DecimalFormat.fixedString(median > 0 ? 1 / median : 0, decimals: 0)) fps · draw \(DecimalFormat.fixedString(drawMedian * 1000, decimals: 1)) ms (max \(DecimalFormat.fixedString(drawWorst * 1000, decimals: 1)))" + cost
    }

    /// `text` cut into lines of at most about `width` characters, breaking after a comma or a
    /// space (a long parameter stays whole).
    static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        var piece = ""
        for character in text {
            piece.append(character)
            guard character == "," || character == " " else { continue }
            if current.count + piece.count > width && !current.isEmpty {
                lines.append(current)
                current = ""
            }
            current += piece
            piece = ""
        }
        if current.count + piece.count > width && !current.isEmpty {
            lines.append(current)
            current = ""
        }
        lines.append(current + piece)
        return lines
    }
}
