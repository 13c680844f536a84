import Engine
import FoundationEssentials
import Glibc
import Interaction
import Output
import Plumbing
import Traces

/// Loads a trace for a command, turning its problems into input errors.
package enum TraceLoading {
    /// The trace at `path`, warning on standard error when it was cut short.
    package static func load(_ path: String) throws -> Trace {
        let trace = try Trace.load(path: path)
        if trace.wasCutShort { warnCutShort(path, eventCount: trace.events.count) }
        return trace
    }

    /// Says on standard error that the trace at `path` was cut short and what was done with the
    /// events it holds (`using`, `replayed`, `exported`).
    package static func warnCutShort(_ path: String, eventCount: Int, verb: String = "using") {
        Console.error("\(path): the trace was cut short (no closing bracket); \(verb) the \(eventCount) events it holds")
    }

    /// The trace's configuration with the command line's overrides, resolved.
    package static func configuration(of header: TraceHeader, path: String, arguments: ParsedArguments, spec: CommandSpec) throws -> ResolvedConfiguration {
        // Names given on the command line are checked first, so a typo there is a usage error.
        _ = try ConfigurationOptions.resolve(ConfigurationOptions.apply(arguments, to: SessionConfiguration(), spec: spec), spec: spec)
        let configuration = try ConfigurationOptions.apply(arguments, to: header.configuration, spec: spec)
        do { return try configuration.resolve() } catch {
            throw InputError(description: "\(path): the trace's configuration: \(error.description)")
        }
    }

}

/// `gesture-lab trace info TRACE`.
package struct TraceInfoCommand: Command {
    /// The command.
    package init() {}

    package let spec = CommandSpec(name: "trace info", summary: "Print a trace's duration, counts, sampling rate, extent and speeds.",
                           usage: "trace info TRACE...", options: [], positionals: 1...Int.max, inputPathsFrom: 0,
                           details: "Example:\n  gesture-lab trace info recordings/demo.json")

    package func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> ExitCode {
        for path in try TraceInputs.expand(arguments.positionals) {
            // Streamed: the statistics keep two numbers per move, never the events.
            let reader = try TraceReader(path: path)
            let statistics = try TraceStatistics(next: reader.next)
            if reader.wasCutShort { TraceLoading.warnCutShort(path, eventCount: reader.eventCount) }
            let header = reader.header
            func number(_ value: Double?, _ decimals: Int, _ unit: String) -> String {
                value.map { DecimalFormat.fixedString($0, decimals: decimals) + unit } ?? "n/a"
            }
            Console.out(path)
            Console.out("  created      \(header.created.isEmpty ? "unknown" : Console.field(header.created)) by \(header.program.isEmpty ? "unknown" : Console.field(header.program))\(header.synthesized ? " (synthesized)" : "")")
            Console.out("  window       \(DecimalFormat.string(header.windowSize.width, decimals: 1))x\(DecimalFormat.string(header.windowSize.height, decimals: 1)) pt at \(DecimalFormat.string(header.pixelDensity, decimals: 2))x")
            Console.out("  devices      \(header.devices.map { "\($0.kind.rawValue) \"\(Console.field($0.name))\"" }.joined(separator: ", "))")
            Console.out("  duration     \(number(statistics.duration, 3, " s"))\(reader.wasCutShort ? " (cut short)" : "")")
            let phases = PointerPhase.allCases.map { "\(statistics.phaseCounts[$0] ?? 0) \($0.rawValue)" }.joined(separator: ", ")
            Console.out("  events       \(statistics.eventCount) (\(phases)) in \(statistics.frameCount) frames")
            Console.out("  pointers     \(statistics.contactCount) contacts, at most \(statistics.maximumSimultaneousPointers) at once")
            Console.out("  sampling     median \(number(statistics.medianMoveInterval.map { $0 * 1000 }, 2, " ms")) (\(number(statistics.medianSamplingRate, 1, " Hz"))), worst gap \(number(statistics.worstMoveInterval.map { $0 * 1000 }, 2, " ms"))")
            if let box = statistics.boundingBox {
                Console.out("  extent       x \(DecimalFormat.string(box.minX, decimals: 1))…\(DecimalFormat.string(box.maxX, decimals: 1)), y \(DecimalFormat.string(box.minY, decimals: 1))…\(DecimalFormat.string(box.maxY, decimals: 1)) pt")
            }
            Console.out("  speed        median \(number(statistics.medianSpeed, 0, " pt/s")), max \(number(statistics.maximumSpeed, 0, " pt/s"))")
            Console.out("  config       \(JSONWriter.compact(header.configuration.json))")
            if let expect = header.expect { Console.out("  expect       \(JSONWriter.compact(expect.json))") }
            if let notes = header.notes { Console.out("  notes        \(Console.field(notes))") }
            Console.out("  provenance   \(Self.provenanceLine(header))")
            for step in header.history { Console.out("  history      \(Console.field(step))") }
        }
        return .success
    }

    /// The provenance in one line: its kind and its short details (a robot's log is summed up).
    package static func provenanceLine(_ header: TraceHeader) -> String {
        guard let provenance = header.provenance else { return "\(header.provenanceLabel) (not stated in the header)" }
        let details = provenance.details.map { member -> String in
            if let items = member.value.array { return "\(member.key): \(items.count) entries" }
            return "\(member.key): " + (member.value.string ?? JSONWriter.compact(member.value))
        }
        return Console.field(([provenance.kind.rawValue] + details).joined(separator: "; "))
    }
}

