import Engine
import FoundationEssentials
import Glibc
import Interaction
import Output
import Plumbing
import Traces

/// `gesture-lab bench`: measures speed and memory side by side with references, and reports
/// medians with their spread. Nothing here is asserted in a test.
struct BenchCommand: Command {
    /// What measures the sections.
    let runner: any BenchRunner

    /// Its options.
    private enum Option {
        static let quick = OptionSpec.flag("--quick", help: "Smaller inputs and fewer runs (a smoke run; figures are noisier).")
        static let json = OptionSpec.path("--json", "FILE", help: "Also write every figure to FILE as JSON.")
        static let only = OptionSpec(name: "--only", valueName: "SECTIONS", help: "Comma-separated sections: \(BenchSection.allCases.map(\.rawValue).joined(separator: ", ")).")
        static let transitions = OptionSpec(name: "--transitions", valueName: "NAMES",
                                            help: "Comma-separated transitions the rendering and latency sections draw (default: all for rendering; crossfade and fold for latency).")
        static let sizes = OptionSpec(name: "--sizes", valueName: "WxH,...",
                                      help: "Comma-separated frame sizes in pixels the rendering section draws (default \(BenchContext.defaultRenderSizes.map(BenchContext.sizeName).joined(separator: ",")))).")
        static let bareSDL = OptionSpec.path("--bare-sdl", "PROGRAM",
                                             help: "The bare SDL2 window (scripts/bare-sdl-window.c) the start-up section compares with (default \(BenchSection.bareSDLProgram), built by scripts/run-bench.sh).")
    }

    let spec = CommandSpec(
        name: "bench",
        summary: "Measure replay, loading, velocity estimators, rendering, latency, recording, checking and start-up.",
        arguments: "",
        options: [Option.quick, Option.json, Option.only, Option.transitions, Option.sizes, Option.bareSDL, .force],
        positionals: 0...0,
        details: "Examples:\n  make bench    (gesture-lab bench --json out/bench.json, release build)\n"
            + "  gesture-lab bench --only rendering --transitions fold,cube --sizes 2560x1600\n"
            + "  gesture-lab bench --only latency --transitions crossfade\n"
            + "  gesture-lab bench --only startup --bare-sdl .build/bench-bare-sdl-window")

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> ExitCode {
        let quick = arguments.flag(Option.quick)
        var chosen = BenchSection.allCases
        if let only = arguments.value(Option.only) {
            chosen = try only.split(separator: ",").map { name in
                guard let section = BenchSection(rawValue: String(name)) else {
                    throw UsageError(message: "unknown section '\(name)' (expected: \(BenchSection.allCases.map(\.rawValue).joined(separator: ", ")))", command: spec)
                }
                return section
            }
        }
        var transitions: [any Transition]?
        if let names = arguments.value(Option.transitions) {
            transitions = try names.split(separator: ",").map { name in
                guard let transition = TransitionRegistry.named(String(name)) else {
                    throw UsageError(message: "unknown transition '\(TerminalText.escaped(String(name)))'\(NameSuggestion.hint(for: String(name), in: TransitionRegistry.names))", command: spec)
                }
                return transition
            }
        }
        let sizes = try arguments.value(Option.sizes).map { try frameSizes($0) } ?? BenchContext.defaultRenderSizes
        // Refused before minutes of measuring, not after.
        if let path = arguments.value(Option.json) { try OutputFile.checkCanCreate(path, force: arguments.flag(.force)) }
        let workspace = PathName.appending("gesture-lab-bench-\(getpid())", to: FileManager.default.temporaryDirectory.path)
        try OutputFile.createFolder(workspace)
        defer { try? FileManager.default.removeItem(atPath: workspace) }
        let bench = BenchContext(quick: quick, workspace: workspace, transitions: transitions, renderSizes: sizes,
                                 bareSDL: arguments.value(Option.bareSDL))
        // The machine as the bench starts (the load average then), which the JSON also records.
        let machine = MachineDescription.current
        Console.out("gesture-lab bench\(quick ? " --quick" : "") on \(machine)")
        var figures: [BenchFigure] = []
        var loads: [(key: String, value: JSONValue)] = []
        for section in chosen {
            Console.out("\(section.rawValue):")
            // A section that fails (a window that cannot open on a busy X server) is reported
            // as such; the figures of the others are still written.
            var sectionFigures: [BenchFigure]
            do {
                sectionFigures = try runner.run(section, context: bench)
            } catch {
                var failed = BenchFigure(section: section.rawValue, name: "\(section.rawValue) section", unit: "", median: 0, low: 0, high: 0, runs: 0)
                failed.note = "failed: \(error)"
                sectionFigures = [failed]
            }
            for figure in sectionFigures { Console.out(figure.line) }
            let load = MachineDescription.loadAverage
            Console.out("  (load average \(load))")
            loads.append((section.rawValue, .string(load)))
            figures += sectionFigures
        }
        if let path = arguments.value(Option.json) {
            let document: JSONValue = .object([("machine", .string(machine)), ("quick", .bool(quick)),
                                               ("command", .string("gesture-lab bench\(quick ? " --quick" : "")" + [Option.only, Option.transitions, Option.sizes].compactMap { option in arguments.value(option).map { " \(option.name) \($0)" } }.joined() + " --json \(path)")),
                                               ("date", .string(Date.ISO8601FormatStyle().format(context.clock.now()))),
                                               ("load_average_after_section", .object(loads)),
                                               ("figures", .array(figures.map(\.json)))])
            try OutputFile.write(Array((JSONWriter.compact(document) + "\n").utf8), to: path, force: arguments.flag(.force))
            Console.out("wrote \(path)")
        }
        return .success
    }

    /// The frame sizes `text` lists (`WIDTHxHEIGHT` separated by commas), each side 64…8192 pixels.
    private func frameSizes(_ text: String) throws -> [Size] {
        let sizes = text.split(separator: ",").map { part -> Size? in
            let sides = part.lowercased().split(separator: "x")
            guard sides.count == 2, let width = Int(sides[0]), let height = Int(sides[1]),
                  (64...8192).contains(width), (64...8192).contains(height) else { return nil }
            return Size(width: Double(width), height: Double(height))
        }
        guard !sizes.isEmpty, sizes.allSatisfy({ $0 != nil }) else {
            throw UsageError(message: "option '--sizes' needs WIDTHxHEIGHT separated by commas, each side in 64…8192, got '\(TerminalText.escaped(text))'", command: spec)
        }
        return sizes.compactMap { $0 }
    }
}
