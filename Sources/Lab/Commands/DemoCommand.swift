import FoundationEssentials
import Glibc
import Interaction
import Output
import Plumbing
import Traces

/// `gesture-lab demo`: replays the bundled demo recording headless and writes a contact
/// sheet of its frames. What `make run` does when there is no display.
struct DemoCommand: Command {
    /// Where the window opens and pictures are drawn.
    let platform: any Platform

    /// The bundled demo recording, relative to the project folder.
    static let defaultTrace = "recordings/demo.json"

    /// The bundled demo recording: in the working folder, or in the project folder the
    /// program was built in (found from the program's own path, `.build/…/gesture-lab`), so
    /// that `demo` works from any working folder.
    static func bundledTrace(workingFolder: String = FileManager.default.currentDirectoryPath,
                             executable: String = ChildProcess.currentExecutable) throws -> String {
        if FileManager.default.fileExists(atPath: PathName.appending(defaultTrace, to: workingFolder)) { return defaultTrace }
        var folder = PathName.deletingLastComponent(executable)
        for _ in 0..<6 where !folder.isEmpty && folder != "/" {
            // The project folder of a build, or the PREFIX of `make install` (PREFIX/bin beside
            // PREFIX/share/gesture-lab).
            for candidate in [PathName.appending(defaultTrace, to: folder),
                              PathName.appending("share/gesture-lab/" + defaultTrace, to: folder)]
            where FileManager.default.fileExists(atPath: candidate) {
                return candidate
            }
            folder = PathName.deletingLastComponent(folder)
        }
        throw InputError(description: "\(defaultTrace): not found in the working folder nor in the project folder of \(executable); give --trace FILE")
    }
    /// Where the contact sheet goes by default.
    static let defaultOutput = "out/demo-contact-sheet.png"

    /// `path`, or where it is taken (by a file, a folder or a link), the first free
    /// `STEM-N.EXT` (N from 2): a run without `--out` never replaces anything.
    static func firstFree(_ path: String) -> String {
        let stem = PathName.deletingPathExtension(path)
        let suffix = PathName.pathExtension(path)
        for number in 1...9999 {
            let candidate = number == 1 ? path : "\(stem)-\(number)" + (suffix.isEmpty ? "" : ".\(suffix)")
            var status = stat()
            if lstat(candidate, &status) != 0 { return candidate }
        }
        return path
    }

    /// Its options besides the configuration's.
    private enum Option {
        static let trace = OptionSpec.path("--trace", "FILE", help: "The trace to replay (default \(DemoCommand.defaultTrace)).")
        static let out = OptionSpec.path("--out", "FILE.png", help: "Where to write the contact sheet; it must not exist unless --force (default \(DemoCommand.defaultOutput), or the first free \(PathName.deletingPathExtension(DemoCommand.defaultOutput))-N.png).")
    }

    let spec = CommandSpec(
        name: "demo",
        summary: "Replay the bundled demo recording headless and write a PNG contact sheet of its frames.",
        arguments: "",
        options: [Option.trace, Option.out, .force] + ConfigurationOptions.specs,
        positionals: 0...0,
        details: "Example:\n  gesture-lab demo --out /tmp/sheet.png")

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> ExitCode {
        let path = try arguments.value(Option.trace) ?? Self.bundledTrace()
        let output = arguments.value(Option.out) ?? Self.firstFree(Self.defaultOutput)
        let trace = try TraceLoading.load(path)
        let resolved = try TraceLoading.configuration(of: trace.header, path: path, arguments: arguments, spec: spec)
        let records = HeadlessReplay.run(trace.events, configuration: resolved)
        let name = PathName.lastComponent(path)
        try platform.writeContactSheet(trace: trace, configuration: resolved, records: records,
                                 title: "\(name) · \(ControllerKind.title(resolved.configuration.controllers)) · \(resolved.policy.name) · \(resolved.transition.name)",
                                 to: output, force: arguments.flag(.force))
        Console.out("replayed \(path): \(trace.events.count) events, \(records.count) interactive transition\(records.count == 1 ? "" : "s")")
        for record in records {
            Console.out("outcome: \(record.outcome) (\(record.decision.rawValue): \(record.reason))")
        }
        Console.out("contact sheet: \(output)")
        return .success
    }
}
