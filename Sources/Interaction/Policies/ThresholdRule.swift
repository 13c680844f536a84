/// The shape of a release rule and its parameters. Each case is one family of rules the
/// source libraries use; ``ThresholdPolicy`` gives the presets their names and numbers.
public enum ThresholdRule: Hashable, Sendable {
    /// Finish iff progress > `threshold` (VCTransitionsLibrary, MDTransitioning).
    case position(threshold: Double)
    /// swiftui-navigation-transitions: finish iff velocity > `finishVelocity`, or progress ≥
    /// `positionThreshold` and velocity > `cancelVelocity` (velocities in points/s).
    case velocityAndPosition(finishVelocity: Double, positionThreshold: Double, cancelVelocity: Double)
    /// Flutter's back gesture and Compose's swipe-to-dismiss: a release at least as fast as
    /// `minimumVelocity` (in `unit`) goes the way it was flung; a slower one finishes iff its
    /// progress passes `positionThreshold` by `comparison`.
    case fling(minimumVelocity: Double, unit: VelocityUnit, positionThreshold: Double, comparison: ThresholdComparison)
    /// Project the release with the velocity as a scroll view decelerating at `decelerationRate`
    /// per millisecond would (`p + (v/1000)·r/(1 − r)`, v in progress/s) and finish iff the
    /// projection passes `threshold`; a fling back faster than `backVelocity` points/s always
    /// cancels.
    case projection(decelerationRate: Double, threshold: Double, backVelocity: Double)

    /// The unit a velocity threshold is given in.
    public enum VelocityUnit: String, Hashable, Sendable {
        /// Points per second.
        case pointsPerSecond = "pt/s"
        /// Screen extents (widths for horizontal gestures) per second.
        case screensPerSecond = "screens/s"
    }

    /// The finish-or-cancel decision for `release`, with a reason quoting the numbers.
    public func decide(_ release: ReleaseMeasurement) -> ReleaseDecision {
        evaluate(release, explained: true)
    }

    /// Only the verdict for `release`, without composing the reason: what sweeps and tuning
    /// call millions of times. The same rule as ``decide(_:)``, by construction.
    public func verdict(_ release: ReleaseMeasurement) -> ReleaseDecision.Verdict {
        evaluate(release, explained: false).verdict
    }

    /// The rule itself; the reason is composed only when `explained`.
    private func evaluate(_ release: ReleaseMeasurement, explained: Bool) -> ReleaseDecision {
        func decision(_ verdict: ReleaseDecision.Verdict, _ reason: @autoclosure () -> String) -> ReleaseDecision {
            ReleaseDecision(verdict, reason: explained ? reason() : "")
        }
        var progressText: String { Self.progressText(release.progress) }
        var velocityText: String { Self.velocityText(release.velocity) }
        switch self {
        case .position(let threshold):
            return Self.positionDecision(release.progress, threshold: threshold, comparison: .above, prefix: "", explained: explained)

        case .velocityAndPosition(let finishVelocity, let positionThreshold, let cancelVelocity):
            if release.velocity > finishVelocity {
                return decision(.finish, "velocity \(velocityText) > \(Self.number(finishVelocity))")
            }
            if release.progress >= positionThreshold && release.velocity > cancelVelocity {
                return decision(.finish, "progress \(progressText) >= \(Self.number(positionThreshold)) and velocity \(velocityText) > \(Self.number(cancelVelocity))")
            }
            if release.progress < positionThreshold {
                return decision(.cancel, "velocity \(velocityText) <= \(Self.number(finishVelocity)) and progress \(progressText) < \(Self.number(positionThreshold))")
            }
            return decision(.cancel, "velocity \(velocityText) <= \(Self.number(cancelVelocity))")

        case .fling(let minimumVelocity, let unit, let positionThreshold, let comparison):
            let speed = unit == .screensPerSecond
                ? (release.screenExtent > 0 ? release.velocity / release.screenExtent : 0)
                : release.velocity
            var speedText: String { "\(Self.number(speed, decimals: unit == .screensPerSecond ? 3 : 1)) \(unit.rawValue)" }
            if abs(speed) >= minimumVelocity {
                return speed > 0
                    ? decision(.finish, "fling \(speedText) >= \(Self.number(minimumVelocity)) towards finishing")
                    : decision(.cancel, "fling \(speedText) <= -\(Self.number(minimumVelocity)) towards cancelling")
            }
            return Self.positionDecision(release.progress, threshold: positionThreshold, comparison: comparison,
                                         prefix: explained ? "speed |\(speedText)| < \(Self.number(minimumVelocity)) and " : "", explained: explained)

        case .projection(let decelerationRate, let threshold, let backVelocity):
            if release.velocity < -backVelocity {
                return decision(.cancel, "fling back \(velocityText) < -\(Self.number(backVelocity))")
            }
            let projected = Self.projectedProgress(release, decelerationRate: decelerationRate)
            return projected > threshold
                ? decision(.finish, "projected progress \(Self.progressText(projected)) > \(Self.number(threshold)) (progress \(progressText), velocity \(velocityText))")
                : decision(.cancel, "projected progress \(Self.progressText(projected)) <= \(Self.number(threshold)) (progress \(progressText), velocity \(velocityText))")
        }
    }

    /// A scroll view's normal deceleration rate per millisecond (UIKit's
    /// `UIScrollView.DecelerationRate.normal`), which the projected policy and the HUD's
    /// projection use.
    public static let scrollViewDecelerationRate = 0.998

    /// Where a scroll view decelerating at `decelerationRate` per millisecond would come to
    /// rest, in progress units: `p + (v/1000) · r/(1 − r)` with v in progress per second.
    public static func projectedProgress(_ release: ReleaseMeasurement, decelerationRate: Double) -> Double {
        release.progress + (release.progressVelocity / 1000) * decelerationRate / (1 - decelerationRate)
    }

    /// The progress beyond which a slow release finishes, if the rule has one (drawn on the
    /// HUD's progress bar).
    public var positionThreshold: Double {
        switch self {
        case .position(let threshold): return threshold
        case .velocityAndPosition(_, let positionThreshold, _): return positionThreshold
        case .fling(_, _, let positionThreshold, _): return positionThreshold
        case .projection(_, let threshold, _): return threshold
        }
    }

    /// Finish iff `progress` passes `threshold` by `comparison`, the reason led by `prefix`.
    static func positionDecision(_ progress: Double, threshold: Double, comparison: ThresholdComparison,
                                 prefix: String, explained: Bool = true) -> ReleaseDecision {
        let passes = comparison.passes(progress, threshold)
        guard explained else { return ReleaseDecision(passes ? .finish : .cancel, reason: "") }
        let symbol = passes ? comparison.passingSymbol : comparison.failingSymbol
        return ReleaseDecision(passes ? .finish : .cancel,
                               reason: "\(prefix)progress \(progressText(progress)) \(symbol) \(number(threshold))")
    }

    static func progressText(_ progress: Double) -> String { DecimalFormat.string(progress, decimals: 4) }
    static func velocityText(_ velocity: Double) -> String { "\(DecimalFormat.string(velocity, decimals: 1)) pt/s" }
    static func number(_ value: Double, decimals: Int = 4) -> String { DecimalFormat.string(value, decimals: decimals) }
}
