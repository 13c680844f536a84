/// The shape of a release rule and its parameters. Each case is one family of rules the
/// source libraries use; ``ThresholdPolicy`` gives the presets their names and numbers.
public enum ThresholdRule: Hashable, Sendable {
    /// Finish iff progress > `threshold` (VCTransitionsLibrary, MDTransitioning).
    case position(threshold: Double)
    /// swiftui-navigation-transitions: finish iff velocity > `finishVelocity`, or progress ≥
    /// `positionThreshold` and velocity > `cancelVelocity` (velocities in points/s).
    case velocityAndPosition(finishVelocity: Double, positionThreshold: Double, cancelVelocity: Double)
    /// Flutter's back gesture, and a fling rule of any numbers: a release at least as fast as
    /// `minimumVelocity` (in `unit`) goes the way it was flung; a slower one finishes iff its
    /// progress passes `positionThreshold` by `comparison`.
    case fling(minimumVelocity: Double, unit: VelocityUnit, positionThreshold: Double, comparison: ThresholdComparison)
    /// Project the release with the velocity as a scroll view decelerating at `decelerationRate`
    /// per millisecond would (`p + (v/1000)·r/(1 − r)`, v in progress/s) and finish iff the
    /// projection passes `threshold`; a fling back faster than `backVelocity` points/s always
    /// cancels.
    case projection(decelerationRate: Double, threshold: Double, backVelocity: Double)
    /// Jetpack Compose Foundation 1.8's `AnchoredDraggableState` between the anchor at progress 0
    /// (the start) and the one at progress 1 (the end), as `DraggableAnchors.computeTarget` (in
    /// `AnchoredDraggable.kt`) settles: a release at an anchor stays there whatever its velocity;
    /// at rest (velocity exactly 0) it goes to the nearer anchor, the end one on a tie (the
    /// anchors' `closestAnchor` keeps the last of equals, and the end is declared last); at least
    /// `minimumVelocity` points per second (dp per second) goes the way it moves; a slower one
    /// moving forward finishes iff progress ≥ `positionThreshold`, and moving back it finishes iff
    /// 1 − progress < `positionThreshold` (the threshold is measured from the anchor it leaves).
    case anchoredDraggable(minimumVelocity: Double, positionThreshold: Double)

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

    /// The rule itself; the reason is composed only when `explained`. Every comparison a
    /// reason quotes is printed with the digits that keep it true (``comparison(_:_:_:decimals:)``).
    private func evaluate(_ release: ReleaseMeasurement, explained: Bool) -> ReleaseDecision {
        func decision(_ verdict: ReleaseDecision.Verdict, _ reason: @autoclosure () -> String) -> ReleaseDecision {
            ReleaseDecision(verdict, reason: explained ? reason() : "")
        }
        let progress = release.progress, velocity = release.velocity
        switch self {
        case .position(let threshold):
            return Self.positionDecision(release, threshold: threshold, comparison: .above, prefix: "", explained: explained)

        case .velocityAndPosition(let finishVelocity, let positionThreshold, let cancelVelocity):
            if velocity > finishVelocity {
                return decision(.finish, "velocity \(Self.velocity(velocity, ">", finishVelocity))")
            }
            if progress >= positionThreshold && velocity > cancelVelocity {
                return decision(.finish, "progress \(Self.progress(progress, ">=", positionThreshold)) and velocity \(Self.velocity(velocity, ">", cancelVelocity))")
            }
            if progress < positionThreshold {
                return decision(.cancel, "velocity \(Self.velocity(velocity, "<=", finishVelocity)) and progress \(Self.progress(progress, "<", positionThreshold))")
            }
            return decision(.cancel, "velocity \(Self.velocity(velocity, "<=", cancelVelocity))")

        case .fling(let minimumVelocity, let unit, let positionThreshold, let comparison):
            let speed = unit == .screensPerSecond
                ? (release.screenExtent > 0 ? velocity / release.screenExtent : 0)
                : velocity
            let decimals = unit == .screensPerSecond ? 3 : 1
            if abs(speed) >= minimumVelocity {
                return speed > 0
                    ? decision(.finish, "fling \(Self.comparison(speed, ">=", minimumVelocity, decimals: decimals, unit: " \(unit.rawValue)")) towards finishing")
                    : decision(.cancel, "fling \(Self.comparison(speed, "<=", -minimumVelocity, decimals: decimals, unit: " \(unit.rawValue)")) towards cancelling")
            }
            return Self.positionDecision(release, threshold: positionThreshold, comparison: comparison,
                                         prefix: explained ? "speed |\(Self.comparison(speed, "<", minimumVelocity, decimals: decimals, unit: " \(unit.rawValue)", absolute: true)) and " : "",
                                         explained: explained)

        case .anchoredDraggable(let minimumVelocity, let positionThreshold):
            return Self.anchoredDecision(release, minimumVelocity: minimumVelocity, positionThreshold: positionThreshold,
                                         explained: explained)

        case .projection(let decelerationRate, let threshold, let backVelocity):
            if velocity < -backVelocity {
                return decision(.cancel, "fling back \(Self.velocity(velocity, "<", -backVelocity))")
            }
            let projected = Self.projectedProgress(release, decelerationRate: decelerationRate)
            let context = "(progress \(Self.progressText(progress)), velocity \(Self.velocityText(velocity)))"
            return projected > threshold
                ? decision(.finish, "projected progress \(Self.progress(projected, ">", threshold)) \(context)")
                : decision(.cancel, "projected progress \(Self.progress(projected, "<=", threshold)) \(context)")
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
        case .anchoredDraggable(_, let positionThreshold): return positionThreshold
        }
    }

