import Playground
/// The key bindings, drawn over the window.
package struct HelpOverlay {
    /// Draws the keys and what they do, each action wrapped to the panel; returns the panel's
    /// rectangle in pixels.
    func draw(renderer: Renderer, text: TextPainter, scale: Double, outputSize: (width: Int, height: Int))
        -> (x: Double, y: Double, width: Double, height: Double) {
        let lineHeight = 22 * scale
        let width = min(620 * scale, Double(outputSize.width) - 40 * scale)
        let actionLeft = 170 * scale
        let actionWidth = width - actionLeft - 20 * scale
        let rows = KeyBindings.all.map { binding in
            (keys: binding.keys, actions: text.wrapped(binding.action, width: actionWidth, size: .body))
        }
        let lines = rows.reduce(0) { $0 + $1.actions.count }
        let height = Double(lines) * lineHeight + 70 * scale
        let left = (Double(outputSize.width) - width) / 2
        let top = max(10 * scale, (Double(outputSize.height) - height) / 2)
        renderer.fill(x: left, y: top, width: width, height: height, color: Color(10, 12, 18, 235))
        renderer.outline(x: left, y: top, width: width, height: height, color: Color(120, 130, 160))
        text.draw("Gesture Lab — keys", x: left + 20 * scale, y: top + 14 * scale, size: .title, bold: true, color: Color(245, 245, 250))
        var y = top + 52 * scale
        for row in rows {
            text.draw(row.keys, x: left + 20 * scale, y: y, size: .body, bold: true, color: Color(255, 220, 120))
            for action in row.actions {
                text.draw(action, x: left + actionLeft, y: y, size: .body, color: Color(225, 228, 238))
                y += lineHeight
            }
        }
        return (left, top, width, height)
    }
}
