import FoundationEssentials
import Glibc
import Interaction
import Plumbing

/// Input files for importers: read in chunks (at most ``sizeLimit`` in all) and walked line by
/// line, holding one line at a time; the YAML and XML readers take the bytes whole.
enum ImportSource {
    /// The largest input file read, in bytes.
    static let sizeLimit = 256 << 20
    /// The longest line read, in bytes (without its line end); real recordings stay far below.
    static let lineLengthLimit = 64 << 10

    /// Walks the lines of one input (a file or bytes), calling its argument with each line and
    /// its number: how the line-based importers read either.
    typealias LineWalk = ((Int, String) throws(TraceError) -> Void) throws(TraceError) -> Void

    /// The bytes of the file at `path`, or an error naming it and the system's reason.
    static func bytes(atPath path: String) throws(TraceError) -> [UInt8] {
        var result: [UInt8] = []
        try forEachChunk(atPath: path) { chunk throws(TraceError) in result.append(contentsOf: chunk) }
        return result
    }

    /// Calls `body` with the bytes of the file at `path`, 64 KiB at a time; an error names the
    /// file and the system's reason, or the size limit.
    static func forEachChunk(atPath path: String, _ body: (ArraySlice<UInt8>) throws(TraceError) -> Void) throws(TraceError) {
        let descriptor: Int32
        switch InputFile.openRegular(path) {
        case .success(let opened): descriptor = opened
        case .failure(let error): throw TraceError(file: path, problem: "cannot open: \(error.reason)")
        }
        defer { close(descriptor) }
        // Refused at open when the size is known (a sparse file of gigabytes is read no further);
        // the count below still holds for a file that grows while it is read.
        var status = stat()
        if fstat(descriptor, &status) == 0, Int(status.st_size) > sizeLimit {
            throw sizeError(path, size: Int(status.st_size))
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var total = 0
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
            total += count
            guard total <= sizeLimit else { throw sizeError(path, size: nil) }
            try body(chunk[0..<count])
        }
    }

    /// The error for a file past ``sizeLimit``: its size in MiB when known, the limit in MiB.
    static func sizeError(_ path: String, size: Int?) -> TraceError {
        let limit = "the limit of \(TraceLimits.describe(bytes: sizeLimit)) for a file to import"
        let problem = size.map { "the file is \(DecimalFormat.fixedString(Double($0) / Double(1 << 20), decimals: 1)) MiB, more than \(limit); is it the right file?" }
            ?? "the file is larger than \(limit); is it the right file?"
        return TraceError(file: path, problem: problem)
    }

    /// Calls `body` with each line of the file at `path` and its 1-based number (see
    /// ``forEachLine(_:file:_:)``), reading it in chunks: only one line is held at a time.
    static func forEachLine(atPath path: String, _ body: (Int, String) throws(TraceError) -> Void) throws(TraceError) {
        var splitter = ImportLineSplitter(file: path)
        try forEachChunk(atPath: path) { chunk throws(TraceError) in try splitter.feed(chunk, body) }
        try splitter.finish(body)
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
        var splitter = ImportLineSplitter(file: file)
        try splitter.feed(bytes[...], body)
        try splitter.finish(body)
    }

    /// The last component of `path`, for messages and headers.
    static func fileName(_ path: String) -> String {
        PathName.lastComponent(path)
    }

    /// True for the ASCII digits 0 to 9.
    static func isDigit(_ character: Character) -> Bool {
        ("0"..."9").contains(character)
    }
}
