import Engine
import Interaction
import Playground

/// What the window draws over the transition: the edge pan's zone, the HUD, the gesture
/// timeline, the replay's scrubber, the line of keys at the bottom and the help. Apart from
/// the window so that a test can draw it offscreen and measure where its text lands.
package struct WindowOverlay {
    /// A panel drawn, named, in pixels.
    struct Panel: Equatable {
        let name: String
        let x: Double
        let y: Double
        let width: Double
        let height: Double

        /// True when the rectangle (in pixels) lies wholly inside this panel.
        func contains(x: Double, y: Double, width: Double, height: Double) -> Bool {
            x >= self.x && y >= self.y && x + width <= self.x + self.width && y + height <= self.y + self.height
        }
    }

    /// The line of keys at the bottom of the window, from the key table.
    static let keyLine = KeyBindings.footer

    /// The HUD's state; nil when the HUD is hidden (Tab).
    var hud: HUDState?
    /// The gesture timeline.
    var timeline: GestureTimeline
    /// The policy's position threshold, drawn on the timeline (progress 0…1).
    var threshold: Double
    /// A replay's position between its start and end, 0…1, when replaying.
    var replayFraction: Double?
    /// Whether the help is shown.
    var showHelp: Bool
    /// The edge pan's zone in points and its width, when an edge pan listens live.
    var edgeZone: (rect: Rect, width: Double)?

    /// Draws the overlay at `scale` pixels per point into an output of `outputSize` pixels;
    /// returns the panels drawn, in drawing order.
    @discardableResult
    func draw(renderer: Renderer, text: TextPainter, scale: Double, outputSize: (width: Int, height: Int)) -> [Panel] {
        var panels: [Panel] = []
        let width = Double(outputSize.width), height = Double(outputSize.height)
        let layout = PlaygroundCore.Layout(scale: scale, outputSize: outputSize)
        let stripHeight = 56 * scale
        let stripTop = height - 34 * scale - stripHeight
        if let zone = edgeZone {
            let clearTop = replayFraction == nil ? stripTop : layout.scrubberArea.y
            panels.append(drawEdgeZone(zone.rect, width: zone.width, renderer: renderer, text: text, scale: scale, above: clearTop))
        }
        if let hud {
            let panel = HUD().draw(hud, renderer: renderer, text: text, scale: scale, outputWidth: width)
            panels.append(Panel(name: "hud", x: panel.x, y: panel.y, width: panel.width, height: panel.height))
            timeline.draw(renderer: renderer, text: text, left: 12 * scale, top: stripTop, width: width - 24 * scale, height: stripHeight,
                          threshold: threshold, scale: scale)
            panels.append(Panel(name: "timeline", x: 12 * scale, y: stripTop, width: width - 24 * scale, height: stripHeight))
            if let replayFraction {
                let area = layout.scrubberArea
                drawScrubber(area, fraction: replayFraction, renderer: renderer, scale: scale)
                panels.append(Panel(name: "scrubber", x: area.x, y: area.y, width: area.width, height: area.height))
            }
            renderer.fill(x: 0, y: height - 28 * scale, width: width, height: 28 * scale, color: Color(12, 14, 20, 200))
            panels.append(Panel(name: "keys", x: 0, y: height - 28 * scale, width: width, height: 28 * scale))
            text.draw(Self.keyLine, x: 12 * scale, y: height - 22 * scale, size: .small, color: Color(235, 235, 240))
        }
        if showHelp {
            let panel = HelpOverlay().draw(renderer: renderer, text: text, scale: scale, outputSize: outputSize)
            panels.append(Panel(name: "help", x: panel.x, y: panel.y, width: panel.width, height: panel.height))
        }
        return panels
    }

    /// The replay's timeline with its position, above the gesture strip; clicking it seeks.
    private func drawScrubber(_ area: (x: Double, y: Double, width: Double, height: Double), fraction: Double, renderer: Renderer, scale: Double) {
        let clamped = min(max(fraction, 0), 1)
        renderer.fill(x: area.x, y: area.y, width: area.width, height: area.height, color: Color(12, 14, 20, 200))
        renderer.fill(x: area.x, y: area.y + area.height / 2 - 2 * scale, width: area.width, height: 4 * scale, color: Color(80, 90, 120))
        renderer.fill(x: area.x, y: area.y + area.height / 2 - 2 * scale, width: area.width * clamped, height: 4 * scale,
                      color: Color(140, 200, 255))
        renderer.circle(center: (area.x + area.width * clamped, area.y + area.height / 2), radius: 7 * scale, color: Color(220, 240, 255))
    }

    /// The edge pan's zone as a tinted strip, and its width on a label just above `clearTop`
    /// (the timeline strip or the scrubber, clear of the HUD) along a side edge, or below the navigation bar along the top
    /// or bottom edge, so a person sees where to start.
    private func drawEdgeZone(_ zone: Rect, width: Double, renderer: Renderer, text: TextPainter, scale: Double, above clearTop: Double) -> Panel {
        renderer.fill(x: zone.minX * scale, y: zone.minY * scale, width: zone.size.width * scale, height: zone.size.height * scale,
                      color: Color(255, 220, 80, 60))
        let label = "edge zone \(DecimalFormat.string(width, decimals: 1)) pt"
        let labelWidth = text.width(of: label, size: .small, bold: true) + 8 * scale
        let labelHeight = 20 * scale
        let outputWidth = Double(renderer.outputSize.width)
        let sideEdge = zone.size.height > zone.size.width
        let x = sideEdge ? min(max(zone.minX * scale, 0), outputWidth - labelWidth) : (outputWidth - labelWidth) / 2
        let y = sideEdge ? clearTop - labelHeight - 4 * scale : min(max(zone.minY * scale, 60 * scale), clearTop - labelHeight - 4 * scale)
        renderer.fill(x: x, y: y, width: labelWidth, height: labelHeight, color: Color(12, 14, 20, 200))
        text.draw(label, x: x + 4 * scale, y: y + 3 * scale, size: .small, bold: true, color: Color(255, 220, 80))
        return Panel(name: "edge zone", x: x, y: y, width: labelWidth, height: labelHeight)
    }
}
