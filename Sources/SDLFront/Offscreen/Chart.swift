import FoundationEssentials
import Glibc
import Output
import Plumbing
import Traces

/// A plotting area on a canvas: maps data coordinates to pixels and draws axes, grid lines,
/// tick labels and polylines. Used by `plot` and `sweep --plot`.
package struct Chart {
    /// The plotting rectangle in pixels.
    let left: Double, top: Double, width: Double, height: Double
    /// The data ranges shown.
    let xRange: ClosedRange<Double>, yRange: ClosedRange<Double>

    func x(_ value: Double) -> Double { left + (value - xRange.lowerBound) / max(xRange.upperBound - xRange.lowerBound, 1e-12) * width }
    func y(_ value: Double) -> Double { top + height - (value - yRange.lowerBound) / max(yRange.upperBound - yRange.lowerBound, 1e-12) * height }

    /// Grid lines and tick labels on both axes, with axis titles.
    /// With `roundTicks`, ticks fall on round values (``NiceTicks``) instead of even divisions.
    func drawAxes(renderer: Renderer, text: TextPainter, xTitle: String, yTitle: String, xTicks: Int = 8, yTicks: Int = 5,
                  yLabel: (Double) -> String = { CFormat.string("%.2f", $0) }, xLabel: (Double) -> String = { CFormat.string("%.2f", $0) },
                  roundTicks: Bool = false) {
        renderer.fill(x: left, y: top, width: width, height: height, color: Color(250, 250, 252))
        let yValues = roundTicks ? NiceTicks.values(yRange.lowerBound, yRange.upperBound, count: yTicks)
            : (0...yTicks).map { yRange.lowerBound + (yRange.upperBound - yRange.lowerBound) * Double($0) / Double(yTicks) }
        let xValues = roundTicks ? NiceTicks.values(xRange.lowerBound, xRange.upperBound, count: xTicks)
            : (0...xTicks).map { xRange.lowerBound + (xRange.upperBound - xRange.lowerBound) * Double($0) / Double(xTicks) }
        for value in yValues {
            renderer.fill(x: left, y: y(value), width: width, height: 1, color: Color(225, 228, 235))
            text.draw(yLabel(value), x: left - 8, y: y(value) - 8, size: .small, color: Color(70, 75, 90), alignment: .right)
        }
        for value in xValues {
            renderer.fill(x: x(value), y: top, width: 1, height: height, color: Color(232, 234, 240))
            text.draw(xLabel(value), x: x(value), y: top + height + 6, size: .small, color: Color(70, 75, 90), alignment: .center)
        }
        renderer.outline(x: left, y: top, width: width, height: height, color: Color(150, 155, 170))
        text.draw(xTitle, x: left + width / 2, y: top + height + 26, size: .body, color: Color(40, 45, 60), alignment: .center)
        text.draw(yTitle, x: left, y: top - 24, size: .body, color: Color(40, 45, 60))
    }

    /// A polyline through `points` in data coordinates, clipped to the plotting area.
    func polyline(_ points: [(Double, Double)], renderer: Renderer, color: Color, width lineWidth: Double = 2.5) {
        renderer.setClip(x: left, y: top, width: width + 1, height: height + 1)
        for index in points.indices.dropFirst() {
            let from = points[index - 1]
            let to = points[index]
            renderer.thickLine(from: (x(from.0), y(from.1)), to: (x(to.0), y(to.1)), width: lineWidth, color: color)
        }
        renderer.clearClip()
    }

    /// A horizontal line across the plot at `value`.
    func horizontalLine(at value: Double, renderer: Renderer, color: Color) {
        renderer.fill(x: left, y: y(value) - 1, width: width, height: 2, color: color)
    }

    /// A vertical line across the plot at `value`.
    func verticalLine(at value: Double, renderer: Renderer, color: Color) {
        renderer.fill(x: x(value) - 1, y: top, width: 2, height: height, color: color)
    }
}
