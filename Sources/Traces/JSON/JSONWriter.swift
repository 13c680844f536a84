import Interaction

/// Writes JSON text deterministically: keys in the order given, numbers in one fixed style,
/// so that the same value always gives the same bytes.
public enum JSONWriter {
    /// Compact text of `value` (no spaces, no newlines).
    public static func compact(_ value: JSONValue) -> String {
        var output = ""
        write(value, into: &output)
        return output
    }

    /// Appends the compact text of `value` to `output`.
    public static func write(_ value: JSONValue, into output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let number): output += numberText(number)
        case .string(let text): writeString(text, into: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                write(element, into: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                writeString(member.key, into: &output)
                output += ":"
                write(member.value, into: &output)
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
