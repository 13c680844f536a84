import Interaction

/// A language `export-test` writes, and how text from a trace (names, notes) is put into it:
/// as a string literal that means exactly that text, or as a one-line comment that cannot end
/// early. Nothing from a trace is ever written into code any other way.
package enum CodeLanguage: Sendable {
    case dart, kotlin, python, swift

    /// `text` as a string literal of the language whose value is exactly `text`: quotes,
    /// backslashes, interpolation (`$` in Dart and Kotlin, `\(` in Swift), line breaks and
    /// every invisible or control character escaped.
    package func stringLiteral(_ text: String) -> String {
        var body = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": body += "\\\\"
            case "\"": body += "\\\""
            case "$" where self == .dart || self == .kotlin: body += "\\$"
            case "\n": body += "\\n"
            case "\r": body += "\\r"
            case "\t": body += "\\t"
            default:
                if Self.needsEscape(scalar) { body += escape(scalar) } else { body.unicodeScalars.append(scalar) }
            }
        }
        return "\"" + body + "\""
    }

    /// The escape of one scalar in a string literal.
    private func escape(_ scalar: Unicode.Scalar) -> String {
        let value = scalar.value
        let hex = String(value, radix: 16, uppercase: true)
        switch self {
        case .dart, .swift:
            return "\\u{\(hex)}"
        case .kotlin:
            // Kotlin has only \uXXXX: a scalar beyond the BMP is written as its UTF-16 pair.
            return String(scalar).utf16.map { unit in
                let text = String(unit, radix: 16, uppercase: true)
                return "\\u" + String(repeating: "0", count: 4 - text.count) + text
            }.joined()
        case .python:
            return value <= 0xFFFF ? "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                : "\\U" + String(repeating: "0", count: 8 - hex.count) + hex
        }
    }

    /// True for scalars written as escapes in literals and comments: controls (C0, DEL, C1),
    /// format characters (bidi controls among them), line and paragraph separators (line
    /// breaks to JavaScript and some editors), surrogates, private use and unassigned code points.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned: return true
        default: return scalar.properties.isNoncharacterCodePoint || scalar.properties.isBidiControl
        }
    }

    /// `text` made safe for the rest of a one-line comment: every character a literal escapes
    /// (line breaks included) is written as `\u{…}`, so the comment ends where the line does.
    package static func commentText(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || needsEscape(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The start of a one-line comment.
    package var commentPrefix: String { self == .python ? "#" : "//" }

    /// A valid identifier made of `words`: ASCII letters and digits kept, every other run of
    /// characters one underscore (the caller makes it unique, e.g. with a number).
    package static func identifier(_ words: String) -> String {
        var result = ""
        var pendingUnderscore = false
        for scalar in words.unicodeScalars {
            if scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) {
                if pendingUnderscore && !result.isEmpty { result += "_" }
                pendingUnderscore = false
                result.unicodeScalars.append(scalar)
            } else {
                pendingUnderscore = true
            }
        }
        return String(result.prefix(60))
    }

    /// `value` as a floating-point literal: at most six decimals, trailing zeros trimmed, and
    /// the language's marks (Kotlin's `f` for a Float, a `.0` where Dart or Python would read an integer).
    package func number(_ value: Double, decimals: Int = 6) -> String {
        var text = DecimalFormat.string(value, decimals: decimals)
        if !text.contains(".") { text += ".0" }
        return self == .kotlin ? text + "f" : text
    }
}
