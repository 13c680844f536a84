import Engine
import Interaction
import Playground

extension GestureTimeline {
    /// Draws the strip in the pixel rectangle given, with the policy's threshold.
    func draw(renderer: Renderer, text: TextPainter, left: Double, top: Double, width: Double, height: Double, threshold: Double, scale: Double) {
        renderer.fill(x: left, y: top, width: width, height: height, color: Color(12, 14, 20, 200))
        let plotTop = top + 6 * scale
        let plotHeight = height - 12 * scale
        let thresholdY = plotTop + plotHeight * (1 - threshold)
        renderer.fill(x: left, y: thresholdY, width: width, height: max(1, scale), color: Color(255, 220, 80, 200))
        text.draw("timeline", x: left + 6 * scale, y: top + 2 * scale, size: .small, color: Color(170, 175, 190))
        guard let first = samples.first, let last = samples.last else { return }
        let duration = max(last.time - first.time, 0.5)
        func point(_ sample: Sample) -> (Double, Double) {
            (left + (sample.time - first.time) / duration * width, plotTop + plotHeight * (1 - min(max(sample.progress, 0), 1)))
        }
        for index in samples.indices.dropFirst() {
            let sample = samples[index]
            let color: Color
            switch sample.state {
            case .finishing, .finished: color = Color(80, 200, 120)
            case .cancelling, .cancelled: color = Color(235, 110, 90)
            default: color = Color(235, 235, 245)
            }
            renderer.thickLine(from: point(samples[index - 1]), to: point(sample), width: 2 * scale, color: color)
        }
        if let releaseTime {
            let x = left + (releaseTime - first.time) / duration * width
            renderer.fill(x: x, y: plotTop, width: max(1, scale), height: plotHeight, color: Color(160, 170, 255))
            // Right of the mark, or left of it where the strip ends too soon, so it is never cut.
            let labelWidth = text.width(of: "release", size: .small)
            let labelX = x + 4 * scale + labelWidth <= left + width ? x + 4 * scale : x - 4 * scale - labelWidth
            text.draw("release", x: labelX, y: top + 2 * scale, size: .small, color: Color(160, 170, 255))
        }
    }
}
