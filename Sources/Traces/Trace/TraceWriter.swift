import FoundationEssentials
import Glibc
import Interaction

/// Writes a trace to a new file as it goes: the header first, then each event on its own
/// line, straight to the operating system, so a program killed mid-gesture leaves a file
/// that loads with every event written so far.
///
/// It never overwrites: the file is created exclusively and creation fails if it exists.
public final class TraceWriter {
    /// The file being written.
    public let path: String
    private var descriptor: Int32
    private var closed = false
    /// The device and inode of the file at ``path`` this writer may remove on ``discard()``
    /// (the one it created), or nil.
    private var removable: FileIdentity?
    /// Bytes collected before they go to the file; 0 sends every event at once.
    private let bufferSize: Int
    private var pending: [UInt8] = []
    /// Events written so far.
    public private(set) var eventCount = 0

    /// Creates `path` (failing if it exists) and writes the header.
    /// - Parameter bufferSize: bytes to collect before writing; the default 0 writes every
    ///   event at once, which is what a crash-safe recorder needs. Bulk writers pass more.
    public init(path: String, header: TraceHeader, bufferSize: Int = 0) throws(TraceWriteError) {
        self.path = path
        self.bufferSize = bufferSize
        descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw TraceWriteError(path: path, errorNumber: errno) }
        var created = stat()
        if fstat(descriptor, &created) == 0 { removable = FileIdentity(created) }
        do {
            try write("[\n" + JSONWriter.compact(header.json))
        } catch {
            // The file was created here, exclusively, so it is ours: a disk too full for the
            // header must not leave an empty file behind.
            discard()
            throw error
        }
    }

    /// Writes to `descriptor`, already open for writing (a file the caller created, a pipe, or
    /// `/dev/full` in tests), and takes ownership of it; `path` names it in messages.
    /// - Parameters:
    ///   - bufferSize: as for ``init(path:header:bufferSize:)``.
    ///   - removesPathOnDiscard: the caller created the file now at `path` for this write, so
    ///     ``discard()`` removes it (if it is still that file).
    public init(descriptor: Int32, path: String, header: TraceHeader, bufferSize: Int = 0, removesPathOnDiscard: Bool = false) throws(TraceWriteError) {
        self.path = path
        self.bufferSize = bufferSize
        self.descriptor = descriptor
        var named = stat()
        if removesPathOnDiscard, lstat(path, &named) == 0 { removable = FileIdentity(named) }
        try write("[\n" + JSONWriter.compact(header.json))
    }

    deinit {
        if !closed { Glibc.close(descriptor) }
    }

    /// Appends one event, with the samples a browser predicted after it (written apart from it).
    public func append(_ event: PointerEvent, predicted: [PredictedSample] = []) throws(TraceWriteError) {
        pending.append(contentsOf: ",\n".utf8)
        PointerEventCoding.appendLine(event, predicted: predicted, to: &pending)
        eventCount += 1
        if pending.count > bufferSize { try flush() }
    }

    /// Writes the closing bracket and closes the file (after syncing it to disk).
    public func finish() throws(TraceWriteError) {
        guard !closed else { return }
        try write("\n]\n")
        try flush()
        // A disk that fills as the data reaches it says so here; pipes and terminals cannot sync.
        if fsync(descriptor) != 0, errno != EINVAL, errno != EROFS, errno != ENOTSUP {
            throw TraceWriteError(path: path, errorNumber: errno)
        }
        Glibc.close(descriptor)
        closed = true
    }

    /// Gives up on a file that could not be written whole: closes it and, if this writer
    /// created it and it is still the file at ``path``, removes it, so a failed write leaves
    /// nothing behind. Returns whether a file was removed.
    @discardableResult
    public func discard() -> Bool {
        guard !closed else { return false }
        closed = true
        pending.removeAll()
        Glibc.close(descriptor)
        var named = stat()
        guard let removable, lstat(path, &named) == 0, FileIdentity(named) == removable else { return false }
        return unlink(path) == 0
    }

    /// Why the file being written can no longer be found at ``path`` — it was removed, its
    /// folder removed, or another file put in its place — or nil while it is there. Writes to
    /// a removed file succeed but are lost, so a recorder asks this as it writes.
    public func whyDetached() -> String? {
        guard !closed else { return nil }
        var open = stat()
        guard fstat(descriptor, &open) == 0 else { return "cannot check \(path): \(String(cString: strerror(errno)))" }
        if open.st_nlink == 0 { return "\(path) was removed (or its folder was) while it was being written" }
        var named = stat()
        guard stat(path, &named) == 0 else { return "\(path) is no longer there (its folder was removed or moved)" }
        guard named.st_dev == open.st_dev, named.st_ino == open.st_ino else { return "\(path) was replaced by another file" }
        return nil
    }

    private func write(_ text: String) throws(TraceWriteError) {
        pending.append(contentsOf: text.utf8)
        if pending.count > bufferSize { try flush() }
    }

    /// Sends collected bytes to the file.
    public func flush() throws(TraceWriteError) {
        guard !pending.isEmpty else { return }
        let bytes = pending
        pending.removeAll(keepingCapacity: true)
        if let code = DescriptorOutput.writeAll(bytes, to: descriptor) {
            throw TraceWriteError(path: path, errorNumber: code)
        }
    }

    /// Writes a whole trace to a new file at `path`, failing if it exists.
    public static func write(_ trace: Trace, to path: String) throws(TraceWriteError) {
        let writer = try TraceWriter(path: path, header: trace.header, bufferSize: 1 << 16)
        for (index, event) in trace.events.enumerated() { try writer.append(event, predicted: trace.predictions[index] ?? []) }
        try writer.finish()
    }

    /// Writes a whole trace to `descriptor` (see ``init(descriptor:path:header:bufferSize:)``).
    public static func write(_ trace: Trace, descriptor: Int32, path: String) throws(TraceWriteError) {
        let writer = try TraceWriter(descriptor: descriptor, path: path, header: trace.header, bufferSize: 1 << 16)
        for (index, event) in trace.events.enumerated() { try writer.append(event, predicted: trace.predictions[index] ?? []) }
        try writer.finish()
    }
}

/// Which file a path names: its device and inode.
private struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64

    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}

/// A trace could not be written.
public struct TraceWriteError: Error, Hashable, CustomStringConvertible {
    /// The file.
    public let path: String
    /// The system's error number (`errno`).
    public let errorNumber: Int32

    /// An error about `path` from the system's error number `errorNumber`.
    public init(path: String, errorNumber: Int32) {
        self.path = path
        self.errorNumber = errorNumber
    }

    /// The system's reason, from ``errorNumber``.
    public var reason: String { String(cString: strerror(errorNumber)) }

    /// Whether the file system (or the user's quota) is full: waiting or freeing space helps,
    /// retrying another name does not.
    public var isOutOfSpace: Bool { errorNumber == ENOSPC || errorNumber == EDQUOT }

    /// Whether the file could not be created because one of that name exists.
    public var isNameTaken: Bool { errorNumber == EEXIST }

    /// `path: cannot write: reason`.
    public var description: String { "\(path): cannot write: \(reason)" }
}
