import Engine
import FoundationEssentials
import Glibc
import Interaction
import Output
import Traces

/// One `--param NAME=FROM:TO:STEP` of `sweep`.
package struct SweepAxis {
    /// The parameter's name as the policy spells it.
    package let name: String
    /// Every value, FROM to TO by STEP.
    package let values: [Double]

    /// The most combinations one sweep evaluates.
    package static let maximumCells = 100_000

    /// Reads `text` for `policy`, or a usage error naming the option and the bad part.
    package init(_ text: String, policy: PolicySpec, spec: CommandSpec) throws(UsageError) {
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        let bounds = parts.count == 2 ? parts[1].split(separator: ":").compactMap { Double($0) } : []
        guard parts.count == 2, bounds.count == 3, bounds.allSatisfy(\.isFinite), bounds[2] > 0, bounds[0] <= bounds[1],
              (bounds[1] - bounds[0]) / bounds[2] <= 10_000 else {
            throw UsageError(message: "option '--param' needs NAME=FROM:TO:STEP with FROM <= TO, STEP > 0 and at most 10000 steps, got '\(text)'", command: spec)
        }
        name = parts[0].lowercased()
        do { _ = try policy.setting(name, to: bounds[0]) } catch {
            throw UsageError(message: "option '--param': \(error.description)", command: spec)
        }
        let steps = Int(((bounds[1] - bounds[0]) / bounds[2] + 1e-9).rounded(.down))
        // Values are rounded to 10 decimals so that 0.1 + 2 × 0.05 prints as 0.2.
        values = (0...steps).map { ((bounds[0] + Double($0) * bounds[2]) * 1e10).rounded() / 1e10 }
    }
}
