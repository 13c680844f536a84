import Foundation
import Interaction
@testable import Lab

/// The full path of `name` on PATH, or nil.
func toolPath(_ name: String) -> String? {
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
        let path = "\(folder)/\(name)"
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
}

/// Runs `executable` with `arguments` in `folder`; its exit status and its standard output and
/// error together (the JVM's warnings about -Xverify left out).
func runTool(_ executable: String, _ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = folder
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let output = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        .filter { !$0.contains("-Xverify:none and -noverify were deprecated") }.joined(separator: "\n")
    return (process.terminationStatus, output)
}

/// A new empty folder under the system's temporary folder.
func temporaryFolder(_ prefix: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// The test `platform` writes for corpus traces (paths relative to the package root, which name them).
func exportedTest(_ platform: TestPlatform, _ traces: [String], policy: String? = nil) throws -> (text: String, traces: [ExportedTrace]) {
    let spec = try policy.map { try PolicySpec.parse($0) }
    let exporter = TestExporter(platform: platform, policy: spec)
    let exported = try traces.map { try exporter.export(path: packageRoot.appendingPathComponent($0).path, name: $0) }
    let header = TestFileHeader(platform: platform, command: ["export-test"] + traces + ["--for", platform.rawValue], policy: spec,
                                traces: exported, tolerance: .standard)
    return (TestWriters.text(header), exported)
}
