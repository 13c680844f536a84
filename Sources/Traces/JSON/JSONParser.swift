import Interaction

/// A JSON syntax problem, with the line it was found on.
struct JSONSyntaxError: Error {
    /// What went wrong.
    enum Kind: Equatable {
        /// The input ended inside a value.
        case unexpectedEnd
        /// Anything else.
        case invalid(String)
    }

    /// What went wrong.
    let kind: Kind
    /// 1-based line number.
    let line: Int

    var message: String {
        switch kind {
        case .unexpectedEnd: return "the file ends in the middle of a value"
        case .invalid(let text): return text
        }
    }
}

/// A pull parser over a ``ByteSource``: reads one value at a time, so a long array can be
/// walked element by element without holding it all.
///
/// Strict JSON (RFC 8259) with a nesting limit, line tracking for messages, and UTF-8
/// validation of strings.
final class JSONParser {
    /// The deepest nesting accepted; deeper input is rejected rather than recursed into.
    static let maximumDepth = TraceLimits.nestingDepth

    /// The one value a whole file holds (a policy file, a provenance): nothing but white space
    /// may follow it. A problem comes as its message and, when known, its line.
    static func document(_ bytes: [UInt8]) throws(DocumentProblem) -> JSONValue {
        let parser = JSONParser(source: ByteSource(bytes: bytes))
        do {
            let value = try parser.readValue()
            if let trailing = try parser.peekSignificant() {
                throw DocumentProblem(message: "unexpected \(describe(trailing)) after the \(value.members != nil ? "object" : "value")", line: parser.line)
            }
            return value
        } catch let error as JSONSyntaxError {
            throw DocumentProblem(message: error.message, line: error.line)
        } catch let error as DocumentProblem {
            throw error
        } catch {
            throw DocumentProblem(message: "cannot read: \(error)", line: nil)
        }
    }

    /// What ``document(_:)`` found wrong.
    struct DocumentProblem: Error {
        let message: String
        let line: Int?
    }

    /// The offset past which the value being read is too large, and what to call it then.
    private var valueEnd = Int.max
    private var valueLimit: JSONSizeLimit?

    private let source: ByteSource
    /// The 1-based line of the next unread byte.
    private(set) var line = 1
    private var scratch: [UInt8] = []

    init(source: ByteSource) {
        self.source = source
    }

    /// Bytes consumed so far.
    var offset: Int { source.offset }

    /// Skips whitespace and returns the next byte without consuming it (nil at the end).
    func peekSignificant() throws -> UInt8? {
        while let byte = try source.peek() {
            switch byte {
            case 0x20, 0x09, 0x0D: source.advance()
            case 0x0A:
                line += 1
                source.advance()
            default: return byte
            }
        }
        return nil
    }

