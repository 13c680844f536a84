/// The key bindings, drawn over the window.
struct HelpOverlay {
    func draw(renderer: Renderer, text: TextPainter, scale: Double, outputSize: (width: Int, height: Int)) {
        let lineHeight = 22 * scale
        let width = min(620 * scale, Double(outputSize.width) - 40 * scale)
        let height = Double(KeyBindings.all.count) * lineHeight + 70 * scale
        let left = (Double(outputSize.width) - width) / 2
        let top = max(10 * scale, (Double(outputSize.height) - height) / 2)
        renderer.fill(x: left, y: top, width: width, height: height, color: Color(10, 12, 18, 235))
        renderer.outline(x: left, y: top, width: width, height: height, color: Color(120, 130, 160))
        text.draw("Gesture Lab — keys", x: left + 20 * scale, y: top + 14 * scale, size: .title, bold: true, color: Color(245, 245, 250))
        var y = top + 52 * scale
        for binding in KeyBindings.all {
            text.draw(binding.keys, x: left + 20 * scale, y: y, size: .body, bold: true, color: Color(255, 220, 120))
            text.draw(binding.action, x: left + 170 * scale, y: y, size: .body, color: Color(225, 228, 238))
            y += lineHeight
        }
    }
}