/// `gesture-lab trace validate TRACE…`.
package struct TraceValidateCommand: Command {
    /// The command.
    package init() {}

    package let spec = CommandSpec(name: "trace validate", summary: "Check traces against the schema and the rules of contact, listing every problem.",
                           usage: "trace validate TRACE... [--strict]",
                           options: [OptionSpec(name: "--strict", valueName: nil, help: "Fail on warnings too (timing no hand or clock could make: samples of one pointer sharing one time (microseconds, as the file keeps them), steps faster than 20,000 pt/s, times finer than microseconds, a moving trace lasting 0 s).")],
                           positionals: 1...Int.max, inputPathsFrom: 0,
                           details: """
                           Exit 0 when every trace is valid, 1 when one is not (or, with --strict, has a warning), 3 when one cannot be read.
                           A warning says the trace's times cannot be true (its clock did not run, or stamped events too close together): its speeds cannot be trusted.
                           Example:
                             gesture-lab trace validate recordings/
                           """)

    package func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> ExitCode {
        var invalid = 0
        let strict = arguments.flag("--strict")
        var unreadable = 0
        for path in try TraceInputs.expand(arguments.positionals) {
            let problems = TraceValidator.validate(path: path, cutShortIsProblem: true)
            if problems.contains(where: \.fileIsUnreadable) { unreadable += 1 }
            if problems.isEmpty {
                let warnings = try TimingWarnings.scan(path: path)
                Console.out("\(warnings.isEmpty ? "valid   " : "WARNING ") \(path)")
                for warning in warnings { Console.out("  \(path): warning: \(warning)") }
                if strict && !warnings.isEmpty { invalid += 1 }
            } else {
                invalid += 1
                Console.out("INVALID  \(path)")
                for problem in problems { Console.out("  \(path): \(problem)") }
            }
        }
        return unreadable > 0 ? .badInput : invalid == 0 ? .success : .failure
    }
}

/// `gesture-lab trace schema`.
package struct TraceSchemaCommand: Command {
    /// The command.
    package init() {}

    package let spec = CommandSpec(name: "trace schema", summary: "Print the JSON Schema of the trace format.", usage: "trace schema",
                           options: [], positionals: 0...0)

    package func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> ExitCode {
        Console.out(TraceSchema.text)
        return .success
    }
}

