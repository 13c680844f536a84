import Engine
import FoundationEssentials
import Glibc
import Interaction
import Lab
import Output
import Playground
import Plumbing
import Rasterizer
import SDLFront
import Traces

extension BenchSections {
    /// Nanoseconds per sample for each velocity estimator: add a sample, ask for the velocity.
    static func velocity(_ context: BenchContext) throws -> [BenchFigure] {
        let samples = context.size(1_000_000, quick: 100_000)
        var figures: [BenchFigure] = []
        for estimator in VelocityEstimator.allCases {
            var sink = 0.0
            let measurement = Measurement.time(runs: context.runs) {
                var tracker = estimator.makeTracker()
                for index in 0..<samples {
                    let time = Double(index) / 120
                    tracker.addSample(Point(x: Double(index % 400) * 3, y: 100), at: time)
                    sink += tracker.velocity().x
                }
            }
            var figure = BenchFigure.from(measurement, section: "velocity", name: "\(estimator.rawValue) estimator, add a sample and estimate",
                                          unit: "ns/sample", perRun: { $0 / Double(samples) * 1e9 })
            figure.note = sink.isFinite ? nil : "non-finite estimate"
            figures.append(figure)
        }
        return figures
    }
}
