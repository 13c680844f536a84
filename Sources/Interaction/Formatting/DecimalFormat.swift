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

    /// Appends what ``fixedString(_:decimals:)`` (or, `trimmed`, ``string(_:decimals:)``)
    /// returns, as ASCII bytes, without making a string: writing a trace spends most of its
    /// time here.
    public static func append(_ value: Double, decimals: Int, trimmed: Bool = false, to bytes: inout [UInt8]) {
        let places = min(max(decimals, 0), 9)
        let scale = powersOfTen[places]
        let scaled = (abs(value) * Double(scale)).rounded(.toNearestOrAwayFromZero)
        guard value.isFinite, scaled < 9.0e15 else {
            bytes.append(contentsOf: (trimmed ? string(value, decimals: decimals) : fixedString(value, decimals: decimals)).utf8)
            return
        }
        let units = UInt64(scaled)
        let whole = units / scale
        var fraction = units % scale
        var fractionDigits = places
        if trimmed {
            while fractionDigits > 0 && fraction % 10 == 0 {
                fraction /= 10
                fractionDigits -= 1
            }
        }
        if value < 0 && units != 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(of: whole, to: &bytes)
        guard fractionDigits > 0 else { return }
        bytes.append(UInt8(ascii: "."))
        var divisor = powersOfTen[fractionDigits - 1]
        for _ in 0..<fractionDigits {
            bytes.append(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
            divisor /= 10
        }
    }

    /// Appends `integer` in decimal, as `String(integer)` writes it.
    public static func append(_ integer: Int, to bytes: inout [UInt8]) {
        if integer < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(of: UInt64(integer.magnitude), to: &bytes)
    }

    /// The decimal digits of `value`, most significant first.
    private static func appendDigits(of value: UInt64, to bytes: inout [UInt8]) {
        var remaining = value
        var reversed: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &reversed) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
                count += 1
            } while remaining > 0
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }

    /// 10⁰ … 10⁹.
    private static let powersOfTen: [UInt64] = [1, 10, 100, 1000, 10000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000]
}
