/// Text from files made safe to print on a terminal: control characters are written as
/// escapes, so a trace's notes, a device's name or a file name cannot set the terminal's title
/// (OSC 0), write the clipboard (OSC 52), clear the screen or fake lines of output.
public enum TerminalText {
    /// `text` with every control character escaped: C0 controls and DEL as `\xHH`, C1
    /// controls, line and paragraph separators and bidirectional overrides as `\u{HHHH}`.
    /// With `keepingLineBreaks`, `\n` and `\t` stay as they are (for the program's own
    /// multi-line output); otherwise they are escaped too.
    public static func escaped(_ text: String, keepingLineBreaks: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepingLineBreaks: keepingLineBreaks) }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar, keepingLineBreaks: keepingLineBreaks) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            let hex = String(scalar.value, radix: 16, uppercase: true)
            if scalar.value < 0x80 {
                result += "\\x" + (hex.count < 2 ? "0" : "") + hex
            } else {
                result += "\\u{" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "}"
            }
        }
        return result
    }

    /// Bytes that should be UTF-8 text (a file name from the command line) shown with their
    /// valid characters as ``escaped(_:keepingLineBreaks:)`` shows them and every byte that is
    /// not part of a valid UTF-8 sequence as `\xHH`.
    public static func escaped(bytes: [UInt8]) -> String {
        var result = ""
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0
            if length > 0, index + length <= bytes.count,
               let character = String(validating: bytes[index..<(index + length)], as: UTF8.self) {
                result += escaped(character)
                index += length
            } else {
                let hex = String(lead, radix: 16, uppercase: true)
                result += "\\x" + (hex.count < 2 ? "0" : "") + hex
                index += 1
            }
        }
        return result
    }

    private static func needsEscape(_ scalar: Unicode.Scalar, keepingLineBreaks: Bool) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: return !keepingLineBreaks
        case 0x00...0x1F, 0x7F...0x9F: return true
        // Line and paragraph separators, and the bidirectional controls that reorder what follows.
        case 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
