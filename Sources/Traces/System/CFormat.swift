import Glibc

/// Text made by C's `printf` formats, for the few places that want exactly its output (zero-padded
/// frame numbers, chart labels): Foundation's `String(format:)` without Foundation.
public enum CFormat {
    /// `format` filled with `arguments` as `snprintf` does (numbers only; at most 255 bytes).
    public static func string(_ format: String, _ arguments: CVarArg...) -> String {
        withVaList(arguments) { list in
            var buffer = [CChar](repeating: 0, count: 256)
            _ = vsnprintf(&buffer, buffer.count, format, list)
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }
}
