import Interaction

/// Reads the YAML that `libinput record` writes: block mappings and sequences by indentation
/// (including a sequence at its key's own indentation), plain and quoted scalars, flow
/// sequences of scalars that may run over several lines, one-line flow mappings (kept
/// unread), and `#` comments. Anything else YAML allows (anchors, tags, block scalars,
/// several documents, tabs in indentation) is an error naming the line.
struct RecordYAMLReader {
    /// One line of the document without its comment, its indentation counted.
    struct Line {
        var indent: Int
        var text: Substring
        var number: Int
    }

    /// The deepest nesting of mappings and lists accepted.
    static let depthLimit = 32
    /// The most bytes one flow list (`[…]`, possibly over several lines) may take.
    static let flowLengthLimit = 1 << 20

    private var lines: [Line]
    private var index = 0
    private let file: String

    /// The document made of `lines` (from ``line(_:number:isFirst:file:)``), named `file` in
    /// errors: the whole document when it starts at the left margin, or one part of it (an
    /// entry of a list) where the first line is indented.
    static func read(lines: [Line], file: String) throws(TraceError) -> RecordYAML {
        var reader = RecordYAMLReader(lines: lines, file: file)
        guard let first = lines.first else { throw TraceError(file: file, problem: "the file is empty") }
        let root = try reader.node(indent: first.indent, depth: 1)
        if reader.index < reader.lines.count {
            let line = reader.lines[reader.index]
            throw TraceError(file: file, line: line.number, problem: "unexpected indentation: the line lines up with no open mapping or list")
        }
        return root
    }

    private init(lines: [Line], file: String) {
        self.lines = lines
        self.file = file
    }

    /// Line `number` of the text without its comment, or nil when nothing is left of it (a
    /// blank or comment line, or the `---` that starts the document, `isFirst` being true
    /// until a line has been kept).
    static func line(_ text: String, number: Int, isFirst: Bool, file: String) throws(TraceError) -> Line? {
        let raw = Substring(text)
        let content = raw.drop { $0 == " " }
        if content.first == "\t" {
            throw TraceError(file: file, line: number, problem: "a tab in the indentation (YAML indents with spaces)")
        }
        let stripped = Self.withoutComment(content).trimmingSpacesAndTabs()
        if stripped.isEmpty { return nil }
        let indent = raw.count - content.count
        if indent == 0 && stripped == "---" && isFirst { return nil }
        if indent == 0 && (stripped == "---" || stripped == "...") {
            throw TraceError(file: file, line: number, problem: "a second YAML document; a recording holds one")
        }
        return Line(indent: indent, text: stripped, number: number)
    }

