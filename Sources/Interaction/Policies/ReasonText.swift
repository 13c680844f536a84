import Engine

/// The text of a decision's reason: every comparison printed with the digits that keep it
/// true, and thresholds exactly.
enum ReasonText {
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
