import Interaction

/// Writes JSON text deterministically: keys in the order given, numbers in one fixed style,
/// so that the same value always gives the same bytes.
public enum JSONWriter {
    /// How numbers are written.
    public enum Numbers: Sendable {
        /// At most nine decimals: the reports' fixed style.
        case report
        /// Swift's shortest digits that read back as the very same double (whole numbers below
        /// 2^53 without a fraction): for JSON another program must measure exactly as the lab.
        case roundTrip
    }

    /// Compact text of `value` (no spaces, no newlines), numbers written as `numbers` says.
    public static func compact(_ value: JSONValue, numbers: Numbers = .report) -> String {
        var output = ""
        write(value, into: &output, numbers: numbers)
        return output
    }

    /// Appends the compact text of `value` to `output`, numbers written as `numbers` says.
    public static func write(_ value: JSONValue, into output: inout String, numbers: Numbers = .report) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let number): output += numbers == .report ? numberText(number) : roundTripText(number)
        case .string(let text): writeString(text, into: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                write(element, into: &output, numbers: numbers)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                writeString(member.key, into: &output)
                output += ":"
                write(member.value, into: &output, numbers: numbers)
            }
            output += "}"
        }
    }

    /// A number as JSON: whole numbers without a fraction, others with at most nine decimals;
    /// non-finite numbers (which JSON cannot hold) as `null`.
    public static func numberText(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return DecimalFormat.string(number, decimals: 9)
    }

    /// `number` in its shortest round-trip digits; `null` when it is not finite (JSON has no
    /// infinities or NaN).
    static func roundTripText(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(), abs(number) < 0x1p53 { return String(Int64(number)) }
        return "\(number)"
    }

    /// Appends `text` as a quoted JSON string.
    public static func writeString(_ text: String, into output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            // Every control (C0, DEL, C1), bidi control, line or paragraph separator and
            // noncharacter of the first plane as \u escapes: the text stays valid JSON, and
            // printed as it is it cannot drive a terminal or reverse what follows it.
            case let control where control.value < 0x20 || (0x7F...0x9F).contains(control.value) || control.properties.isBidiControl
                || control.value == 0x2028 || control.value == 0x2029 || (control.value <= 0xFFFF && control.properties.isNoncharacterCodePoint):
                let hex = String(control.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
