import Interaction

/// Reads the XML subset of data files such as the $1 gesture logs: an optional byte order mark
/// and `<?xml …?>` declaration, comments, and elements with attributes in single or double
/// quotes (with the five predefined entities and character references). Text other than
/// white space, CDATA, DOCTYPE, other processing instructions and elements nested deeper
/// than ``depthLimit`` are errors naming the line.
///
/// Chosen over FoundationXML's `XMLParser`: on Linux that reports errors as bare libxml2
/// numbers (`NSXMLParserErrorDomain error 76`), carries on after them, and returns success
/// for some malformed documents, which would hide bad input instead of naming it.
struct MarkupReader {
    /// The deepest nesting accepted.
    static let depthLimit = 32

    private let bytes: [UInt8]
    private let file: String
    private var index = 0
    private var line = 1

    /// The root element of the document in `bytes`, named `file` in errors.
    static func read(_ bytes: [UInt8], file: String) throws(TraceError) -> MarkupElement {
        var reader = MarkupReader(bytes: bytes, file: file)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        if reader.lookingAt("<?xml") { try reader.skip(past: "?>", what: "the XML declaration") }
        try reader.skipMiscellany()
        guard reader.index < bytes.count else { throw TraceError(file: file, problem: "the file holds no XML element") }
        let root = try reader.element(depth: 1)
        try reader.skipMiscellany()
        if reader.index < bytes.count {
            throw reader.error("unexpected \(reader.describeNext()) after the root element <\(root.name)>")
        }
        return root
    }

    private init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    // MARK: - Elements

    private mutating func element(depth: Int) throws(TraceError) -> MarkupElement {
        guard depth <= Self.depthLimit else { throw error("elements nested deeper than \(Self.depthLimit) levels") }
        let startLine = line
        guard next == UInt8(ascii: "<") else { throw error("expected an element, found \(describeNext())") }
        index += 1
        let name = try self.name(what: "an element name")
        var attributes: [MarkupElement.Attribute] = []
        // Names seen, so that a start tag with many attributes is checked in linear time.
        var attributeNames: Set<String> = []
        while true {
            let hadSpace = skipWhitespace()
            if lookingAt("/>") {
                index += 2
                return MarkupElement(name: name, attributes: attributes, children: [], line: startLine)
            }
            if next == UInt8(ascii: ">") {
                index += 1
                break
            }
            guard index < bytes.count else { throw error("the file ends inside the start tag <\(name)> (opened on line \(startLine))") }
            guard hadSpace else { throw error("expected a space, '>' or '/>' in <\(name)>, found \(describeNext())") }
            let attribute = try self.attribute(in: name)
            guard attributeNames.insert(attribute.name).inserted else {
                throw error("<\(name)> has the attribute \(attribute.name) twice")
            }
            attributes.append(attribute)
        }
        var children: [MarkupElement] = []
        while true {
            try skipContentMiscellany(in: name)
            guard index < bytes.count else { throw error("the file ends inside <\(name)> (opened on line \(startLine))") }
            if lookingAt("</") {
                index += 2
                let endName = try self.name(what: "an end tag name")
                skipWhitespace()
                guard next == UInt8(ascii: ">") else { throw error("expected '>' after </\(endName), found \(describeNext())") }
                index += 1
                guard endName == name else { throw error("the end tag </\(endName)> does not match <\(name)> (opened on line \(startLine))") }
                return MarkupElement(name: name, attributes: attributes, children: children, line: startLine)
            }
            children.append(try element(depth: depth + 1))
        }
    }