    /// `AnchoredDraggableState`'s target between the anchors at progress 0 and 1, in the order
    /// `computeTarget` decides, with progress outside 0…1 (a pinch's is not clamped) taken as at
    /// the anchor beyond which it lies, where Compose holds its offset (`newOffsetForDelta`
    /// coerces it between the anchors). Compose compares offsets in pixels in Float; the lab
    /// compares progress in double precision.
    static func anchoredDecision(_ release: ReleaseMeasurement, minimumVelocity: Double, positionThreshold: Double,
                                 explained: Bool) -> ReleaseDecision {
        func decision(_ verdict: ReleaseDecision.Verdict, _ reason: @autoclosure () -> String) -> ReleaseDecision {
            ReleaseDecision(verdict, reason: explained ? reason() : "")
        }
        let progress = release.progress, velocity = release.velocity
        if progress <= 0 {
            return decision(.cancel, "at the start anchor (progress \(progressText(progress))): stays, velocity \(velocityText(velocity))")
        }
        if progress >= 1 {
            return decision(.finish, "at the end anchor (progress \(progressText(progress))): stays, velocity \(velocityText(velocity))")
        }
        if velocity == 0 {
            // Not moving: the closest anchor, the end one (declared last) on a tie.
            return progress >= 0.5
                ? decision(.finish, "at rest, the nearer anchor: progress \(Self.progress(progress, ">=", 0.5))")
                : decision(.cancel, "at rest, the nearer anchor: progress \(Self.progress(progress, "<", 0.5))")
        }
        if abs(velocity) >= minimumVelocity {
            return velocity > 0
                ? decision(.finish, "fling \(Self.velocity(velocity, ">=", minimumVelocity)) towards finishing")
                : decision(.cancel, "fling \(Self.velocity(velocity, "<=", -minimumVelocity)) towards cancelling")
        }
        let slow = explained ? "speed |\(comparison(velocity, "<", minimumVelocity, decimals: 1, unit: " pt/s", absolute: true))" : ""
        if velocity > 0 {
            return progress >= positionThreshold
                ? decision(.finish, "\(slow) forwards and progress \(Self.progress(progress, ">=", positionThreshold))")
                : decision(.cancel, "\(slow) forwards and progress \(Self.progress(progress, "<", positionThreshold))")
        }
        // Moving back, the threshold is measured from the end anchor the drag leaves.
        let fromEnd = 1 - progress
        return fromEnd < positionThreshold
            ? decision(.finish, "\(slow) backwards and 1 - progress \(Self.progress(fromEnd, "<", positionThreshold))")
            : decision(.cancel, "\(slow) backwards and 1 - progress \(Self.progress(fromEnd, ">=", positionThreshold))")
    }

