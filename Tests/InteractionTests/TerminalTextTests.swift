import Interaction
import Plumbing
import Testing

@Suite("Escaping text from files")
struct TerminalTextTests {
    @Test func terminalControlSequencesAreEscaped() {
        #expect(TerminalText.escaped("a\u{1B}]0;PWNED\u{07}b") == "a\\x1B]0;PWNED\\x07b")
        #expect(TerminalText.escaped("\u{1B}]52;c;ZXZpbA==\u{07}") == "\\x1B]52;c;ZXZpbA==\\x07")
        #expect(TerminalText.escaped("\u{1B}[2J") == "\\x1B[2J")
        #expect(TerminalText.escaped("\u{9B}2J\u{7F}") == "\\u{009B}2J\\x7F")
        #expect(TerminalText.escaped("evil\u{202E}txt.json") == "evil\\u{202E}txt.json")
    }

    @Test func lineBreaksAreEscapedUnlessKept() {
        #expect(TerminalText.escaped("one\ntwo\tthree\r") == "one\\x0Atwo\\x09three\\x0D")
        #expect(TerminalText.escaped("one\ntwo\tthree\r", keepingLineBreaks: true) == "one\ntwo\tthree\\x0D")
    }

    @Test func plainTextIsUnchanged() {
        #expect(TerminalText.escaped("swipe · 0.85 → finished, naïve 日本") == "swipe · 0.85 → finished, naïve 日本")
        #expect(TerminalText.escaped("") == "")
    }
}
