import CSDL
import Engine
import FoundationEssentials
import Glibc
import Interaction
import Traces

/// A grid of frames of a replay on one PNG: what the window would have shown at evenly
/// spaced moments, each captioned with its time, progress and state.
package struct ContactSheet {
    /// Frames per row.
    let columns: Int
    /// How many frames.
    let frameCount: Int
    /// Width of one frame in pixels.
    let cellWidth: Int

    package init(columns: Int = 4, frameCount: Int = 12, cellWidth: Int = 320) {
        self.columns = columns
        self.frameCount = frameCount
        self.cellWidth = cellWidth
    }

    /// Renders the sheet of `trace` replayed under `configuration` (whose transitions were
    /// `records`) and writes it to `path`.
    package func write(trace: Trace, configuration: ResolvedConfiguration, records: [TransitionRecord], title: String, to path: String, force: Bool) throws {
        let windowSize = trace.header.windowSize
        let scale = Double(cellWidth) / windowSize.width
        let cellHeight = Int((windowSize.height * scale).rounded())
        let captionHeight = 40
        let headerHeight = 44
        let rows = (frameCount + columns - 1) / columns
        let gap = 12
        let width = columns * cellWidth + (columns + 1) * gap
        let height = headerHeight + rows * (cellHeight + captionHeight + gap) + gap
        let canvas = try OffscreenCanvas(width: width, height: height)
        let renderer = canvas.renderer
        let text = try TextPainter(renderer: renderer, scale: 1)
        let screens = try ScreenPainter.makeTextures(renderer: renderer, text: try TextPainter(renderer: renderer, scale: scale),
                                                     width: cellWidth, height: cellHeight, scale: scale)
        renderer.clear(Color(28, 30, 36))
        text.draw(title, x: Double(gap), y: 12, size: .title, bold: true, color: Color(240, 240, 245))

        let start = trace.events.first?.timestamp ?? 0
        let end = ReplayTimeline.endTime(of: trace.events, records: records)
        var times = ReplayTimeline.evenlySpaced(from: start, to: end, count: frameCount)
        // Each release gets the frame nearest it, moved to the moment of release.
        var releaseAtFrame: [Int: TransitionRecord] = [:]
        for record in records {
            guard let nearest = times.indices.filter({ releaseAtFrame[$0] == nil })
                .min(by: { abs(times[$0] - record.releasedAt) < abs(times[$1] - record.releasedAt) }) else { continue }
            times[nearest] = record.releasedAt
            releaseAtFrame[nearest] = record
        }
        let snapshots = ReplayTimeline.snapshots(of: trace.events, configuration: configuration, at: times)
        let painter = DisplayListRenderer()
        let transition = configuration.transition
        for (index, snapshot) in snapshots.enumerated() {
            let column = index % columns
            let row = index / columns
            let x = Double(gap + column * (cellWidth + gap))
            let y = Double(headerHeight + row * (cellHeight + captionHeight + gap))
            renderer.fill(x: x, y: y, width: Double(cellWidth), height: Double(cellHeight), color: Color(0, 0, 0))
            let list = transition.displayList(progress: snapshot.progress, direction: configuration.configuration.direction, size: windowSize)
            renderer.setClip(x: x, y: y, width: Double(cellWidth), height: Double(cellHeight))
            painter.draw(list, screens: screens, renderer: renderer, scale: scale, originX: x, originY: y)
            for point in snapshot.pointers.values {
                let center = (x + point.x * scale, y + point.y * scale)
                renderer.circle(center: center, radius: 9, color: Color(255, 255, 255, 150))
                renderer.circle(center: center, radius: 6, color: Color(230, 40, 90, 220))
            }
            renderer.clearClip()
            let caption = "t=\(DecimalFormat.fixedString(snapshot.time - start, decimals: 2)) s  p=\(DecimalFormat.fixedString(snapshot.progress, decimals: 2))  \(snapshot.state.rawValue)"
            text.draw(caption, x: x, y: y + Double(cellHeight) + 6, size: .small, color: Color(220, 220, 228))
            if let record = releaseAtFrame[index] {
                let color = record.decision == .finish ? Color(120, 220, 140) : Color(250, 140, 120)
                renderer.outline(x: x - 2, y: y - 2, width: Double(cellWidth) + 4, height: Double(cellHeight) + 4, color: color)
                renderer.outline(x: x - 3, y: y - 3, width: Double(cellWidth) + 6, height: Double(cellHeight) + 6, color: color)
                // A dark band keeps the label readable over any screen.
                renderer.fill(x: x, y: y, width: Double(cellWidth), height: 24, color: Color(0, 0, 0, 190))
                text.draw("release: \(record.decision.rawValue) by \(record.controller)", x: x + 6, y: y + 4, size: .small, bold: true, color: color)
                text.draw(Self.fitted(record.reason, width: cellWidth), x: x, y: y + Double(cellHeight) + 22, size: .small, color: color)
            } else if let decision = snapshot.pendingDecision {
                text.draw("release now → \(decision.verdict.rawValue)", x: x, y: y + Double(cellHeight) + 22, size: .small,
                          color: decision.verdict == .finish ? Color(120, 220, 140) : Color(250, 140, 120))
            }
        }
        try canvas.savePNG(to: path, force: force)
    }

    /// `text` cut with an ellipsis to about what fits in `width` pixels of the small font
    /// (about 6.5 pixels a character), so a caption never runs into the next frame.
    static func fitted(_ text: String, width: Int) -> String {
        let limit = max(8, Int(Double(width) / 6.5))
        return text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }
}
