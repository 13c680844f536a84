/// Deterministic decimal text for numbers, the same on every machine and every run, so that
/// reports and traces can be compared byte for byte.
public enum DecimalFormat {
    /// `value` rounded half away from zero to `decimals` places (0…9), with trailing zeros
    /// and a trailing point removed; non-finite values print as `null` is the caller's job,
    /// here they print as `nan`, `inf` or `-inf`.
    public static func string(_ value: Double, decimals: Int) -> String {
        let fixed = fixedString(value, decimals: decimals)
        guard fixed.utf8.contains(UInt8(ascii: ".")) else { return fixed }
        var trimmed = Substring(fixed)
        while trimmed.last == "0" { trimmed.removeLast() }
        if trimmed.last == "." { trimmed.removeLast() }
        return trimmed == "-0" ? "0" : String(trimmed)
    }

    /// `value` rounded half away from zero to exactly `decimals` places (0…9).
    public static func fixedString(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        let places = min(max(decimals, 0), 9)
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9.0e15 else { return String(value) }
        let units = UInt64(scaled)
        let divisor = UInt64(scale)
        let whole = units / divisor
        let fraction = units % divisor
        let sign = value < 0 && units != 0 ? "-" : ""
        guard places > 0 else { return "\(sign)\(whole)" }
        var fractionText = String(fraction)
        if fractionText.count < places { fractionText = String(repeating: "0", count: places - fractionText.count) + fractionText }
        return "\(sign)\(whole).\(fractionText)"
    }
}
