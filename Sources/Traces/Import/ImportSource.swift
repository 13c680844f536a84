import Foundation
import Interaction

/// Input files for importers: read whole (they are small: a 30 s recording is a few MB), and
/// split into numbered lines.
enum ImportSource {
    /// The largest input file read, in bytes.
    static let sizeLimit = 256 << 20

    /// The bytes of the file at `path`, or an error naming it and the system's reason.
    static func bytes(atPath path: String) throws(TraceError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw TraceError(file: path, problem: "cannot open: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw TraceError(file: path, problem: "cannot read: \(String(cString: strerror(errno)))") }
        if (status.st_mode & S_IFMT) == S_IFDIR { throw TraceError(file: path, problem: "cannot open: is a directory") }
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

    /// The text's lines with their 1-based numbers, without line ends (`\n` or `\r\n`) and
    /// without a leading UTF-8 byte order mark. Invalid UTF-8 becomes U+FFFD.
    static func lines(_ bytes: [UInt8]) -> [(number: Int, text: String)] {
        var start = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        var result: [(number: Int, text: String)] = []
        var number = 1
        var index = start
        while index <= bytes.count {
            var end = index
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            var textEnd = end
            if textEnd > index, bytes[textEnd - 1] == UInt8(ascii: "\r") { textEnd -= 1 }
            if end < bytes.count || textEnd > index {
                result.append((number, String(decoding: bytes[index..<textEnd], as: UTF8.self)))
            }
            number += 1
            index = end + 1
        }
        return result
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
