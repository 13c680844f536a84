/// Splits the bytes of a text file, arriving in chunks of any size, into lines, holding only
/// the line being read: the rules of ``ImportSource/forEachLine(_:file:_:)`` in one place.
///
/// Lines end with LF or CR LF; a leading UTF-8 byte order mark is dropped; blank lines are
/// skipped without making a string. A line longer than ``ImportSource/lineLengthLimit``, a
/// carriage return that does not end a line, or invalid UTF-8 outside a comment is an error
/// naming the file and the line.
struct ImportLineSplitter {
    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    /// The file named in errors.
    let file: String
    /// The current line's bytes so far, without its line end.
    private var line: [UInt8] = []
    /// The current line's 1-based number.
    private var number = 1
    /// True until the first line has ended (the byte order mark can only start the file).
    private var onFirstLine = true

    init(file: String) {
        self.file = file
    }

    /// Reads `chunk`, calling `body` with every line it completes and that line's number.
    mutating func feed(_ chunk: ArraySlice<UInt8>, _ body: (Int, String) throws(TraceError) -> Void) throws(TraceError) {
        var index = chunk.startIndex
        while index < chunk.endIndex {
            // Runs of empty lines cost a count each, nothing more.
            while line.isEmpty, index < chunk.endIndex, chunk[index] == Self.lineFeed {
                number += 1
                onFirstLine = false
                index += 1
            }
            guard index < chunk.endIndex else { return }
            let newline = chunk[index...].firstIndex(of: Self.lineFeed)
            try append(chunk[index..<(newline ?? chunk.endIndex)])
            guard let newline else { return }
            try endLine(body)
            index = newline + 1
        }
    }

    /// Ends the input: the last line, when it has no line end, is handed to `body` too.
    mutating func finish(_ body: (Int, String) throws(TraceError) -> Void) throws(TraceError) {
        if !line.isEmpty { try endLine(body) }
    }

    private mutating func append(_ piece: ArraySlice<UInt8>) throws(TraceError) {
        guard !piece.isEmpty else { return }
        // A CR is only allowed right before the LF, which has not come yet: one before this
        // piece, or one inside it, is followed by something else.
        if line.last == Self.carriageReturn || piece.dropLast().contains(Self.carriageReturn) {
            throw TraceError(file: file, line: number, problem: "a carriage return (CR) that does not end the line: lines must end with LF or CR LF (convert CR-only line ends, e.g. with dos2unix -c mac)")
        }
        // A CR ending the piece may be the line end's, which the limit does not count (one that
        // is not is refused with the next piece).
        guard line.count + piece.count - (piece.last == Self.carriageReturn ? 1 : 0) <= ImportSource.lineLengthLimit else {
            throw TraceError(file: file, line: number, problem: "the line is longer than \(TraceLimits.describe(bytes: ImportSource.lineLengthLimit)) (the limit of a line)")
        }
        line.append(contentsOf: piece)
    }

    private mutating func endLine(_ body: (Int, String) throws(TraceError) -> Void) throws(TraceError) {
        defer {
            number += 1
            onFirstLine = false
            line.removeAll(keepingCapacity: true)
        }
        var text = line[...]
        if onFirstLine, text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
        if text.last == Self.carriageReturn { text = text.dropLast() }
        guard text.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) else { return }
        let isComment = text.first { $0 != UInt8(ascii: " ") } == UInt8(ascii: "#")
        guard let string = String(validating: text, as: UTF8.self) ?? (isComment ? String(decoding: text, as: UTF8.self) : nil) else {
            throw TraceError(file: file, line: number, problem: "the line is not valid UTF-8")
        }
        try body(number, string)
    }
}
