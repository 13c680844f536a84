import Interaction

/// The range of one absolute axis, as `struct input_absinfo` gives it.
struct AbsoluteAxis: Hashable {
    /// The smallest value, in device units.
    var minimum: Int32
    /// The largest value, in device units.
    var maximum: Int32
    /// Units per millimetre (per radian for orientation); 0 when the device does not say.
    var resolution: Int32
    /// The line that described it.
    var line: Int

    /// The axis as the header's `axes` writes it.
    var range: ClosedRange<Double> { Double(minimum)...Double(max(minimum, maximum)) }

    /// Where `value` lies from minimum (0) to maximum (1), clamped; nil when the range is empty.
    func fraction(_ value: Int32) -> Double? {
        guard maximum > minimum else { return nil }
        return min(max((Double(value) - Double(minimum)) / (Double(maximum) - Double(minimum)), 0), 1)
    }
}
