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

    /// `text` as a whole number that fits the kernel's 32-bit event values and axis limits.
    static func int32(_ text: Substring, what: String, file: String, line: Int) throws(TraceError) -> Int32 {
        let value = try integer(text, what: what, file: file, line: line)
        guard let narrow = Int32(exactly: value) else {
            throw TraceError(file: file, line: line, problem: "\(what) \(value) is out of range for a 32-bit value")
        }
        return narrow
    }
}