/// `gesture-lab trace transform`.
package struct TraceTransformCommand: Command {
    /// The command.
    package init() {}

    package let spec = CommandSpec(
        name: "trace transform",
        summary: "Write a transformed copy of a trace (mirror, scale, shift, resample, jitter, quantise).",
        usage: "trace transform TRACE --out FILE [edits]",
        options: [
            OptionSpec(name: "--out", valueName: "FILE", help: "The new trace (must not exist)."),
            OptionSpec(name: "--mirror", valueName: "x|y", help: "Mirror horizontally (x) or vertically (y) in the window.", repeatable: true),
            OptionSpec(name: "--scale-space", valueName: "FACTOR", help: "Scale positions and the window size."),
            OptionSpec(name: "--scale-time", valueName: "FACTOR", help: "Scale times (2 = half speed)."),
            OptionSpec(name: "--shift-time", valueName: "SECONDS", help: "Add SECONDS to every time."),
            OptionSpec(name: "--resample", valueName: "HZ", help: "Resample moves at HZ by linear interpolation."),
            OptionSpec(name: "--jitter", valueName: "POINTS", help: "Add Gaussian noise of this standard deviation to move positions."),
            OptionSpec(name: "--time-jitter", valueName: "MS", help: "Add Gaussian noise of this standard deviation to times (order kept)."),
            OptionSpec(name: "--seed", valueName: "N", help: "Seed of the jitter (default 1)."),
            OptionSpec(name: "--quantize-ms", valueName: nil, help: "Round times to whole milliseconds, as SDL2 stamps events."),
            OptionSpec(name: "--crop", valueName: "FROM:TO", help: "Keep only the events from FROM to TO seconds (first), making every contact whole."),
            OptionSpec(name: "--kind", valueName: "KIND", help: "Relabel every event as mouse, touch or pen."),
            .force,
        ],
        positionals: 1...1,
        inputPathsFrom: 0,
        details: "Edits apply in this order: crop, relabel, mirror, scale space, scale time, shift time, resample, jitter, time jitter, quantise.\nExample:\n  gesture-lab trace transform recordings/demo.json --out /tmp/slow.json --scale-time 2 --quantize-ms")

    package func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> ExitCode {
        guard let output = arguments.value("--out") else { throw UsageError(message: "'trace transform' needs --out FILE", command: spec) }
        var transform = TraceTransform()
        for axis in arguments.allValues("--mirror") {
            switch axis {
            case "x": transform.mirrorHorizontally = true
            case "y": transform.mirrorVertically = true
            default: throw UsageError(message: "option '--mirror' takes x or y, got '\(axis)'", command: spec)
            }
        }
        transform.spaceScale = try arguments.double("--scale-space", in: 0.01...100, spec: spec)
        transform.timeScale = try arguments.double("--scale-time", in: 0.01...100, spec: spec)
        transform.timeShift = try arguments.double("--shift-time", in: -86_400...86_400, spec: spec)
        transform.resampleRate = try arguments.double("--resample", in: 1...10_000, spec: spec)
        transform.positionJitter = try arguments.double("--jitter", in: 0...1000, spec: spec)
        transform.timeJitter = try arguments.double("--time-jitter", in: 0...1000, spec: spec).map { $0 / 1000 }
        if let seed = try arguments.integer("--seed", in: 0...Int.max, spec: spec) { transform.seed = UInt64(seed) }
        transform.quantizeToMilliseconds = arguments.flag("--quantize-ms")
        if let crop = arguments.value("--crop") {
            let bounds = crop.split(separator: ":").compactMap { Double($0) }
            guard bounds.count == 2, bounds[0].isFinite, bounds[1].isFinite, bounds[0] >= 0, bounds[0] < bounds[1] else {
                throw UsageError(message: "option '--crop' needs FROM:TO in seconds with FROM < TO, got '\(crop)'", command: spec)
            }
            transform.timeWindow = bounds[0]...bounds[1]
        }
        if let kind = try arguments.choice("--kind", PointerKind.allCases.map(\.rawValue), spec: spec) { transform.kind = PointerKind(rawValue: kind) }
        let path = arguments.positionals[0]
        let written: Int
        if transform.streams {
            // One event at a time from the reader to the writer: any size in bounded memory.
            let reader = try TraceReader(path: path)
            written = try OutputFile.write(output, force: arguments.flag("--force")) { file in
                try file.writeTrace { descriptor in
                    let writer = try TraceWriter(descriptor: descriptor, path: output, header: transform.header(from: reader.header), bufferSize: 1 << 20)
                    try transform.apply(next: reader.next, size: reader.header.windowSize) { try writer.append($0) }
                    try writer.finish()
                    return writer.eventCount
                }
            }
            if reader.wasCutShort { TraceLoading.warnCutShort(path, eventCount: reader.eventCount, verb: "used") }
        } else {
            let result = transform.apply(to: try TraceLoading.load(path))
            try OutputFile.write(result, to: output, force: arguments.flag("--force"))
            written = result.events.count
        }
        Console.out("wrote \(output) (\(written) events; \(transform.descriptions.isEmpty ? "unchanged" : transform.descriptions.joined(separator: ", ")))")
        return .success
    }
}

