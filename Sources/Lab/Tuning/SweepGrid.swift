import Engine
import FoundationEssentials
import Glibc
import Interaction
import Output
import Traces

/// The rows of a sweep: every combination of the axes' values, the first axis varying slowest.
enum SweepGrid {
    /// One combination and its agreement.
    struct Row {
        let values: [Double]
        let spec: PolicySpec
        let matrix: ConfusionMatrix
    }

    /// Every combination that makes a valid policy, in order.
    package static func rows(policy: PolicySpec, axes: [SweepAxis], releases: [LabelledRelease]) -> [Row] {
        var combinations: [[Double]] = [[]]
        for axis in axes { combinations = combinations.flatMap { prefix in axis.values.map { prefix + [$0] } } }
        return combinations.compactMap { values in
            var changed = policy
            for (axis, value) in zip(axes, values) {
                guard let next = try? changed.setting(axis.name, to: value) else { return nil }
                changed = next
            }
            return Row(values: values, spec: changed, matrix: LabelledReleases.matrix(releases, rule: changed.rule))
        }
    }
}
