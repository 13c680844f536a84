import Engine
import Foundation
import Interaction

/// Everything the HUD shows in one frame, gathered by the playground.
struct HUDState {
    var controllers: [ControllerKind]
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
    var frameTimes: [Double]
    /// Seconds spent drawing each recent frame, up to the present call (which may wait for vsync).
    var drawTimes: [Double]
    /// How the transition's layers are drawn ("own rasteriser", "SDL opengl meshes").
    var drawPath = ""
}

/// Draws the heads-up display: what is in use, the progress against the threshold, the
/// decision a release would make right now and why, recording and replay status, frame time.
struct HUD {
    /// Draws `state` at `scale` pixels per point.
    func draw(_ state: HUDState, renderer: Renderer, text: TextPainter, scale: Double, outputWidth: Double) {
        let margin = 12 * scale
        let panelWidth = min(470 * scale, outputWidth - 2 * margin)
        let lineHeight = 20 * scale
        // The rule's numbers on lines of their own, wrapped between parameters to fit the panel.
        let policyLines = Self.wrapped("policy \(state.policy.nameWithNumbers)", width: Int(panelWidth / scale / 7))
        var lines = 7 + policyLines.count
        if state.recording != nil { lines += 1 }
        if state.replay != nil { lines += 1 }
        if state.message != nil { lines += 1 }
        if !state.drawPath.isEmpty { lines += 1 }
        let panelHeight = Double(lines) * lineHeight + 30 * scale
        renderer.fill(x: margin, y: margin + 56 * scale, width: panelWidth, height: panelHeight, color: Color(12, 14, 20, 200))
        let left = margin + 12 * scale
        var y = margin + 64 * scale

        text.draw("\(ControllerKind.title(state.controllers)) · \(state.transition) · \(state.direction.rawValue)",
                  x: left, y: y, size: .body, bold: true, color: Color(245, 245, 250))
        y += lineHeight
        for line in policyLines {
            text.draw(line, x: left, y: y, size: .small, bold: true, color: Color(255, 220, 80))
            y += lineHeight
        }
        text.draw("state \(state.driverState.rawValue) · completion \(state.completion)", x: left, y: y, size: .small, color: Color(190, 195, 210))
        y += lineHeight

        // Progress bar with the policy's threshold and the projected progress.
        let barWidth = panelWidth - 24 * scale
        let barHeight = 14 * scale
        renderer.fill(x: left, y: y, width: barWidth, height: barHeight, color: Color(60, 64, 78))
        let clamped = min(max(state.progress, 0), 1)
        let decisionColor = state.pending.map { $0.decision.verdict == .finish ? Color(80, 200, 120) : Color(235, 110, 90) } ?? Color(120, 160, 240)
        renderer.fill(x: left, y: y, width: barWidth * clamped, height: barHeight, color: decisionColor)
        let threshold = state.policy.rule.positionThreshold
        renderer.fill(x: left + barWidth * threshold - scale, y: y - 4 * scale, width: 2 * scale, height: barHeight + 8 * scale, color: Color(255, 220, 80))
        if let pending = state.pending {
            let projected = min(max(ThresholdRule.projectedProgress(pending.measurement, decelerationRate: ThresholdRule.scrollViewDecelerationRate), 0), 1)
            let x = left + barWidth * projected
            renderer.polygon([(x, y + barHeight + 1), (x - 6 * scale, y + barHeight + 9 * scale), (x + 6 * scale, y + barHeight + 9 * scale)],
                             color: Color(200, 200, 255))
        }
        y += barHeight + 10 * scale
        text.draw("progress \(DecimalFormat.fixedString(state.progress, decimals: 3)) · threshold \(DecimalFormat.string(threshold, decimals: 2)) · ▲ projected",
                  x: left, y: y, size: .small, color: Color(190, 195, 210))
        y += lineHeight

        if let pending = state.pending {
            text.draw("release now → \(pending.decision.verdict.rawValue.uppercased()): \(pending.decision.reason)", x: left, y: y, size: .small,
                      bold: true, color: decisionColor)
            y += lineHeight
            text.draw("velocity \(DecimalFormat.string(pending.measurement.velocity, decimals: 0)) pt/s towards finishing\(state.holder.map { " · held by \($0.rawValue)" } ?? "")",
                      x: left, y: y, size: .small, color: Color(190, 195, 210))
        } else if let released = state.released {
            // The decision stays on screen while the completion runs, with who made it.
            text.draw("released → \(released.decision.rawValue.uppercased()): \(released.reason)", x: left, y: y, size: .small, bold: true,
                      color: released.decision == .finish ? Color(80, 200, 120) : Color(235, 110, 90))
            y += lineHeight
            text.draw("by \(released.controller) at p=\(DecimalFormat.fixedString(released.progressAtRelease, decimals: 3)), v=\(DecimalFormat.string(released.velocityAtRelease, decimals: 0)) pt/s · completing",
                      x: left, y: y, size: .small, color: Color(190, 195, 210))
        } else if let record = state.lastRecord {
            text.draw("last: \(record.outcome.rawValue) — \(record.decision.rawValue): \(record.reason)", x: left, y: y, size: .small,
                      color: record.outcome == .finished ? Color(80, 200, 120) : Color(235, 110, 90))
            y += lineHeight
            text.draw("released at p=\(DecimalFormat.fixedString(record.progressAtRelease, decimals: 3)), v=\(DecimalFormat.string(record.velocityAtRelease, decimals: 0)) pt/s",
                      x: left, y: y, size: .small, color: Color(190, 195, 210))
        } else {
            text.draw(Self.hint(for: state.controllers), x: left, y: y, size: .small, color: Color(190, 195, 210))
            y += lineHeight
            text.draw("release decides: finish or cancel", x: left, y: y, size: .small, color: Color(150, 155, 170))
        }
        y += lineHeight
        if let recording = state.recording {
            renderer.circle(center: (left + 5 * scale, y + 8 * scale), radius: 5 * scale, color: Color(240, 50, 60))
            text.draw("REC \((recording.path as NSString).lastPathComponent) · \(recording.events) events", x: left + 16 * scale, y: y,
                      size: .small, bold: true, color: Color(255, 120, 120))
            y += lineHeight
        }
        if let replay = state.replay {
            text.draw("▶ replay \((replay.path as NSString).lastPathComponent) \(DecimalFormat.fixedString(replay.time, decimals: 2))/\(DecimalFormat.fixedString(replay.end, decimals: 2)) s · \(DecimalFormat.string(replay.speed, decimals: 2))×\(replay.paused ? " · paused" : "")",
                      x: left, y: y, size: .small, bold: true, color: Color(140, 200, 255))
            y += lineHeight
        }
        if let message = state.message {
            text.draw(message, x: left, y: y, size: .small, color: Color(255, 230, 140))
            y += lineHeight
        }
        if !state.drawPath.isEmpty {
            text.draw("layers drawn by \(state.drawPath)", x: left, y: y, size: .small, color: Color(190, 195, 210))
            y += lineHeight
        }
        drawFrameTimes(state.frameTimes, drawTimes: state.drawTimes, x: left, y: y, width: barWidth, scale: scale, renderer: renderer, text: text)
    }

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