/// `gesture-lab trace diff`.
package struct TraceDiffCommand: Command {
    /// The command.
    package init() {}

    package let spec = CommandSpec(
        name: "trace diff",
        summary: "Say where two traces first differ, or where one trace's replays differ under two configurations.",
        usage: "trace diff A B | trace diff TRACE --policy SPEC [--versus-policy SPEC] [configuration options]",
        options: [OptionSpec(name: "--versus-policy", valueName: "SPEC", help: "List the releases the replay under --policy decides differently from the replay under this one.")]
            + ConfigurationOptions.specs,
        positionals: 1...2,
        inputPathsFrom: 0,
        details: "Exit 0 when equal (with --versus-policy: when every release is decided the same), 1 when they differ.\nExamples:\n  gesture-lab trace diff a.json b.json\n  gesture-lab trace diff recordings/demo.json --policy flutter --versus-policy vctransitions")

    package func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> ExitCode {
        // Both ways stream the traces, so traces of any size are compared in bounded memory.
        let difference: String?
        if arguments.positionals.count == 2 {
            difference = try TraceDiff.firstDifference(TraceReader(path: arguments.positionals[0]), TraceReader(path: arguments.positionals[1]))
        } else {
            let path = arguments.positionals[0]
            let header = try TraceReader(path: path).header
            let first = try TraceLoading.configuration(of: header, path: path, arguments: arguments, spec: spec)
            var secondConfiguration = first.configuration
            let versus = try arguments.value("--versus-policy").map { text throws in
                try ConfigurationOptions.policy(text, rules: ConfigurationOptions.rules(arguments), option: "--versus-policy", spec: spec)
            }
            if let versus { secondConfiguration.policy = versus } else { secondConfiguration = header.configuration }
            let second = try ConfigurationOptions.resolve(secondConfiguration, spec: spec)
            let firstRecords = try HeadlessReplay.run(TraceReader(path: path), configuration: first)
            let secondRecords = try HeadlessReplay.run(TraceReader(path: path), configuration: second)
            if versus != nil {
                let lines = TraceDiff.decisionDifferences(firstRecords, secondRecords)
                Console.out("\(first.configuration.policy.canonical) vs \(second.configuration.policy.canonical): "
                    + "\(lines.count) of \(max(firstRecords.count, secondRecords.count)) releases decided differently")
                for line in lines { Console.out("  " + line) }
                return lines.isEmpty ? .success : .failure
            }
            difference = TraceDiff.firstDifference(firstRecords, secondRecords)
        }
        Console.out(difference ?? "no difference")
        return difference == nil ? .success : .failure
    }
}

