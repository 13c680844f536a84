import Interaction

/// Whole numbers read from text fields of input files, with errors that name the field.
enum NumberField {
    /// `text` as a whole number (an optional sign, then digits in `radix`), or an error naming
    /// `what`, the file and the line.
    static func integer(_ text: Substring, radix: Int = 10, what: String, file: String, line: Int) throws(TraceError) -> Int64 {
        if let value = Int64(text, radix: radix) { return value }
        var digits = text
        if let sign = digits.first, sign == "-" || sign == "+" { digits = digits.dropFirst() }
        if !digits.isEmpty, digits.allSatisfy({ ($0.hexDigitValue ?? radix) < radix }) {
            throw TraceError(file: file, line: line, problem: "\(what) '\(text.prefix(40))' is too large")
        }
        let kind = radix == 16 ? "a hexadecimal number" : "a whole number"
        throw TraceError(file: file, line: line, problem: "\(what) '\(text.prefix(40))' is not \(kind)")
    }

    /// `text` as a plain decimal number (an optional `-`, digits, optionally a point and more
    /// digits), or nil: no hexadecimal, exponent, `inf`, `nan` or spaces, which `Double(_:)`
    /// would accept.
    static func plainDecimal(_ text: String) -> Double? {
        var bytes = Substring(text).utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        let whole = bytes.prefix(while: isDigit)
        guard !whole.isEmpty else { return nil }
        let rest = bytes.dropFirst(whole.count)
        if !rest.isEmpty {
            guard rest.first == UInt8(ascii: "."), rest.count > 1, rest.dropFirst().allSatisfy(isDigit) else { return nil }
        }
        return Double(text)
    }

    /// `text` as a whole number that fits the kernel's 32-bit event values and axis limits.
    static func int32(_ text: Substring, what: String, file: String, line: Int) throws(TraceError) -> Int32 {
        let value = try integer(text, what: what, file: file, line: line)
        guard let narrow = Int32(exactly: value) else {
            throw TraceError(file: file, line: line, problem: "\(what) \(value) is out of range for a 32-bit value")
        }
        return narrow
    }
}