    private func drawFrameTimes(_ frameTimes: [Double], drawTimes: [Double], x: Double, y: Double, width: Double, scale: Double,
                                renderer: Renderer, text: TextPainter) {
        guard !frameTimes.isEmpty else { return }
        let sorted = frameTimes.sorted()
        let median = sorted[sorted.count / 2]
        let drawSorted = drawTimes.sorted()
        let drawMedian = drawSorted.isEmpty ? 0 : drawSorted[drawSorted.count / 2]
        let drawWorst = drawSorted.last ?? 0
        let graphWidth = width * 0.35
        let graphHeight = 18 * scale
        renderer.fill(x: x, y: y, width: graphWidth, height: graphHeight, color: Color(40, 44, 56))
        let barWidth = graphWidth / Double(max(frameTimes.count, 1))
        for (index, frameTime) in frameTimes.enumerated() {
            let height = min(frameTime / 0.0333, 1) * graphHeight
            renderer.fill(x: x + Double(index) * barWidth, y: y + graphHeight - height, width: max(barWidth - 0.5, 0.5), height: height,
                          color: frameTime > 0.0167 ? Color(235, 110, 90) : Color(110, 200, 140))
        }
        renderer.fill(x: x, y: y + graphHeight * 0.5, width: graphWidth, height: 1, color: Color(255, 255, 255, 90))
        text.draw("\(DecimalFormat.fixedString(median * 1000, decimals: 1)) ms · \(DecimalFormat.fixedString(median > 0 ? 1 / median : 0, decimals: 0)) fps · draw \(DecimalFormat.fixedString(drawMedian * 1000, decimals: 1)) ms (max \(DecimalFormat.fixedString(drawWorst * 1000, decimals: 1)))",
                  x: x + graphWidth + 10 * scale, y: y, size: .small, color: Color(190, 195, 210))
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
