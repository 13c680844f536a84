import FoundationEssentials
import Glibc

/// File paths as strings, split and joined as `NSString`'s path methods do, with runs of
/// slashes taken as one: without Foundation's library, which adds some 5 ms to every launch.
public enum PathName {
    /// The part after the last `/`, trailing slashes ignored: "/tmp/a.json" → "a.json",
    /// "/tmp/" → "tmp", "/" → "/", "" → "".
    public static func lastComponent(_ path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        if trimmed == "/" { return "/" }
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// `path` without its last component: "/tmp/a.json" → "/tmp", "/tmp" → "/",
    /// "a.json" → "", "/" → "/".
    public static func deletingLastComponent(_ path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        if trimmed == "/" { return "/" }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        let parent = withoutTrailingSlashes(String(trimmed[..<slash]))
        return parent.isEmpty ? "/" : parent
    }

    /// `component` joined to `path` with one slash between: "/tmp" + "a" → "/tmp/a",
    /// "/tmp/" + "a" → "/tmp/a", "" + "a" → "a".
    public static func appending(_ component: String, to path: String) -> String {
        guard !path.isEmpty else { return collapsingSlashes(component) }
        let base = withoutTrailingSlashes(path)
        let tail = collapsingSlashes(String(component.drop { $0 == "/" }))
        guard !tail.isEmpty else { return base }
        return base == "/" ? "/" + tail : base + "/" + tail
    }

    /// The last component's extension, after its last dot ("" when there is none, or the dot
    /// is the component's first or last character): "a/b.json" → "json", "a/.hidden" → "".
    public static func pathExtension(_ path: String) -> String {
        let last = lastComponent(path)
        guard let dot = extensionDot(last) else { return "" }
        return String(last[last.index(after: dot)...])
    }

    /// `path` without the last component's extension and its dot: "a/b.json" → "a/b".
    public static func deletingPathExtension(_ path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        let last = lastComponent(trimmed)
        guard let dot = extensionDot(last) else { return trimmed }
        return String(trimmed.dropLast(last.distance(from: dot, to: last.endIndex)))
    }

    /// Where the extension of the path component `name` starts: its last dot, unless that is
    /// its first character or its last (".hidden", "..", "name." have none).
    private static func extensionDot(_ name: String) -> String.Index? {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex, name.index(after: dot) != name.endIndex else { return nil }
        return dot
    }

    /// True when `path` names a folder (following symbolic links).
    public static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// The size in bytes of the file at `path` (following symbolic links), or nil when there
    /// is none to read.
    public static func fileSize(_ path: String) -> Int? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Int(status.st_size)
    }

    /// The files under `folder` and its subfolders, as paths relative to it, skipping what is
    /// hidden (a name starting with a dot) and subfolders that cannot be read, and not entering
    /// symbolic links to folders (as `FileManager`'s enumerator did); the system's reason
    /// (`strerror`) when `folder` itself cannot be read.
    package static func visibleFiles(under folder: String) -> Result<[String], InputFileError> {
        guard let top = entries(of: folder) else { return .failure(InputFileError(reason: String(cString: strerror(errno)))) }
        var files: [String] = []
        var pending = top.map { (relative: $0, absolute: appending($0, to: folder)) }
        while let entry = pending.popLast() {
            var status = stat()
            guard lstat(entry.absolute, &status) == 0 else { continue }
            if status.st_mode & S_IFMT == S_IFDIR {
                for name in entries(of: entry.absolute) ?? [] {
                    pending.append((appending(name, to: entry.relative), appending(name, to: entry.absolute)))
                }
            } else {
                files.append(entry.relative)
            }
        }
        return .success(files)
    }

    /// The names in the folder `path` that do not start with a dot, or nil when it cannot be
    /// read (with `errno` saying why).
    private static func entries(of path: String) -> [String]? {
        guard let folder = opendir(path) else { return nil }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names
    }

    /// Creates the folder `path` and any folders missing above it (`mkdir -p`, the mode left
    /// to the umask as `FileManager` leaves it); nil when it
    /// exists afterwards, else the system's reason (`strerror`) for the step that failed.
    public static func createFolders(_ path: String) -> String? {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + component
            if mkdir(prefix, 0o777) != 0 && errno != EEXIST { return String(cString: strerror(errno)) }
        }
        return isFolder(path) ? nil : String(cString: strerror(ENOTDIR))
    }

    private static func withoutTrailingSlashes(_ path: String) -> String {
        var result = Substring(collapsingSlashes(path))
        while result.count > 1, result.last == "/" { result = result.dropLast() }
        return String(result)
    }

    private static func collapsingSlashes(_ path: String) -> String {
        guard path.contains("//") else { return path }
        var result = ""
        for character in path where !(character == "/" && result.last == "/") { result.append(character) }
        return result
    }
}
