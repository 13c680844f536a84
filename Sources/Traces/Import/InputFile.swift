import FoundationEssentials
import Glibc
import Plumbing

/// Opens input files for reading, refusing anything that is not a regular file.
///
/// The file is opened with `O_NONBLOCK`, so a FIFO with no writer or a device cannot make the
/// program wait, then checked with `fstat` on the open descriptor (no race between the check
/// and the read); only then are reads made blocking again.
package enum InputFile {
    /// A descriptor open for reading on the regular file at `path`, or the reason it cannot
    /// be read ("No such file or directory", "is a FIFO (named pipe), not a regular file", …).
    package static func openRegular(_ path: String) -> Result<Int32, InputFileError> {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(InputFileError(reason: String(cString: strerror(errno)))) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            return .failure(InputFileError(reason: reason))
        }
        let type = status.st_mode & S_IFMT
        guard type == S_IFREG else {
            close(descriptor)
            return .failure(InputFileError(reason: describe(type)))
        }
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        return .success(descriptor)
    }

    /// The bytes of the regular file at `path`, at most `limit` of them: a larger file is
    /// refused after reading one byte past the limit, whatever its size.
    package static func read(_ path: String, limit: Int) -> Result<[UInt8], InputFileError> {
        let descriptor: Int32
        switch openRegular(path) {
        case .failure(let error): return .failure(error)
        case .success(let opened): descriptor = opened
        }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress.map { $0 + filled }, buffer.count - filled)
            }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return .failure(InputFileError(reason: String(cString: strerror(errno)))) }
            if count == 0 { break }
            filled += count
        }
        guard filled <= limit else { return .failure(InputFileError(reason: "is larger than the limit of \(limit) bytes")) }
        return .success(Array(bytes[..<filled]))
    }

    private static func describe(_ type: mode_t) -> String {
        let kind: String
        switch type {
        case S_IFDIR: kind = "a directory"
        case S_IFIFO: kind = "a FIFO (named pipe)"
        case S_IFCHR: kind = "a character device"
        case S_IFBLK: kind = "a block device"
        case S_IFSOCK: kind = "a socket"
        default: kind = "a special file"
        }
        return "is \(kind), not a regular file"
    }
}
