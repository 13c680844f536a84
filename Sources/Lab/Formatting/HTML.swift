import Interaction
import Plumbing

/// Text made safe inside HTML and SVG.
package enum HTML {
    /// `text` with `&`, `<`, `>`, `"` and `'` escaped and control characters shown as escapes.
    package static func escape(_ text: String) -> String {
        var result = ""
        for character in Escaped.text(text, limit: 10_000) {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
