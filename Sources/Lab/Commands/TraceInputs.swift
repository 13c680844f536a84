import FoundationEssentials
import Interaction
import Output
import Plumbing
import Traces

/// Finds the trace files named on a command line: files as given, folders searched
/// recursively for `.json` files, in a stable sorted order.
package enum TraceInputs {
    /// The trace paths under `paths`, or an input error naming the path that does not exist (a
    /// usage error for a folder that holds no traces).
    package static func expand(_ paths: [String]) throws -> [String] {
        var result: [String] = []
        let manager = FileManager.default
        for path in paths {
            guard manager.fileExists(atPath: path) else {
                throw InputError(description: "\(path): no such file or folder")
            }
            if PathName.isFolder(path) {
                let files: [String]
                switch PathName.visibleFiles(under: path) {
                case .success(let found): files = found
                case .failure(let error): throw InputError(description: "\(path): cannot list the folder: \(error.reason)")
                }
                let found = files.filter { $0.hasSuffix(".json") }.map { PathName.appending($0, to: path) }
                // A folder without traces is almost always a wrong path: say so rather than pass.
                guard !found.isEmpty else { throw UsageError(message: "\(path): the folder holds no .json traces", command: nil) }
                result += found.sorted()
            } else {
                result.append(path)
            }
        }
        return result
    }
}
