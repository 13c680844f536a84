import Foundation
import Interaction
import Traces

/// A file the program writes. Without `force` it is created exclusively (`O_CREAT|O_EXCL|
/// O_NOFOLLOW`), so an existing file is never replaced and a planted symbolic link never
/// followed. With `force` the content goes to a temporary file beside it, renamed over the
/// path when complete: the replacement is atomic, and a symbolic link at the path is replaced
/// itself, never written through.
///
/// Every command that writes a file goes through ``write(_:force:_:)``.
package final class OutputFile {
    /// The path the user named.
    package let path: String
    /// The open file the content goes to.
    package let descriptor: Int32
    /// The temporary file renamed over `path` at the end, when forcing.
    private let temporaryPath: String?
    private var isClosed = false
    /// Text collected by ``write(_:)`` before it goes to the file.
    private var pending: [UInt8] = []
    private static let pendingLimit = 1 << 20

    private init(path: String, descriptor: Int32, temporaryPath: String?) {
        self.path = path
        self.descriptor = descriptor
        self.temporaryPath = temporaryPath
    }

    deinit {
        if !isClosed { close(descriptor) }
    }

    /// Creates `path` (and its folder), calls `body` with the open file, and completes it;
    /// if `body` throws, nothing is left at `path` and the error is passed on.
    package static func write<Result>(_ path: String, force: Bool, _ body: (OutputFile) throws -> Result) throws -> Result {
        try createParentFolder(of: path)
        let file = try create(path, force: force)
        do {
            let result = try body(file)
            try file.complete()
            return result
        } catch {
            file.discard()
            throw error
        }
    }

    /// Writes `bytes` as the whole content of `path`.
    package static func write(_ bytes: some Collection<UInt8>, to path: String, force: Bool) throws {
        try write(path, force: force) { file in try file.append(Array(bytes)) }
    }

    /// Opens `path` (and makes its folder) to append to, for a log written as things happen,
    /// creating the file if it is missing. A symbolic link there is refused, never followed,
    /// and so is anything but a regular file (a FIFO is refused without waiting for a reader).
    /// ``finish()`` closes it.
    package static func appending(_ path: String) throws -> OutputFile {
        try createParentFolder(of: path)
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let code = errno
            if code == ELOOP { throw InputError(description: "\(path): is a symbolic link; logs are not written through links") }
            if code == ENXIO { throw InputError(description: "\(path): is a FIFO (named pipe), not a regular file") }
            throw InputError(description: "\(path): cannot open for appending: \(String(cString: strerror(code)))")
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw InputError(description: "\(path): not a regular file; logs are appended to regular files only")
        }
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        return OutputFile(path: path, descriptor: descriptor, temporaryPath: nil)
    }

    /// Flushes, syncs and closes the file (see ``appending(_:)``).
    package func finish() throws {
        try complete()
    }

    /// Replaces the regular file at `path` (a symbolic link is resolved to the file it names)
    /// atomically with what `body` writes: a temporary file in the real file's folder, renamed
    /// over it. Returns the real file's path.
    @discardableResult
    package static func replaceInPlace(_ path: String, _ body: (OutputFile) throws -> Void) throws -> String {
        guard let resolved = realpath(path, nil) else {
            throw InputError(description: "\(path): cannot resolve: \(String(cString: strerror(errno)))")
        }
        let real = String(cString: resolved)
        free(resolved)
        var status = stat()
        guard stat(real, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            throw InputError(description: "\(path): not a regular file; cannot edit it in place")
        }
        let file = try create(real, force: true, mode: status.st_mode & 0o777)
        do {
            try body(file)
            try file.complete()
        } catch {
            file.discard()
            throw error
        }
        return real
    }

    /// Appends `text` through a buffer of ``pendingLimit`` bytes (for output written in many
    /// small pieces); the buffer is flushed when the file is completed.
    package func write(_ text: String) throws {
        pending.append(contentsOf: text.utf8)
        if pending.count >= Self.pendingLimit { try flush() }
    }

    /// Appends `bytes` to the file.
    package func append(_ bytes: [UInt8]) throws {
        try flush()
        try send(bytes)
    }

    private func flush() throws {
        guard !pending.isEmpty else { return }
        try send(pending)
        pending.removeAll(keepingCapacity: true)
    }

    private func send(_ bytes: [UInt8]) throws {
        if let code = DescriptorOutput.writeAll(bytes, to: descriptor) {
            throw InputError(description: "\(path): cannot write: \(String(cString: strerror(code)))")
        }
    }

    /// Appends `text` as UTF-8.
    package func append(_ text: String) throws {
        try append(Array(text.utf8))
    }

    /// Creates the folder that will hold `path`, if it is missing.
    package static func createParentFolder(of path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        guard !folder.isEmpty else { return }
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw InputError(description: "\(folder): cannot create the folder: \(error.localizedDescription)")
        }
    }

    private static func create(_ path: String, force: Bool, mode: mode_t = 0o644) throws -> OutputFile {
        if !force {
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
            guard descriptor >= 0 else { throw refusal(path, errno: errno) }
            return OutputFile(path: path, descriptor: descriptor, temporaryPath: nil)
        }
        var status = stat()
        if lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            throw InputError(description: "\(path): is a folder; give a file name")
        }
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        var template = Array(((folder.isEmpty ? "" : folder + "/") + ".\(name).XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw InputError(description: "\(path): cannot write: \(String(cString: strerror(errno)))")
        }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        fchmod(descriptor, mode)
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return OutputFile(path: path, descriptor: descriptor, temporaryPath: temporary)
    }

    /// Refuses, before any work is done, an output that ``write(_:force:_:)`` would refuse
    /// later: a folder, or (without `force`) anything already at `path`.
    package static func checkCanCreate(_ path: String, force: Bool) throws {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        if (status.st_mode & S_IFMT) == S_IFDIR || !force { throw refusal(path, errno: EEXIST) }
    }

    private static func refusal(_ path: String, errno code: Int32) -> InputError {
        switch code {
        case EEXIST:
            var status = stat()
            let kind = lstat(path, &status) == 0 ? status.st_mode & S_IFMT : 0
            if kind == S_IFDIR { return InputError(description: "\(path): is a folder; give a file name") }
            let isLink = kind == S_IFLNK
            return InputError(description: "\(path): \(isLink ? "is a symbolic link" : "already exists"); not replaced (give --force to replace it)")
        case ELOOP:
            return InputError(description: "\(path): is a symbolic link; not followed (give --force to replace it)")
        default:
            return InputError(description: "\(path): cannot create: \(String(cString: strerror(code)))")
        }
    }

    /// Syncs and closes the file, and renames the temporary file over the path when forcing.
    private func complete() throws {
        guard !isClosed else { return }
        try flush()
        isClosed = true
        let synced = fsync(descriptor) == 0 || errno == EINVAL
        let closed = close(descriptor) == 0
        guard synced, closed else {
            let reason = String(cString: strerror(errno))
            if let temporaryPath { unlink(temporaryPath) }
            throw InputError(description: "\(path): cannot write: \(reason)")
        }
        if let temporaryPath, rename(temporaryPath, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw InputError(description: "\(path): cannot replace: \(reason)")
        }
    }

    /// Closes and removes what was written.
    private func discard() {
        if !isClosed {
            isClosed = true
            close(descriptor)
        }
        unlink(temporaryPath ?? path)
    }
}

extension OptionSpec {
    /// `--force`: the one way to let a command replace an existing output file.
    package static let force = OptionSpec(name: "--force", valueName: nil,
                                  help: "Replace an existing output file (atomically; a symbolic link there is replaced, not followed).")
}

extension OutputFile {
    /// Writes `trace` as a new file at `path` (see ``write(_:force:_:)``).
    package static func write(_ trace: Trace, to path: String, force: Bool) throws {
        try write(path, force: force) { file in try file.writeTrace { try TraceWriter.write(trace, descriptor: $0, path: path) } }
    }

    /// Calls `body` with a duplicate of the descriptor for a ``TraceWriter`` to own, turning
    /// its write errors into input errors.
    package func writeTrace<Result>(_ body: (Int32) throws -> Result) throws -> Result {
        let copy = dup(descriptor)
        guard copy >= 0 else { throw InputError(description: "\(path): cannot write: \(String(cString: strerror(errno)))") }
        do { return try body(copy) } catch let error as TraceWriteError { throw InputError(description: error.description) }
    }
}
