/// Text from a file made safe to print: control characters become `\u{…}` escapes, so that a
/// hostile name cannot move the cursor or clear a terminal, nor (bidi controls) show itself
/// reversed, nor (noncharacters) make an XML file unreadable.
public enum Escaped {
    /// `text` with every control character, bidi control and noncharacter escaped, cut to
    /// `limit` characters.
    public static func text(_ text: String, limit: Int = 200) -> String {
        var result = ""
        for scalar in text.unicodeScalars.prefix(limit) {
            if scalar.properties.generalCategory == .control || scalar.properties.isBidiControl || scalar.properties.isNoncharacterCodePoint {
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return text.unicodeScalars.count > limit ? result + "…" : result
    }
}
