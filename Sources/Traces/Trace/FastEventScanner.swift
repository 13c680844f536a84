import Interaction

/// The fast path of trace loading: reads one event written the way ``TraceWriter`` writes it
/// (a flat object of numbers and plain strings on one line) straight from the bytes, with no
/// allocation. Anything else — escapes, exponents, nested values, unknown keys, malformed
/// text — makes it give up without consuming anything, and the general parser takes over, so
/// every message about bad input comes from one place.
enum FastEventScanner {
    /// The event fields and the bytes they took, or nil to leave it to the general parser.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> (consumed: Int, result: EventFields)? {
        var position = 0
        let count = bytes.count
        @inline(__always) func skipSpaces() {
            while position < count, bytes[position] == 0x20 || bytes[position] == 0x09 || bytes[position] == 0x0D { position += 1 }
        }
        skipSpaces()
        guard position < count, bytes[position] == UInt8(ascii: "{") else { return nil }
        position += 1
        var fields = EventFields()
        while true {
            skipSpaces()
            guard position < count, bytes[position] == UInt8(ascii: "\"") else { return nil }
            position += 1
            let keyStart = position
            while position < count, bytes[position] != UInt8(ascii: "\""), bytes[position] != UInt8(ascii: "\\") { position += 1 }
            guard position < count, bytes[position] == UInt8(ascii: "\"") else { return nil }
            let key = EventFields.Key(UnsafeBufferPointer(rebasing: bytes[keyStart..<position]))
            // Predictions (an array) and unknown keys are the general parser's.
            guard key != .unknown, key != .predicted else { return nil }
            position += 1
            skipSpaces()
            guard position < count, bytes[position] == UInt8(ascii: ":") else { return nil }
            position += 1
            skipSpaces()
            guard position < count else { return nil }
            if bytes[position] == UInt8(ascii: "\"") {
                position += 1
                let valueStart = position
                // Plain ASCII only: anything else (which the names never hold) goes to the general
                // parser, so invalid UTF-8 gets its one message however the file is read.
                while position < count, bytes[position] != UInt8(ascii: "\""), bytes[position] != UInt8(ascii: "\\"),
                      bytes[position] >= 0x20, bytes[position] < 0x80 {
                    position += 1
                }
                guard position < count, bytes[position] == UInt8(ascii: "\"") else { return nil }
                let value = UnsafeBufferPointer(rebasing: bytes[valueStart..<position])
                switch key {
                case .kind: fields.set(key, EventFields.Field(kindBytes: value))
                case .phase: fields.set(key, EventFields.Field(phaseBytes: value))
                default: return nil
                }
                position += 1
            } else {
                guard let number = scanNumber(bytes, &position) else { return nil }
                fields.set(key, .number(number))
            }
            skipSpaces()
            guard position < count else { return nil }
            let separator = bytes[position]
            position += 1
            if separator == UInt8(ascii: "}") { return (position, fields) }
            guard separator == UInt8(ascii: ",") else { return nil }
        }
    }

    private static let powersOfTen: [Double] = (0...15).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// A plain decimal `-?digits(.digits)?` of at most 15 significant digits, converted exactly
    /// (one correctly rounded division); nil for anything else.
    @inline(__always)
    private static func scanNumber(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int) -> Double? {
        let count = bytes.count
        var negative = false
        if position < count, bytes[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        let integerStart = position
        while position < count, bytes[position] &- UInt8(ascii: "0") < 10 {
            mantissa = mantissa &* 10 &+ UInt64(bytes[position] &- UInt8(ascii: "0"))
            digits += 1
            position += 1
        }
        let integerDigits = position - integerStart
        guard integerDigits > 0, !(integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0")) else { return nil }
        var fractionDigits = 0
        if position < count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            while position < count, bytes[position] &- UInt8(ascii: "0") < 10 {
                mantissa = mantissa &* 10 &+ UInt64(bytes[position] &- UInt8(ascii: "0"))
                digits += 1
                fractionDigits += 1
                position += 1
            }
            guard fractionDigits > 0 else { return nil }
        }
        if position < count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") { return nil }
        guard digits <= 15 else { return nil }
        let value = Double(mantissa) / powersOfTen[fractionDigits]
        return negative ? -value : value
    }
}
