import FoundationEssentials
import Glibc
import Interaction

/// `predict --plot`'s chart: each predictor's RMS error against the prediction horizon.
package struct PredictionErrorPlot {
    /// A prediction-error plot.
    package init() {}

    /// One colour per predictor, in ``PredictorName`` order.
    static let colors = [Color(120, 120, 130), Color(40, 120, 200), Color(230, 120, 30), Color(60, 160, 80), Color(190, 60, 160),
                         Color(200, 50, 50)]

    package func write(survey: PredictionErrorSurvey, title: String, to path: String, force: Bool) throws {
        let canvas = try OffscreenCanvas(width: 1000, height: 560)
        let renderer = canvas.renderer
        let text = try TextPainter(renderer: renderer, scale: 1)
        renderer.clear(Color(255, 255, 255))
        text.draw(title, x: 20, y: 14, size: .title, bold: true, color: Color(25, 30, 45))
        let curves = survey.predictors.indices.map { index in
            survey.horizons.indices.compactMap { slot in survey.rms(predictor: index, horizon: slot).map { (survey.horizons[slot] * 1000, $0) } }
        }
        let highest = max(curves.flatMap { $0.map(\.1) }.max() ?? 1, 1e-9)
        let chart = Chart(left: 90, top: 80, width: 700, height: 390, xRange: 0...((survey.horizons.last ?? 0.04) * 1000), yRange: 0...(highest * 1.05))
        chart.drawAxes(renderer: renderer, text: text, xTitle: "horizon (ms)", yTitle: "RMS error (points)",
                       yLabel: { DecimalFormat.string($0, decimals: 1) }, xLabel: { DecimalFormat.string($0, decimals: 0) })
        for (index, name) in survey.predictors.enumerated() {
            let color = Self.colors[(PredictorName.allCases.firstIndex(of: name) ?? index) % Self.colors.count]
            chart.polyline(curves[index], renderer: renderer, color: color, width: 2.5)
            for point in curves[index] { renderer.circle(center: (chart.x(point.0), chart.y(point.1)), radius: 3, color: color) }
            let y = 100.0 + Double(index) * 26
            renderer.circle(center: (818, y + 8), radius: 6, color: color)
            text.draw(name.rawValue, x: 832, y: y, size: .small, color: Color(25, 30, 45))
        }
        try canvas.savePNG(to: path, force: force)
    }
}
