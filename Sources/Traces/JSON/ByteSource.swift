import FoundationEssentials
import Glibc
import Interaction

/// Bytes to parse: a whole buffer, or a file read in fixed-size chunks so that a trace of any
/// size is parsed in bounded memory.
final class ByteSource {
    private var buffer: [UInt8]
    private var index = 0
    private var fileDescriptor: Int32?
    private let chunkSize: Int
    /// Bytes consumed before the current buffer.
    private var consumedBefore = 0
    /// How far (an offset from the start of the input) the search for the next newline has
    /// looked without finding one, and the newline it found: kept so that a trace written on
    /// a single line is not searched again for every event (which made reading quadratic).
    private var newlineSearchedTo = 0
    private var knownNewline: Int?

    /// Bytes held in memory not yet handed out, when a file is imitated in chunks.
    private var unreadChunks: ArraySlice<UInt8>?

    /// Bytes held in memory.
    init(bytes: [UInt8]) {
        buffer = bytes
        fileDescriptor = nil
        chunkSize = 0
    }

    /// Bytes held in memory but handed out `chunkSize` at a time, exactly as a file's are read:
    /// for tests and fuzzing of the chunked path with tiny and odd chunk sizes.
    init(bytes: [UInt8], chunkSize: Int) {
        buffer = []
        fileDescriptor = nil
        self.chunkSize = max(1, chunkSize)
        unreadChunks = bytes[...]
    }

    /// True while more input may come beyond the buffer.
    private var hasMoreInput: Bool { fileDescriptor != nil || unreadChunks != nil }

    /// A regular file opened for reading; throws with the system's reason if it cannot be
    /// opened or is not a regular file (see ``InputFile/openRegular(_:)``).
    init(path: String, chunkSize: Int = 1 << 16) throws {
        let descriptor: Int32
        switch InputFile.openRegular(path) {
        case .success(let opened): descriptor = opened
        case .failure(let error): throw ByteSourceError(reason: error.reason)
        }
        fileDescriptor = descriptor
        self.chunkSize = chunkSize
        buffer = []
        buffer.reserveCapacity(chunkSize * 2)
    }

    deinit {
        if let fileDescriptor { close(fileDescriptor) }
    }

    /// Total bytes consumed so far.
    var offset: Int { consumedBefore + index }

    /// The next byte without consuming it; nil at the end.
    @inline(__always)
    func peek() throws -> UInt8? {
        if index < buffer.count { return buffer[index] }
        return try readMore(keepingUnread: false) ? buffer[index] : nil
    }

    /// Consumes one byte.
    @inline(__always)
    func advance() {
        index += 1
    }

    /// Calls `body` with the unread bytes up to the next newline (or the end of the input),
    /// first reading more so that the whole line is in memory when it fits in two chunks.
    /// `body` returns how many bytes it consumed and its result, or nil to consume nothing.
    func withUnreadLine<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> (consumed: Int, result: Result)?) throws -> Result? {
        var lineEnd = nextNewline()
        while lineEnd == nil, hasMoreInput, buffer.count - index < chunkSize {
            guard try readMore(keepingUnread: true) else { break }
            lineEnd = nextNewline()
        }
        let end = lineEnd ?? buffer.count
        let outcome = buffer.withUnsafeBufferPointer { all in
            body(UnsafeBufferPointer(rebasing: all[index..<end]))
        }
        guard let outcome else { return nil }
        index += outcome.consumed
        return outcome.result
    }

    /// Calls `body` with the unread bytes already in memory, reading nothing; it returns how
    /// many it consumed and a result.
    @inline(__always)
    func withBufferedBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> (consumed: Int, result: Result)) -> Result {
        let outcome = buffer.withUnsafeBufferPointer { all in
            body(UnsafeBufferPointer(rebasing: all[index...]))
        }
        index += outcome.consumed
        return outcome.result
    }

    /// The buffer index of the next newline at or after `index`, searching only bytes not
    /// searched before.
    private func nextNewline() -> Int? {
        if let knownNewline, knownNewline >= offset { return knownNewline - consumedBefore }
        let start = max(index, newlineSearchedTo - consumedBefore)
        let found = newline(from: start)
        knownNewline = found.map { $0 + consumedBefore }
        newlineSearchedTo = consumedBefore + (found ?? buffer.count)
        return found
    }

    private func newline(from start: Int) -> Int? {
        buffer.withUnsafeBufferPointer { all in
            var position = start
            while position < all.count {
                if all[position] == 0x0A { return position }
                position += 1
            }
            return nil
        }
    }

    /// Reads the next chunk of the file; with `keepingUnread` the unread bytes stay in front
    /// of it. False at the end of the input.
    private func readMore(keepingUnread: Bool) throws -> Bool {
        guard hasMoreInput else { return false }
        let kept = keepingUnread ? buffer.count - index : 0
        if kept > 0 { buffer.removeSubrange(0..<index) } else { buffer.removeAll(keepingCapacity: true) }
        consumedBefore += index
        index = 0
        if let unread = unreadChunks {
            let chunk = unread.prefix(chunkSize)
            buffer.append(contentsOf: chunk)
            unreadChunks = chunk.count < unread.count ? unread.dropFirst(chunk.count) : nil
            return index < buffer.count
        }
        guard let fileDescriptor else { return false }
        let start = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: chunkSize))
        let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress.map { $0 + start }, chunkSize) }
        guard count >= 0 else {
            buffer.removeSubrange(start...)
            throw ByteSourceError(reason: String(cString: strerror(errno)))
        }
        buffer.removeSubrange((start + count)...)
        if count == 0 {
            close(fileDescriptor)
            self.fileDescriptor = nil
            return index < buffer.count
        }
        return true
    }
}

/// The system could not read a file.
struct ByteSourceError: Error {
    /// The system's reason, e.g. "No such file or directory".
    let reason: String
}
