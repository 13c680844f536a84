import Foundation

/// Creates an output file that must be new: `O_EXCL` refuses an existing file and, with it, a
/// symbolic link at the path (a link is never followed), so no output replaces anything.
enum OutputFile {
    /// Writes `text` to a new file at `path`, creating its folder; an input error when the path
    /// exists (file or link) or cannot be written.
    static func createNew(_ text: String, at path: String) throws {
        try OutputFiles.createParentFolder(of: path)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let reason = errno == EEXIST ? "already exists; choose another name" : String(cString: strerror(errno))
            throw InputError(description: "\(path): \(reason)")
        }
        defer { close(descriptor) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard written > 0 else { throw InputError(description: "\(path): cannot write: \(String(cString: strerror(errno)))") }
            bytes = bytes.dropFirst(written)
        }
    }
}
