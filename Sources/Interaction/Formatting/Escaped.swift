/// Text from a file made safe to print: control characters become `\u{…}` escapes, so that a
/// hostile name cannot move the cursor or clear a terminal.
public enum Escaped {
    /// `text` with every control character escaped, cut to `limit` characters.
    public static func text(_ text: String, limit: Int = 200) -> String {
        var result = ""
        for scalar in text.unicodeScalars.prefix(limit) {
            if scalar.properties.generalCategory == .control {
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return text.unicodeScalars.count > limit ? result + "…" : result
    }
}
