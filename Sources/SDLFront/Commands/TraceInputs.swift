import Foundation
import Interaction

/// Finds the trace files named on a command line: files as given, folders searched
/// recursively for `.json` files, in a stable sorted order.
enum TraceInputs {
    /// The trace paths under `paths`, or an input error naming the path that does not exist.
    static func expand(_ paths: [String]) throws -> [String] {
        var result: [String] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw InputError(description: "\(path): no such file or folder")
            }
            if isDirectory.boolValue {
                guard let enumerator = manager.enumerator(atPath: path) else {
                    throw InputError(description: "\(path): cannot list the folder")
                }
                var found: [String] = []
                while let relative = enumerator.nextObject() as? String {
                    if relative.hasSuffix(".json") && !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
                        found.append((path as NSString).appendingPathComponent(relative))
                    }
                }
                result += found.sorted()
            } else {
                result.append(path)
            }
        }
        return result
    }
}