/// `gesture-lab trace export`.
package struct TraceExportCommand: Command {
    /// The command.
    package init() {}

    package let spec = CommandSpec(
        name: "trace export",
        summary: "Export a trace's events as CSV, or its replay timeline as a Chrome Trace Event Format file (Perfetto).",
        usage: "trace export TRACE --format csv|chrome --out FILE [configuration options]",
        options: [
            OptionSpec(name: "--format", valueName: "csv|chrome", help: "csv: the events; chrome: the replay timeline."),
            OptionSpec(name: "--out", valueName: "FILE", help: "The file to write (must not exist unless --force)."),
            .force,
        ] + ConfigurationOptions.specs,
        positionals: 1...1,
        inputPathsFrom: 0,
        details: "Example:\n  gesture-lab trace export recordings/demo.json --format chrome --out /tmp/demo.trace.json  (open in ui.perfetto.dev)")

    package func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> ExitCode {
        guard let format = try arguments.choice("--format", ["csv", "chrome"], spec: spec) else {
            throw UsageError(message: "'trace export' needs --format csv or chrome", command: spec)
        }
        guard let output = arguments.value("--out") else { throw UsageError(message: "'trace export' needs --out FILE", command: spec) }
        let path = arguments.positionals[0]
        // Streamed from the reader to the file, so a trace of any size exports in bounded memory.
        let reader = try TraceReader(path: path)
        let configuration = format == "csv" ? nil : try TraceLoading.configuration(of: reader.header, path: path, arguments: arguments, spec: spec)
        try OutputFile.write(output, force: arguments.flag("--force")) { file in
            if let configuration {
                try TraceExport.writeChromeTrace(next: reader.next, configuration: configuration, name: PathName.lastComponent(path), to: file.write)
            } else {
                try file.write(TraceExport.csvHeader)
                while let event = try reader.next() { try file.write(TraceExport.csvLine(event)) }
            }
        }
        if reader.wasCutShort { TraceLoading.warnCutShort(path, eventCount: reader.eventCount, verb: "exported") }
        Console.out("wrote \(output)")
        return .success
    }
}

/// `gesture-lab trace synthesize`.
package struct TraceSynthesizeCommand: Command {
    /// The command.
    package init() {}

    package let spec = CommandSpec(
        name: "trace synthesize",
        summary: "Write a long synthesized trace (marked as such) for benchmarks and stress tests.",
        usage: "trace synthesize --events N --out FILE [--pointers K] [--rate HZ] [--seed S]",
        options: [
            OptionSpec(name: "--events", valueName: "N", help: "How many events (up to 100,000,000)."),
            OptionSpec(name: "--out", valueName: "FILE", help: "The new trace (must not exist)."),
            OptionSpec(name: "--pointers", valueName: "K", help: "Pointers taking part (default 1, at most 64)."),
            OptionSpec(name: "--rate", valueName: "HZ", help: "Sampling rate of moves (default 120)."),
            OptionSpec(name: "--seed", valueName: "S", help: "Seed (default 1): the same seed gives the same trace."),
            .force,
        ],
        positionals: 0...0,
        details: "Example:\n  gesture-lab trace synthesize --events 1000000 --pointers 4 --out /tmp/long.json")

    package func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> ExitCode {
        guard let count = try arguments.integer("--events", in: 0...100_000_000, spec: spec) else {
            throw UsageError(message: "'trace synthesize' needs --events N", command: spec)
        }
        guard let output = arguments.value("--out") else { throw UsageError(message: "'trace synthesize' needs --out FILE", command: spec) }
        let synthesizer = TraceSynthesizer(eventCount: count,
                                           pointerCount: try arguments.integer("--pointers", in: 1...64, spec: spec) ?? 1,
                                           sampleRate: try arguments.double("--rate", in: 1...10_000, spec: spec) ?? 120,
                                           seed: UInt64(try arguments.integer("--seed", in: 0...Int.max, spec: spec) ?? 1))
        let written = try OutputFile.write(output, force: arguments.flag("--force")) { file in
            try file.writeTrace { descriptor in
                let writer = try TraceWriter(descriptor: descriptor, path: output, header: synthesizer.header(), bufferSize: 1 << 20)
                try synthesizer.generate { try writer.append($0) }
                try writer.finish()
                return writer.eventCount
            }
        }
        Console.out("wrote \(output) (\(written) events)")
        return .success
    }
}