    /// Calls `body` with the unread bytes up to the end of the line; it returns how many it
    /// consumed and a result, or nil to leave them (see ``ByteSource/withUnreadLine(_:)``).
    func withUnreadLine<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> (consumed: Int, result: Result)?) throws -> Result? {
        try source.withUnreadLine(body)
    }

    /// Calls `body` with the unread bytes already in memory, reading nothing; it returns how
    /// many it consumed, how many newlines those held (for the line count) and a result.
    @inline(__always)
    func withBufferedBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> (consumed: Int, newlines: Int, result: Result)) -> Result {
        let (newlines, result) = source.withBufferedBytes { bytes in
            let outcome = body(bytes)
            return (outcome.consumed, (outcome.newlines, outcome.result))
        }
        line += newlines
        return result
    }

    /// Consumes `byte`, which the caller has just peeked.
    func consume() {
        source.advance()
    }

    /// Reads one complete value; with `limit`, one larger than `limit.bytes` (counted from its
    /// first byte to its last, white space before it not included) is an error saying so
    /// before it takes more memory.
    func readValue(limit: JSONSizeLimit? = nil) throws -> JSONValue {
        if limit != nil { _ = try peekSignificant() }
        valueLimit = limit
        valueEnd = limit.map { source.offset + $0.bytes } ?? Int.max
        defer {
            valueLimit = nil
            valueEnd = Int.max
        }
        let value = try readValue(depth: 0)
        // Members are checked as they end; this counts the closing bracket too.
        try checkSize()
        return value
    }

    @inline(__always)
    private func checkSize() throws {
        guard source.offset > valueEnd, let valueLimit else { return }
        throw fail(valueLimit.message)
    }

    private func fail(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(kind: .invalid(message), line: line)
    }

    private func endOfInput() -> JSONSyntaxError {
        JSONSyntaxError(kind: .unexpectedEnd, line: line)
    }

    private func readValue(depth: Int) throws -> JSONValue {
        guard let byte = try peekSignificant() else { throw endOfInput() }
        switch byte {
        case UInt8(ascii: "{"):
            guard depth < Self.maximumDepth else { throw fail("JSON nested deeper than \(Self.maximumDepth) levels") }
            source.advance()
            return try readObject(depth: depth + 1)
        case UInt8(ascii: "["):
            guard depth < Self.maximumDepth else { throw fail("JSON nested deeper than \(Self.maximumDepth) levels") }
            source.advance()
            return try readArray(depth: depth + 1)
        case UInt8(ascii: "\""):
            source.advance()
            return .string(try readStringBody())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try readNumber())
        default:
            throw fail("unexpected \(Self.describe(byte)) where a JSON value should start")
        }
    }

    private func readObject(depth: Int) throws -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        guard let first = try peekSignificant() else { throw endOfInput() }
        if first == UInt8(ascii: "}") {
            source.advance()
            return .object(members)
        }
        while true {
            guard let quote = try peekSignificant() else { throw endOfInput() }
            guard quote == UInt8(ascii: "\"") else { throw fail("expected a quoted key in an object, found \(Self.describe(quote))") }
            source.advance()
            let key = try readStringBody()
            guard let colon = try peekSignificant() else { throw endOfInput() }
            guard colon == UInt8(ascii: ":") else { throw fail("expected ':' after key \"\(key)\", found \(Self.describe(colon))") }
            source.advance()
            let value = try readValue(depth: depth)
            members.append((key, value))
            try checkSize()
            guard let separator = try peekSignificant() else { throw endOfInput() }
            source.advance()
            if separator == UInt8(ascii: "}") { return .object(members) }
            guard separator == UInt8(ascii: ",") else { throw fail("expected ',' or '}' in an object, found \(Self.describe(separator))") }
        }
    }

    private func readArray(depth: Int) throws -> JSONValue {
        var elements: [JSONValue] = []
        guard let first = try peekSignificant() else { throw endOfInput() }
        if first == UInt8(ascii: "]") {
            source.advance()
            return .array(elements)
        }
        while true {
            elements.append(try readValue(depth: depth))
            try checkSize()
            guard let separator = try peekSignificant() else { throw endOfInput() }
            source.advance()
            if separator == UInt8(ascii: "]") { return .array(elements) }
            guard separator == UInt8(ascii: ",") else { throw fail("expected ',' or ']' in an array, found \(Self.describe(separator))") }
        }
    }

    private func expectLiteral(_ literal: StaticString) throws {
        let bytes = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for expected in bytes {
            guard let byte = try source.peek() else { throw endOfInput() }
            guard byte == expected else { throw fail("invalid literal: expected '\(literal)'") }
            source.advance()
        }
    }

    /// Reads a string after its opening quote, up to and including the closing quote.
    private func readStringBody() throws -> String {
        try readStringBytes()
        guard let text = String(validating: scratch, as: UTF8.self) else { throw fail("a string is not valid UTF-8") }
        return text
    }

    /// Reads a string after its opening quote into the scratch buffer, unescaped, and returns
    /// the buffer (valid until the next read).
    @discardableResult
    private func readStringBytes() throws -> [UInt8] {
        scratch.removeAll(keepingCapacity: true)
        while true {
            guard let byte = try source.peek() else { throw endOfInput() }
            source.advance()
            switch byte {
            case UInt8(ascii: "\""):
                return scratch
            case UInt8(ascii: "\\"):
                try readEscape()
            case 0x00..<0x20:
                throw fail(byte == 0x0A ? "a string runs past the end of its line" : "a control character (\(Self.describe(byte))) inside a string")
            default:
                scratch.append(byte)
            }
            if scratch.count > TraceLimits.stringBytes {
                throw fail("a string longer than \(TraceLimits.describe(bytes: TraceLimits.stringBytes)) (the limit of one string)")
            }
        }
    }

    private func readEscape() throws {
        guard let byte = try source.peek() else { throw endOfInput() }
        source.advance()
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(byte)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try readHexQuad()
            if (0xD800..<0xDC00).contains(scalar) {
                guard try source.peek() == UInt8(ascii: "\\") else { throw fail("an unpaired UTF-16 surrogate in a string") }
                source.advance()
                guard try source.peek() == UInt8(ascii: "u") else { throw fail("an unpaired UTF-16 surrogate in a string") }
                source.advance()
                let low = try readHexQuad()
                guard (0xDC00..<0xE000).contains(low) else { throw fail("an unpaired UTF-16 surrogate in a string") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw fail("an unpaired UTF-16 surrogate in a string")
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw fail("an invalid \\u escape") }
            scratch.append(contentsOf: Array(String(Character(unicode)).utf8))
        default:
            throw fail("an invalid escape '\\\(Self.describe(byte))' in a string")
        }
    }

    private func readHexQuad() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = try source.peek() else { throw endOfInput() }
            source.advance()
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw fail("an invalid \\u escape in a string")
            }
            value = value << 4 | digit
        }
        return value
    }

    /// Reads a number. Plain decimals with up to 15 significant digits are converted exactly
    /// by one division (Clinger's fast path); anything else goes through the C library.
    private func readNumber() throws -> Double {
        scratch.removeAll(keepingCapacity: true)
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var fractionDigits = 0
        var negative = false
        var seenPoint = false
        var seenExponent = false
        var digitsBeforePoint = 0
        var digitsAfterPoint = 0
        var leadingZero = false
        if try source.peek() == UInt8(ascii: "-") {
            negative = true
            scratch.append(UInt8(ascii: "-"))
            source.advance()
        }
        while let byte = try source.peek() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if seenExponent {
                    // digits of the exponent only go to the slow path
                } else if seenPoint {
                    digitsAfterPoint += 1
                } else {
                    if digitsBeforePoint == 1 && leadingZero { throw fail("a number has a leading zero") }
                    if digitsBeforePoint == 0 && byte == UInt8(ascii: "0") { leadingZero = true }
                    digitsBeforePoint += 1
                }
                if !seenExponent {
                    if mantissa != 0 || byte != UInt8(ascii: "0") { significantDigits += 1 }
                    if significantDigits <= 18 { mantissa = mantissa &* 10 &+ UInt64(byte - UInt8(ascii: "0")) }
                    if seenPoint { fractionDigits += 1 }
                }
            case UInt8(ascii: "."):
                guard !seenPoint, !seenExponent, digitsBeforePoint > 0 else { throw fail("a malformed number") }
                seenPoint = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                guard !seenExponent, digitsBeforePoint > 0, !seenPoint || digitsAfterPoint > 0 else { throw fail("a malformed number") }
                seenExponent = true
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                guard seenExponent, scratch.last == UInt8(ascii: "e") || scratch.last == UInt8(ascii: "E") else {
                    throw fail("a malformed number")
                }
            default:
                return try finishNumber(mantissa: mantissa, negative: negative, significantDigits: significantDigits,
                                        fractionDigits: fractionDigits, seenExponent: seenExponent,
                                        digitsBeforePoint: digitsBeforePoint, digitsAfterPoint: digitsAfterPoint, seenPoint: seenPoint)
            }
            scratch.append(byte)
            source.advance()
            if scratch.count > TraceLimits.numberCharacters {
                throw fail("a number written with more than \(TraceLimits.numberCharacters) characters")
            }
        }
        return try finishNumber(mantissa: mantissa, negative: negative, significantDigits: significantDigits,
                                fractionDigits: fractionDigits, seenExponent: seenExponent,
                                digitsBeforePoint: digitsBeforePoint, digitsAfterPoint: digitsAfterPoint, seenPoint: seenPoint,
                                atEnd: true)
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    private func finishNumber(mantissa: UInt64, negative: Bool, significantDigits: Int, fractionDigits: Int,
                              seenExponent: Bool, digitsBeforePoint: Int, digitsAfterPoint: Int, seenPoint: Bool,
                              atEnd: Bool = false) throws -> Double {
        guard digitsBeforePoint > 0, !seenPoint || digitsAfterPoint > 0 else {
            throw atEnd ? endOfInput() : fail("a malformed number")
        }
        if let last = scratch.last, last == UInt8(ascii: "e") || last == UInt8(ascii: "E") || last == UInt8(ascii: "+")
            || (last == UInt8(ascii: "-") && scratch.count > 1) {
            throw atEnd ? endOfInput() : fail("a malformed number")
        }
        if !seenExponent && significantDigits <= 15 && fractionDigits <= 22 {
            let value = Double(mantissa) / Self.powersOfTen[fractionDigits]
            return negative ? -value : value
        }
        guard let text = String(validating: scratch, as: UTF8.self), let value = Double(text) else {
            throw fail("a malformed number")
        }
        guard value.isFinite else { throw fail("a number too large to represent") }
        return value
    }

    /// A readable name for a byte in messages.
    static func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }
}