    /// Finish iff the release's progress passes `threshold` by `comparison`, the reason led by `prefix`.
    static func positionDecision(_ release: ReleaseMeasurement, threshold: Double, comparison: ThresholdComparison,
                                 prefix: String, explained: Bool = true) -> ReleaseDecision {
        let passes = comparison.passes(release.progress, threshold)
        guard explained else { return ReleaseDecision(passes ? .finish : .cancel, reason: "") }
        let symbol = passes ? comparison.passingSymbol : comparison.failingSymbol
        return ReleaseDecision(passes ? .finish : .cancel,
                               reason: "\(prefix)progress \(progress(release.progress, symbol, threshold))" + singlePrecisionNote(release, threshold: threshold))
    }

    /// Why a progress this close to its threshold was not compared exactly: the seed rounds it
    /// to single precision first; empty otherwise.
    static func singlePrecisionNote(_ release: ReleaseMeasurement, threshold: Double) -> String {
        guard let exact = release.progressBeforeSinglePrecision, exact != release.progress,
              abs(exact - threshold) <= singlePrecisionNeighbourhood else { return "" }
        return " (VCTransitionsLibrary computes progress in Float32 with fminf/fmaxf: exactly \(exactText(exact)))"
    }

    /// How close to a threshold a progress must be for its Float32 rounding to be worth saying:
    /// a few of Float32's ulps at 1.
    static let singlePrecisionNeighbourhood = 1e-6

    /// `value symbol threshold` (symbol one of `>`, `>=`, `<`, `<=`), the value with the fewest
    /// decimals, `decimals` at least, that keep the printed comparison as true as the real one
    /// (and that print it as the threshold only when it is the threshold), and the threshold
    /// exactly. With `absolute` the comparison is of the value's magnitude,
    /// printed signed between bars the caller opens and this closes (`|-0.999 screens/s| < 1`).
    static func comparison(_ value: Double, _ symbol: String, _ threshold: Double, decimals: Int, unit: String = "", absolute: Bool = false) -> String {
        let holds: (Double, Double) -> Bool
        switch symbol {
        case ">": holds = { $0 > $1 }
        case ">=": holds = { $0 >= $1 }
        case "<": holds = { $0 < $1 }
        default: holds = { $0 <= $1 }
        }
        let compared = { (number: Double) in absolute ? abs(number) : number }
        var valueText = "\(value)"
        for places in decimals...9 {
            let text = DecimalFormat.string(value, decimals: places)
            // True as printed, and not printed as the threshold itself unless it is.
            if let printed = Double(text).map(compared), holds(printed, threshold), printed != threshold || compared(value) == threshold {
                valueText = text
                break
            }
        }
        return "\(valueText)\(unit)\(absolute ? "|" : "") \(symbol) \(exactText(threshold))"
    }

    static func progress(_ value: Double, _ symbol: String, _ threshold: Double) -> String {
        comparison(value, symbol, threshold, decimals: 4)
    }

    static func velocity(_ value: Double, _ symbol: String, _ threshold: Double) -> String {
        comparison(value, symbol, threshold, decimals: 1, unit: " pt/s")
    }

    /// A threshold exactly: its shortest decimal of at most 9 places when that is the number
    /// itself, otherwise every digit it needs.
    static func exactText(_ value: Double) -> String {
        for places in 0...9 {
            let text = DecimalFormat.string(value, decimals: places)
            if Double(text) == value { return text }
        }
        return "\(value)"
    }

    static func progressText(_ progress: Double) -> String { DecimalFormat.string(progress, decimals: 4) }
    static func velocityText(_ velocity: Double) -> String { "\(DecimalFormat.string(velocity, decimals: 1)) pt/s" }
}
