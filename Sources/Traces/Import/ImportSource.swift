import Foundation
import Interaction

/// Input files for importers: read whole (they are small: a 30 s recording is a few MB, and
/// at most ``sizeLimit``), and walked line by line without holding the lines.
enum ImportSource {
    /// The largest input file read, in bytes.
    static let sizeLimit = 256 << 20
    /// The longest line read, in bytes (without its line end); real recordings stay far below.
    static let lineLengthLimit = 64 << 10

    /// The bytes of the file at `path`, or an error naming it and the system's reason.
    static func bytes(atPath path: String) throws(TraceError) -> [UInt8] {
        let descriptor: Int32
        switch InputFile.openRegular(path) {
        case .success(let opened): descriptor = opened
        case .failure(let error): throw TraceError(file: path, problem: "cannot open: \(error.reason)")
        }
        defer { close(descriptor) }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return read(descriptor, base, buffer.count)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw TraceError(file: path, problem: "cannot read: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            result.append(contentsOf: chunk[0..<count])
            guard result.count <= sizeLimit else {
                throw TraceError(file: path, problem: "the file is larger than \(sizeLimit >> 20) MB; is it the right file?")
            }
        }
        return result
    }

    /// True when something exists at `path`.
    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// Calls `body` with each line and its 1-based number, without its line end (`\n` or
    /// `\r\n`) and without a leading UTF-8 byte order mark; blank lines are skipped without
    /// making a string. Only one line is held at a time. A line longer than
    /// ``lineLengthLimit``, a carriage return that does not end a line (CR-only line ends) or
    /// invalid UTF-8 is an error naming `file` and the line.
    static func forEachLine(_ bytes: [UInt8], file: String, _ body: (Int, String) throws(TraceError) -> Void) throws(TraceError) {
        var start = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        var number = 1
        var index = start
        while index < bytes.count {
            var end = index
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") {
                if bytes[end] == UInt8(ascii: "\r"), end + 1 < bytes.count, bytes[end + 1] != UInt8(ascii: "\n") {
                    throw TraceError(file: file, line: number, problem: "a carriage return (CR) that does not end the line: lines must end with LF or CR LF (convert CR-only line ends, e.g. with dos2unix -c mac)")
                }
                end += 1
                if end - index > lineLengthLimit {
                    throw TraceError(file: file, line: number, problem: "the line is longer than \(lineLengthLimit >> 10) KiB (the limit of a line)")
                }
            }
            var textEnd = end
            if textEnd > index, bytes[textEnd - 1] == UInt8(ascii: "\r") { textEnd -= 1 }
            if bytes[index..<textEnd].contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) {
                let isComment = bytes[index..<textEnd].first { $0 != UInt8(ascii: " ") } == UInt8(ascii: "#")
                guard let text = String(validating: bytes[index..<textEnd], as: UTF8.self)
                        ?? (isComment ? String(decoding: bytes[index..<textEnd], as: UTF8.self) : nil) else {
                    throw TraceError(file: file, line: number, problem: "the line is not valid UTF-8")
                }
                try body(number, text)
            }
            number += 1
            index = end + 1
        }
    }

    /// The last component of `path`, for messages and headers.
    static func fileName(_ path: String) -> String {
        (path as NSString).lastPathComponent
    }

    /// `text` without leading and trailing spaces and tabs.
    static func trimmed(_ text: Substring) -> Substring {
        var result = text
        while let first = result.first, first == " " || first == "\t" { result.removeFirst() }
        while let last = result.last, last == " " || last == "\t" { result.removeLast() }
        return result
    }

    /// True for the ASCII digits 0 to 9.
    static func isDigit(_ character: Character) -> Bool {
        ("0"..."9").contains(character)
    }
}