    private mutating func attribute(in element: String) throws(TraceError) -> MarkupElement.Attribute {
        let name = try self.name(what: "an attribute name")
        skipWhitespace()
        guard next == UInt8(ascii: "=") else { throw error("expected '=' after the attribute \(name) in <\(element)>, found \(describeNext())") }
        index += 1
        skipWhitespace()
        guard let quote = next, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw error("the value of \(name) in <\(element)> must be in quotes, found \(describeNext())")
        }
        index += 1
        var value: [UInt8] = []
        while true {
            guard let byte = next else { throw error("the file ends inside the value of \(name) in <\(element)>") }
            index += 1
            if byte == quote { break }
            if byte == UInt8(ascii: "<") { throw error("'<' inside the value of \(name) in <\(element)>") }
            if byte == UInt8(ascii: "\n") { line += 1 }
            if byte == UInt8(ascii: "&") {
                value += try entity()
            } else {
                value.append(byte)
            }
        }
        guard let text = String(validating: value, as: UTF8.self) else {
            throw error("the value of \(name) in <\(element)> is not valid UTF-8")
        }
        return MarkupElement.Attribute(name: name, value: text)
    }

    /// The bytes of the entity or character reference after `&`.
    private mutating func entity() throws(TraceError) -> [UInt8] {
        var reference: [UInt8] = []
        while let byte = next, byte != UInt8(ascii: ";"), reference.count < 12 {
            reference.append(byte)
            index += 1
        }
        let text = String(decoding: reference, as: UTF8.self)
        guard next == UInt8(ascii: ";") else { throw error("an '&' that starts no entity (write &amp; for '&')") }
        index += 1
        let named = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'"]
        if let replacement = named[text] { return Array(replacement.utf8) }
        var number: UInt32?
        if text.hasPrefix("#x") { number = UInt32(text.dropFirst(2), radix: 16) } else if text.hasPrefix("#") { number = UInt32(text.dropFirst()) }
        guard let number, let scalar = Unicode.Scalar(number), number != 0 else { throw error("unknown entity '&\(text);'") }
        return Array(String(Character(scalar)).utf8)
    }

    private mutating func name(what: String) throws(TraceError) -> String {
        let start = index
        while let byte = next, Self.isNameByte(byte, first: index == start) { index += 1 }
        guard index > start else { throw error("expected \(what), found \(describeNext())") }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"), UInt8(ascii: ":"): return true
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."): return !first
        default: return false
        }
    }

    // MARK: - Between elements

    /// Skips white space and comments outside the root element; rejects what the subset leaves out.
    private mutating func skipMiscellany() throws(TraceError) {
        while true {
            skipWhitespace()
            if lookingAt("<!--") {
                try skip(past: "-->", what: "a comment")
            } else if lookingAt("<!DOCTYPE") {
                throw error("a DOCTYPE is not supported (these files need none)")
            } else if lookingAt("<?") {
                throw error("a processing instruction other than the XML declaration at the start")
            } else {
                return
            }
        }
    }

    /// Skips white space and comments inside `element`; text is an error.
    private mutating func skipContentMiscellany(in element: String) throws(TraceError) {
        while true {
            try skipMiscellany()
            if lookingAt("<![CDATA[") { throw error("CDATA inside <\(element)> is not supported") }
            guard let byte = next, byte != UInt8(ascii: "<") else { return }
            let start = index
            while let text = next, text != UInt8(ascii: "<"), !Self.isWhitespace(text), index - start < 20 { index += 1 }
            let sample = String(decoding: bytes[start..<index], as: UTF8.self)
            throw error("unexpected text '\(sample)' inside <\(element)> (only elements belong there)")
        }
    }

    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        let start = index
        while let byte = next, Self.isWhitespace(byte) {
            if byte == UInt8(ascii: "\n") { line += 1 }
            index += 1
        }
        return index > start
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    private mutating func skip(past terminator: String, what: String) throws(TraceError) {
        let startLine = line
        let end = Array(terminator.utf8)
        while index < bytes.count {
            if bytes[index...].starts(with: end) {
                index += end.count
                return
            }
            if bytes[index] == UInt8(ascii: "\n") { line += 1 }
            index += 1
        }
        throw TraceError(file: file, line: startLine, problem: "\(what) that never ends (no '\(terminator)')")
    }

    // MARK: - Looking ahead

    private var next: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func lookingAt(_ text: String) -> Bool {
        bytes[min(index, bytes.count)...].starts(with: text.utf8)
    }

    private func describeNext() -> String {
        guard let byte = next else { return "the end of the file" }
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16))"
    }

    private func error(_ problem: String) -> TraceError {
        TraceError(file: file, line: line, problem: problem)
    }
}