    /// `text` up to a `#` that starts a comment (at the start, or after a space, outside quotes).
    private static func withoutComment(_ text: Substring) -> Substring {
        var quote: Character?
        var previous: Character = " "
        var escaped = false
        for position in text.indices {
            let character = text[position]
            if let open = quote {
                if escaped { escaped = false } else if open == "\"" && character == "\\" { escaped = true } else if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "#" && (previous == " " || previous == "\t") {
                return text[..<position]
            }
            previous = character
        }
        return text
    }

    static func isListItem(_ text: Substring) -> Bool {
        text == "-" || text.hasPrefix("- ")
    }

    /// The node whose first line is the current one, at `indent`.
    private mutating func node(indent: Int, depth: Int) throws(TraceError) -> RecordYAML {
        guard depth <= Self.depthLimit else {
            throw TraceError(file: file, line: lines[index].number, problem: "mappings and lists nested deeper than \(Self.depthLimit) levels")
        }
        return isCurrentListItem ? try list(indent: indent, depth: depth) : try map(indent: indent, depth: depth)
    }

    private var isCurrentListItem: Bool { index < lines.count && Self.isListItem(lines[index].text) }

    private mutating func list(indent: Int, depth: Int) throws(TraceError) -> RecordYAML {
        let start = lines[index].number
        var items: [RecordYAML] = []
        while index < lines.count, lines[index].indent == indent, Self.isListItem(lines[index].text) {
            let line = lines[index]
            let afterDash = line.text.dropFirst()
            let content = afterDash.drop { $0 == " " }
            if content.isEmpty {
                index += 1
                if index < lines.count, lines[index].indent > indent {
                    items.append(try node(indent: lines[index].indent, depth: depth + 1))
                } else {
                    items.append(.scalar("", line: line.number))
                }
            } else if content.first != "[" && content.first != "{" && content.first != "\"" && content.first != "'",
                      Self.keyAndValue(content) != nil {
                // `- key: value` opens a mapping whose keys line up with `key`.
                let column = indent + 1 + (afterDash.count - content.count)
                lines[index] = Line(indent: column, text: content, number: line.number)
                items.append(try map(indent: column, depth: depth + 1))
            } else {
                index += 1
                items.append(try inlineValue(content, line: line.number))
            }
            try expectNoDeeperLine(than: indent, after: line.number)
        }
        return .list(items, line: start)
    }

    private mutating func map(indent: Int, depth: Int) throws(TraceError) -> RecordYAML {
        let start = lines[index].number
        var entries: [RecordYAML.Entry] = []
        var keyLines: [String: Int] = [:]
        while index < lines.count, lines[index].indent == indent, !Self.isListItem(lines[index].text) {
            let line = lines[index]
            guard let (key, rest) = Self.keyAndValue(line.text) else {
                throw TraceError(file: file, line: line.number, problem: "expected 'key: value' or '- item', found '\(line.text.prefix(40))'")
            }
            if let first = keyLines[key] {
                throw TraceError(file: file, line: line.number, problem: "the key '\(key)' appears twice in one mapping (first on line \(first))")
            }
            keyLines[key] = line.number
            index += 1
            let value: RecordYAML
            if !rest.isEmpty {
                value = try inlineValue(rest, line: line.number)
            } else if index < lines.count, lines[index].indent > indent {
                value = try node(indent: lines[index].indent, depth: depth + 1)
            } else if index < lines.count, lines[index].indent == indent, isCurrentListItem {
                value = try list(indent: indent, depth: depth + 1)
            } else {
                value = .scalar("", line: line.number)
            }
            entries.append(RecordYAML.Entry(key: key, value: value))
            try expectNoDeeperLine(than: indent, after: line.number)
        }
        return .map(entries, line: start)
    }

    private func expectNoDeeperLine(than indent: Int, after number: Int) throws(TraceError) {
        guard index < lines.count, lines[index].indent > indent else { return }
        throw TraceError(file: file, line: lines[index].number, problem: "unexpected indentation after the value on line \(number)")
    }

    /// `key` and the text after `key:`, or nil when the text is not a mapping entry.
    private static func keyAndValue(_ text: Substring) -> (String, Substring)? {
        var quote: Character?
        for position in text.indices {
            let character = text[position]
            if let open = quote {
                if character == open { quote = nil }
                continue
            }
            if (character == "\"" || character == "'") && position == text.startIndex {
                quote = character
                continue
            }
            guard character == ":" else { continue }
            let after = text.index(after: position)
            guard after == text.endIndex || text[after] == " " else { continue }
            let keyText = text[..<position].trimmingSpacesAndTabs()
            guard !keyText.isEmpty else { return nil }
            let key = unquoted(keyText) ?? String(keyText)
            return (key, text[after...].trimmingSpacesAndTabs())
        }
        return nil
    }

    /// The text of a quoted scalar, or nil when `text` is not quoted as a whole.
    private static func unquoted(_ text: Substring) -> String? {
        guard let open = text.first, open == "\"" || open == "'", text.count >= 2, text.last == open else { return nil }
        let inner = text.dropFirst().dropLast()
        if open == "'" { return String(inner.replacing("''", with: "'")) }
        var result = ""
        var escaped = false
        for character in inner {
            if escaped {
                switch character {
                case "n": result.append("\n")
                case "t": result.append("\t")
                default: result.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return escaped ? nil : result
    }

    /// A value written after `key:` or `- `: a scalar, or a flow collection that may continue on later lines.
    private mutating func inlineValue(_ text: Substring, line: Int) throws(TraceError) -> RecordYAML {
        guard let first = text.first else { return .scalar("", line: line) }
        switch first {
        case "[", "{":
            let close: Character = first == "[" ? "]" : "}"
            var whole = String(text)
            var nesting = FlowNesting(open: first, close: close)
            nesting.scan(text)
            while !nesting.isClosed {
                guard index < lines.count else {
                    throw TraceError(file: file, line: line, problem: "'\(first)' opened here is never closed")
                }
                whole += " " + lines[index].text
                guard whole.utf8.count <= Self.flowLengthLimit else {
                    throw TraceError(file: file, line: line, problem: "the '\(first)' opened here runs over more than \(TraceLimits.describe(bytes: Self.flowLengthLimit)) (the limit of one flow list)")
                }
                nesting.scan(lines[index].text)
                index += 1
            }
            guard whole.last == close else {
                throw TraceError(file: file, line: line, problem: "unexpected text after the closing '\(close)'")
            }
            if first == "{" { return .unread(line: line) }
            return try flowList(whole.dropFirst().dropLast(), line: line)
        case "\"", "'":
            guard let value = Self.unquoted(text) else {
                throw TraceError(file: file, line: line, problem: "a quoted string that does not end on its line: \(text.prefix(40))")
            }
            return .scalar(value, line: line)
        case "|", ">", "&", "*", "!":
            throw TraceError(file: file, line: line, problem: "'\(first)' (block scalars, anchors, aliases and tags) is not part of libinput record's format")
        default:
            return .scalar(String(text), line: line)
        }
    }

    /// The brackets of a flow collection, followed line by line outside quotes. Scanning only
    /// each new line keeps a long collection linear: rescanning all of it at every line took
    /// time in the square of its length, which on a large unclosed '[' was a hang.
    private struct FlowNesting {
        let open: Character
        let close: Character
        private var depth = 0
        private var quote: Character?

        init(open: Character, close: Character) {
            self.open = open
            self.close = close
        }

        /// True when every `open` so far has its `close`.
        var isClosed: Bool { depth <= 0 }

        mutating func scan(_ text: Substring) {
            for character in text {
                if let current = quote {
                    if character == current { quote = nil }
                } else if character == "\"" || character == "'" {
                    quote = character
                } else if character == open {
                    depth += 1
                } else if character == close {
                    depth -= 1
                }
            }
        }
    }

    /// The items of a flow sequence (the text between its brackets): scalars only.
    private func flowList(_ inner: Substring, line: Int) throws(TraceError) -> RecordYAML {
        let trimmed = inner.trimmingSpacesAndTabs()
        if trimmed.isEmpty { return .list([], line: line) }
        var items: [RecordYAML] = []
        for part in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
            let item = part.trimmingSpacesAndTabs()
            guard !item.isEmpty else { throw TraceError(file: file, line: line, problem: "an empty item in '[…]'") }
            guard let first = item.first, first != "[", first != "{" else {
                throw TraceError(file: file, line: line, problem: "a collection inside '[…]' (libinput record writes only numbers and names there)")
            }
            items.append(.scalar(Self.unquoted(item) ?? String(item), line: line))
        }
        return .list(items, line: line)
    }
}
