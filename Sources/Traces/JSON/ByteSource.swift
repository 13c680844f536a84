import Foundation
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

    /// Bytes held in memory.
    init(bytes: [UInt8]) {
        buffer = bytes
        fileDescriptor = nil
        chunkSize = 0
    }

    /// A file opened for reading; throws with the system's reason if it cannot be opened.
    init(path: String, chunkSize: Int = 1 << 16) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ByteSourceError(reason: String(cString: strerror(errno))) }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            close(descriptor)
            throw ByteSourceError(reason: "is a directory")
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
        var lineEnd = newline(from: index)
        while lineEnd == nil, fileDescriptor != nil, buffer.count - index < chunkSize {
            guard try readMore(keepingUnread: true) else { break }
            lineEnd = newline(from: index)
        }
        let end = lineEnd ?? buffer.count
        let outcome = buffer.withUnsafeBufferPointer { all in
            body(UnsafeBufferPointer(rebasing: all[index..<end]))
        }
        guard let outcome else { return nil }
        index += outcome.consumed
        return outcome.result
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
        guard let fileDescriptor else { return false }
        let kept = keepingUnread ? buffer.count - index : 0
        if kept > 0 { buffer.removeSubrange(0..<index) } else { buffer.removeAll(keepingCapacity: true) }
        consumedBefore += index
        index = 0
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
