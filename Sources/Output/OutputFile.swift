import FoundationEssentials
import Glibc
import Interaction
import Plumbing
import Traces

/// A file the program writes. The content goes to a temporary file beside it (`.NAME.XXXXXX`,
/// locked while it is written), put at the path only when complete, so a program killed
/// mid-write never leaves a partial file under the name the user gave. Without `force` it is
/// put there with `link`, which never replaces an existing file nor follows a planted symbolic
/// link; with `force` it is renamed over the path: the replacement is atomic, and a symbolic
/// link at the path is replaced itself, never written through. A temporary file that no
/// process holds (left by a kill) is removed by the next write to the same path.
///
/// Every command that writes a file goes through ``write(_:force:_:)``.
package final class OutputFile {
    /// The path the user named.
    package let path: String
    /// The open file the content goes to.
    package let descriptor: Int32
    /// The temporary file put at `path` at the end (nil for a log appended in place).
    private let temporaryPath: String?
    /// Whether the temporary file may replace what is at `path`.
    private let force: Bool
    private var isClosed = false
    /// Text collected by ``write(_:)`` before it goes to the file.
    private var pending: [UInt8] = []
    private static let pendingLimit = 1 << 20

    private init(path: String, descriptor: Int32, temporaryPath: String?, force: Bool) {
        self.path = path
        self.descriptor = descriptor
        self.temporaryPath = temporaryPath
        self.force = force
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
        return OutputFile(path: path, descriptor: descriptor, temporaryPath: nil, force: false)
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
        let folder = PathName.deletingLastComponent(path)
        guard !folder.isEmpty else { return }
        try createFolder(folder)
    }

    /// Creates `folder` and the folders missing above it; an input error naming the folder
    /// and the system's reason when it cannot.
    package static func createFolder(_ folder: String) throws {
        if let reason = PathName.createFolders(folder) {
            throw InputError(description: "\(folder): cannot create the folder: \(reason)")
        }
    }

    private static func create(_ path: String, force: Bool, mode: mode_t = 0o644) throws -> OutputFile {
        // Refused before any work, as the final `link` would refuse it after.
        try checkCanCreate(path, force: force)
        let folder = PathName.deletingLastComponent(path)
        let temporary: (descriptor: Int32, path: String)
        do {
            temporary = try TemporaryFiles.create(folder: folder.isEmpty ? "." : folder, name: PathName.lastComponent(path))
        } catch {
            throw InputError(description: "\(path): cannot write: \(String(cString: strerror(error.errorNumber)))")
        }
        fchmod(temporary.descriptor, mode)
        return OutputFile(path: path, descriptor: temporary.descriptor, temporaryPath: temporary.path, force: force)
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

    /// Syncs and closes the file, and puts the temporary file at the path: renamed over it
    /// when forcing, linked there (failing if anything is there) otherwise.
    private func complete() throws {
        guard !isClosed else { return }
        try flush()
        isClosed = true
        let synced = fsync(descriptor) == 0 || errno == EINVAL
        let syncError = errno
        guard let temporaryPath else {
            let closed = close(descriptor) == 0
            guard synced, closed else { throw InputError(description: "\(path): cannot write: \(String(cString: strerror(synced ? errno : syncError)))") }
            return
        }
        // Closed only once it is in place, so the lock says "being written" until then.
        defer { close(descriptor) }
        guard synced else {
            unlink(temporaryPath)
            throw InputError(description: "\(path): cannot write: \(String(cString: strerror(syncError)))")
        }
        if force {
            guard rename(temporaryPath, path) == 0 else {
                let reason = String(cString: strerror(errno))
                unlink(temporaryPath)
                throw InputError(description: "\(path): cannot replace: \(reason)")
            }
            return
        }
        guard link(temporaryPath, path) == 0 else {
            let code = errno
            unlink(temporaryPath)
            throw code == EEXIST ? Self.refusal(path, errno: code) : InputError(description: "\(path): cannot create: \(String(cString: strerror(code)))")
        }
        unlink(temporaryPath)
    }

    /// Closes and removes what was written.
    private func discard() {
        if let temporaryPath { unlink(temporaryPath) }
        if !isClosed {
            isClosed = true
            close(descriptor)
        }
    }
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
