import Engine
import Foundation
import Interaction
import Testing

/// Every estimator on strokes whose true velocity is known, stamped the way SDL2 stamps events.
/// Prints the table docs/velocity-estimators.md quotes to choose the default.
@Suite("Velocity accuracy on SDL2 timestamps")
struct VelocityAccuracyTests {
    static let rates: [Double] = [60, 120, 1000]
    static let strokesPerCell = 200
    static let estimators = VelocityEstimator.allCases

    /// Mean and 95th percentile of the relative release error of each estimator, per cell.
    struct Cell {
        let rate: Double
        let stamping: EventStamping
        let meanError: [VelocityEstimator: Double]
        let percentile95: [VelocityEstimator: Double]
    }

    static let cells: [Cell] = {
        var generator = SplitMix64(seed: 0x5EED_0F_5D12)
        var cells: [Cell] = []
        for rate in rates {
            for stamping in EventStamping.allCases {
                let strokes = (0..<strokesPerCell).map { _ in SyntheticStroke.random(rate: rate, stamping: stamping, using: &generator) }
                var means: [VelocityEstimator: Double] = [:]
                var tails: [VelocityEstimator: Double] = [:]
                for estimator in estimators {
                    let errors = strokes.map { $0.releaseError(of: estimator) }.sorted()
                    means[estimator] = errors.reduce(0, +) / Double(errors.count)
                    tails[estimator] = errors[Int(Double(errors.count - 1) * 0.95)]
                }
                cells.append(Cell(rate: rate, stamping: stamping, meanError: means, percentile95: tails))
            }
        }
        return cells
    }()

    static func percent(_ fraction: Double?) -> String {
        DecimalFormat.fixedString((fraction ?? .nan) * 100, decimals: 1) + "%"
    }

    static var table: String {
        var lines = ["release-velocity error, mean (p95) of \(strokesPerCell) strokes per row",
                     "rate     stamps     " + estimators.map { $0.rawValue.padding(toLength: 16, withPad: " ", startingAt: 0) }.joined()]
        for cell in cells {
            let rate = "\(Int(cell.rate)) Hz".padding(toLength: 9, withPad: " ", startingAt: 0)
            let stamps = cell.stamping.description.padding(toLength: 11, withPad: " ", startingAt: 0)
            let figures = estimators.map {
                "\(percent(cell.meanError[$0])) (\(percent(cell.percentile95[$0])))".padding(toLength: 16, withPad: " ", startingAt: 0)
            }.joined()
            lines.append(rate + stamps + figures)
        }
        return lines.joined(separator: "\n")
    }

    @Test func theDefaultIsWithinFivePercentAtReleaseAtEveryRate() {
        print(Self.table)
        for cell in Self.cells {
            #expect((cell.meanError[.standard] ?? 1) < 0.05, "\(cell.rate) Hz, \(cell.stamping)")
        }
    }

    @Test func theDefaultBeatsTheLastTwoPointsAtEveryRate() {
        for cell in Self.cells {
            #expect((cell.meanError[.standard] ?? 1) < (cell.meanError[.lastTwoPoints] ?? 0), "\(cell.rate) Hz, \(cell.stamping)")
        }
    }
}
