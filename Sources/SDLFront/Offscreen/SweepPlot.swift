import FoundationEssentials
import Glibc
import Interaction

/// `sweep --plot`'s chart: agreement with the intent labels against the swept parameter,
/// with the preset's value marked.
package struct SweepPlot {
    /// A sweep chart.
    package init() {}

    package func write(rows: [(value: Double, agreement: Double)], preset: Double?, title: String, parameter: String, to path: String, force: Bool) throws {
        let canvas = try OffscreenCanvas(width: 1000, height: 560)
        let renderer = canvas.renderer
        let text = try TextPainter(renderer: renderer, scale: 1)
        renderer.clear(Color(255, 255, 255))
        text.draw(title, x: 20, y: 14, size: .title, bold: true, color: Color(25, 30, 45))
        let low = rows.first?.value ?? 0
        let high = max(rows.last?.value ?? 1, low + 1e-9)
        let chart = Chart(left: 90, top: 80, width: 860, height: 390, xRange: low...high, yRange: 0...1)
        chart.drawAxes(renderer: renderer, text: text, xTitle: parameter, yTitle: "agreement with intent",
                       yLabel: { "\(DecimalFormat.fixedString($0 * 100, decimals: 0))%" }, xLabel: { DecimalFormat.string($0, decimals: 3) })
        if let preset, preset >= low, preset <= high {
            chart.verticalLine(at: preset, renderer: renderer, color: Color(240, 190, 40))
            text.draw("preset \(DecimalFormat.string(preset, decimals: 4))", x: chart.x(preset) + 6, y: chart.top + 6, size: .small, color: Color(170, 120, 0))
        }
        chart.polyline(rows.map { ($0.value, $0.agreement) }, renderer: renderer, color: Color(40, 120, 200), width: 3)
        for row in rows { renderer.circle(center: (chart.x(row.value), chart.y(row.agreement)), radius: 3.5, color: Color(40, 120, 200)) }
        try canvas.savePNG(to: path, force: force)
    }
}
