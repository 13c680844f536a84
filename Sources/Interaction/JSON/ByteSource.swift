import Foundation

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
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw ByteSourceError(reason: String(cString: strerror(errno))) }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            close(descriptor)
            throw ByteSourceError(reason: "is a directory")
        }
        fileDescriptor = descriptor
        self.chunkSize = chunkSize
        buffer = []
        buffer.reserveCapacity(chunkSize)
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
        return try refill() ? buffer[index] : nil
    }

    /// Consumes one byte.
    @inline(__always)
    func advance() {
        index += 1
    }

    /// Reads the next chunk; false at the end of the input.
    private func refill() throws -> Bool {
        guard let fileDescriptor else { return false }
        consumedBefore += buffer.count
        index = 0
        buffer.removeAll(keepingCapacity: true)
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        let count = chunk.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, chunkSize) }
        guard count >= 0 else { throw ByteSourceError(reason: String(cString: strerror(errno))) }
        guard count > 0 else {
            close(fileDescriptor)
            self.fileDescriptor = nil
            return false
        }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }
}

/// The system could not read a file.
struct ByteSourceError: Error {
    /// The system's reason, e.g. "No such file or directory".
    let reason: String
}
