import FoundationEssentials
import Glibc
import Interaction
import Plumbing
import Traces

/// The temporary files ``OutputFile`` writes beside their targets (`.NAME.XXXXXX`), and the
/// clean-up of those a killed program left: each is locked (`flock`) by its writer until it is
/// in place, so one nobody holds was abandoned. Creating and cleaning happen under a lock on
/// the folder, so a file just made is never taken for an abandoned one.
enum TemporaryFiles {
    /// The letters `mkstemp` adds to a name.
    static let randomSuffixLength = 6

    /// The start of the temporary files' names for the target `name`.
    static func prefix(for name: String) -> String { ".\(name)." }

    /// A new temporary file for the target `name` in `folder`, open for writing and locked;
    /// first removes (and says so on standard error) the abandoned temporary files of that
    /// target.
    static func create(folder: String, name: String) throws(TemporaryFileError) -> (descriptor: Int32, path: String) {
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 { _ = flock(folderDescriptor, LOCK_EX) }
        defer { if folderDescriptor >= 0 { close(folderDescriptor) } }
        for removed in removeAbandoned(folder: folder, prefix: prefix(for: name)) {
            Console.error("removed \(removed), left by an interrupted write of \(name)")
        }
        var template = Array(((folder == "." ? "" : folder + "/") + prefix(for: name) + String(repeating: "X", count: randomSuffixLength)).utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw TemporaryFileError(errorNumber: errno) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        _ = flock(descriptor, LOCK_EX)
        return (descriptor, template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
    }

    /// Removes the temporary files in `folder` named `prefix` and the random letters that no
    /// process holds locked; returns their paths. Symbolic links and anything but regular
    /// files are left alone.
    static func removeAbandoned(folder: String, prefix: String) -> [String] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var removed: [String] = []
        for entry in entries where entry.hasPrefix(prefix) && entry.utf8.count == prefix.utf8.count + randomSuffixLength {
            let path = PathName.appending(entry, to: folder)
            let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
                  flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { continue }
            if unlink(path) == 0 { removed.append(path) }
        }
        return removed
    }
}

/// A temporary file could not be created.
struct TemporaryFileError: Error {
    /// The system's error number.
    let errorNumber: Int32
}
