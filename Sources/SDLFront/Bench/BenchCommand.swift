import Engine
import Foundation
import Interaction
import Lab
import Traces

/// `gesture-lab bench`: measures speed and memory side by side with references, and reports
/// medians with their spread. Nothing here is asserted in a test.
struct BenchCommand: Command {
    static let sections = ["replay", "loading", "velocity", "rendering", "latency", "recorder", "check", "startup"]

    let spec = CommandSpec(
        name: "bench",
        summary: "Measure replay, loading, velocity estimators, rendering, latency, recording, checking and start-up.",
        usage: "bench [--quick] [--json FILE] [--only SECTIONS]",
        options: [
            OptionSpec(name: "--quick", valueName: nil, help: "Smaller inputs and fewer runs (a smoke run; figures are noisier)."),
            OptionSpec(name: "--json", valueName: "FILE", help: "Also write every figure to FILE as JSON."),
            OptionSpec(name: "--only", valueName: "SECTIONS", help: "Comma-separated sections: \(BenchCommand.sections.joined(separator: ", "))."),
            .force,
        ],
        positionals: 0...0,
        details: "Example:\n  make bench    (gesture-lab bench --json out/bench.json, release build)")

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> ExitCode {
        let quick = arguments.flag("--quick")
        var chosen = Self.sections
        if let only = arguments.value("--only") {
            chosen = only.split(separator: ",").map(String.init)
            for name in chosen where !Self.sections.contains(name) {
                throw UsageError(message: "unknown section '\(name)' (expected: \(Self.sections.joined(separator: ", ")))", command: spec)
            }
        }
        // Refused before minutes of measuring, not after.
        if let path = arguments.value("--json") { try OutputFile.checkCanCreate(path, force: arguments.flag("--force")) }
        let workspace = (NSTemporaryDirectory() as NSString).appendingPathComponent("gesture-lab-bench-\(getpid())")
        try FileManager.default.createDirectory(atPath: workspace, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: workspace) }
        let bench = BenchContext(quick: quick, workspace: workspace)
        Console.out("gesture-lab bench\(quick ? " --quick" : "") on \(MachineDescription.current)")
        var figures: [BenchFigure] = []
        var loads: [(key: String, value: JSONValue)] = []
        for section in chosen {
            Console.out("\(section):")
            // A section that fails (a window that cannot open on a busy X server) is reported
            // as such; the figures of the others are still written.
            var sectionFigures: [BenchFigure]
            do {
                sectionFigures = try BenchSections.run(section, context: bench)
            } catch {
                var failed = BenchFigure(section: section, name: "\(section) section", unit: "", median: 0, low: 0, high: 0, runs: 0)
                failed.note = "failed: \(error)"
                sectionFigures = [failed]
            }
            for figure in sectionFigures { Console.out(figure.line) }
            let load = MachineDescription.loadAverage
            Console.out("  (load average \(load))")
            loads.append((section, .string(load)))
            figures += sectionFigures
        }
        if let path = arguments.value("--json") {
            let document: JSONValue = .object([("machine", .string(MachineDescription.current)), ("quick", .bool(quick)),
                                               ("command", .string("gesture-lab bench\(quick ? " --quick" : "")\(arguments.value("--only").map { " --only \($0)" } ?? "") --json \(path)")),
                                               ("date", .string(ISO8601DateFormatter().string(from: context.clock.now()))),
                                               ("load_average_after_section", .object(loads)),
                                               ("figures", .array(figures.map(\.json)))])
            try OutputFile.write(Array((JSONWriter.compact(document) + "\n").utf8), to: path, force: arguments.flag("--force"))
            Console.out("wrote \(path)")
        }
        return .success
    }
}

/// What every section gets: the size of the run and a scratch folder.
struct BenchContext {
    let quick: Bool
    let workspace: String

    /// `full` normally, `small` with --quick.
    func size(_ full: Int, quick small: Int) -> Int { quick ? small : full }

    /// Runs to time: more for a full run.
    var runs: Int { quick ? 3 : 7 }

    /// A synthesized trace of `events` events written once into the workspace.
    func syntheticTrace(events: Int, pointers: Int) throws -> String {
        let path = (workspace as NSString).appendingPathComponent("synthetic-\(events)-\(pointers).json")
        if FileManager.default.fileExists(atPath: path) { return path }
        let synthesizer = TraceSynthesizer(eventCount: events, pointerCount: pointers, seed: 7)
        let writer = try TraceWriter(path: path, header: synthesizer.header(), bufferSize: 1 << 20)
        try synthesizer.generate { try writer.append($0) }
        try writer.finish()
        return path
    }
}

/// The machine a benchmark ran on: cores, CPU model and how busy it was.
enum MachineDescription {
    static var current: String {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let model = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("model name") }?
            .split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces) ?? "unknown CPU"
        return "\(cores) cores, \(model), load average \(loadAverage)"
    }

    /// The 1, 5 and 15 minute load averages, as /proc/loadavg gives them: above the number of
    /// cores, other work was waiting for them and times are inflated.
    static var loadAverage: String {
        let fields = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3) ?? []
        return fields.count == 3 ? fields.joined(separator: " ") : "unknown"
    }
}
