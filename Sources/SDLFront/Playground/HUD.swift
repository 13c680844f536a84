import Engine
import Foundation
import Interaction

/// Everything the HUD shows in one frame, gathered by the playground.
struct HUDState {
    var controllers: [ControllerKind]
    /// Whose rules recognise the edge pan, when one listens.
    var edgeRecognizer: EdgeRecognizerName? = nil
    var policy: ThresholdPolicy
    var transition: String
    var direction: TransitionDirection
    var completion: String
    var driverState: DriverState
    var progress: Double
    var pending: (measurement: ReleaseMeasurement, decision: ReleaseDecision)?
    /// The controller holding the transition while a gesture is in progress.
    var holder: ControllerKind?
    /// The transition released and still completing, with its decision and reason.
    var released: TransitionRecord?
    var lastRecord: TransitionRecord?
    var recording: (path: String, events: Int)?
    var replay: (path: String, time: Double, end: Double, speed: Double, paused: Bool)?
    var message: String?
    /// Where the phone's study is (`play --serve --study`).
    var study: String?
    var frameTimes: [Double]
    /// Seconds spent drawing each recent frame, up to the present call (which may wait for vsync).
    var drawTimes: [Double]
    /// How the transition's layers are drawn ("own rasteriser", "SDL opengl meshes").
    var drawPath = ""
    /// The window's renderer and, when it was measured, why ("software (measured: …)").
    var renderer = ""
}

/// Draws the heads-up display: what is in use, the progress against the threshold, the
/// decision a release would make right now and why, recording and replay status, frame time.
///
/// Its rows are laid out first, every text wrapped to the panel's width as measured in the
/// font, so no text runs past the panel; the panel is then sized to hold them.
struct HUD {
    /// One row of the panel.
    private enum Row {
        /// A line of text; `dot` draws a recording light before it.
        case text(String, size: TextPainter.Size, bold: Bool, color: Color, dot: Color?)
        /// The progress bar with the threshold and the projected progress.
        case progressBar
        /// The frame-time graph, with its text beside it when it fits there.
        case frameGraph(text: String?)
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
        let graphHeight = 18 * scale
        let height = rows.reduce(0.0) { total, row in
            switch row {
            case .text: return total + lineHeight
            case .progressBar: return total + barHeight + 10 * scale
            case .frameGraph(let label): return total + graphHeight + (label == nil ? lineHeight : 4 * scale)
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
            case .frameGraph(let label):
                let graphWidth = contentWidth * 0.35
                drawFrameGraph(state.frameTimes, renderer: renderer, x: left, y: y, width: graphWidth, height: graphHeight)
                if let label {
                    text.draw(label, x: left + graphWidth + 10 * scale, y: y, size: .small, color: Self.secondary)
                    y += graphHeight + 4 * scale
                } else {
                    y += graphHeight + 2 * scale
                    text.draw(Self.frameTimeText(state), x: left, y: y, size: .small, color: Self.secondary)
                    y += lineHeight - 2 * scale
                }
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
        let title = ControllerKind.title(state.controllers).replacingOccurrences(
            of: ControllerKind.edgePan.rawValue, with: state.edgeRecognizer.map { "\(ControllerKind.edgePan.rawValue) (\($0.rawValue))" } ?? ControllerKind.edgePan.rawValue)
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
            add("REC \(TerminalText.escaped((recording.path as NSString).lastPathComponent)) · \(recording.events) events", bold: true,
                color: Color(255, 120, 120), dot: Color(240, 50, 60))
        }
        if let replay = state.replay {
            add("▶ replay \(TerminalText.escaped((replay.path as NSString).lastPathComponent)) \(DecimalFormat.fixedString(replay.time, decimals: 2))/\(DecimalFormat.fixedString(replay.end, decimals: 2)) s · \(DecimalFormat.string(replay.speed, decimals: 2))×\(replay.paused ? " · paused" : "")",
                bold: true, color: Color(140, 200, 255))
        }
        if let message = state.message { add(message, color: Color(255, 230, 140)) }
        if !state.renderer.isEmpty { add("renderer \(state.renderer)") }
        if !state.drawPath.isEmpty { add("layers drawn by \(state.drawPath)") }
        if !state.frameTimes.isEmpty {
            let label = Self.frameTimeText(state)
            let fitsBeside = contentWidth * 0.65 - 10 * scale >= text.width(of: label, size: .small)
            rows.append(.frameGraph(text: fitsBeside ? label : nil))
        }
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
            let projected = min(max(ThresholdRule.projectedProgress(pending.measurement, decelerationRate: ThresholdRule.scrollViewDecelerationRate), 0), 1)
            let tip = x + width * projected
            renderer.polygon([(tip, y + height + 1), (tip - 6 * scale, y + height + 9 * scale), (tip + 6 * scale, y + height + 9 * scale)],
                             color: Color(200, 200, 255))
        }
    }

    private func drawFrameGraph(_ frameTimes: [Double], renderer: Renderer, x: Double, y: Double, width: Double, height: Double) {
        renderer.fill(x: x, y: y, width: width, height: height, color: Color(40, 44, 56))
        let barWidth = width / Double(max(frameTimes.count, 1))
        for (index, frameTime) in frameTimes.enumerated() {
            let barHeight = min(frameTime / 0.0333, 1) * height
            renderer.fill(x: x + Double(index) * barWidth, y: y + height - barHeight, width: max(barWidth - 0.5, 0.5), height: barHeight,
                          color: frameTime > 0.0167 ? Color(235, 110, 90) : Color(110, 200, 140))
        }
        renderer.fill(x: x, y: y + height * 0.5, width: width, height: 1, color: Color(255, 255, 255, 90))
    }

    /// The median frame time and rate, and the median and worst draw time.
    static func frameTimeText(_ state: HUDState) -> String {
        let sorted = state.frameTimes.sorted()
        let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        let drawSorted = state.drawTimes.sorted()
        let drawMedian = drawSorted.isEmpty ? 0 : drawSorted[drawSorted.count / 2]
        let drawWorst = drawSorted.last ?? 0
        return "\(DecimalFormat.fixedString(median * 1000, decimals: 1)) ms · \(DecimalFormat.fixedString(median > 0 ? 1 / median : 0, decimals: 0)) fps · draw \(DecimalFormat.fixedString(drawMedian * 1000, decimals: 1)) ms (max \(DecimalFormat.fixedString(drawWorst * 1000, decimals: 1)))"
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
