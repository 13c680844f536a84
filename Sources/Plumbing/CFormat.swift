import Glibc

/// Text made by C's `printf` formats, for the few places that want exactly its output (zero-padded
/// frame numbers, chart labels): Foundation's `String(format:)` without Foundation.
public enum CFormat {
    /// `format` filled with `arguments` as `snprintf` does (numbers only: each argument's
    /// size must be the one its conversion names, `%ld` for an `Int`, `%d` for an `Int32`).
    public static func string(_ format: String, _ arguments: CVarArg...) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        while true {
            let needed = withVaList(arguments) { list in vsnprintf(&buffer, buffer.count, format, list) }
            guard needed >= 0 else { return "" }
            if Int(needed) < buffer.count {
                return String(decoding: buffer.prefix(Int(needed)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            buffer = [CChar](repeating: 0, count: Int(needed) + 1)
        }
    }
}
