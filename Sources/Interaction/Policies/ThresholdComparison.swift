/// Whether a value exactly at a progress threshold passes it. The source libraries differ
/// here: VCTransitionsLibrary finishes only past 0.5, Flutter's back gesture already at 0.5.
public enum ThresholdComparison: String, Hashable, Sendable {
    /// Passes only strictly above the threshold (`>`).
    case above = ">"
    /// Passes at or above the threshold (`>=`).
    case atOrAbove = ">="

    /// True when `value` passes `threshold`.
    public func passes(_ value: Double, _ threshold: Double) -> Bool {
        self == .above ? value > threshold : value >= threshold
    }

    /// The symbol of a value that passes (`>` or `>=`).
    var passingSymbol: String { rawValue }

    /// The symbol of a value that falls short (`<=` or `<`).
    var failingSymbol: String { self == .above ? "<=" : "<" }
}
