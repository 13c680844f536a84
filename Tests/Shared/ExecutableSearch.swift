import Foundation

/// Finds the tools a test runs (Node, kotlinc), so it runs them only where they are installed.
enum ExecutableSearch {
    /// `name` in the first folder of `PATH` that has it as an executable file, if any.
    static func onPath(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let url = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }
}
