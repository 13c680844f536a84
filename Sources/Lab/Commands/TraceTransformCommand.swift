import Engine
import FoundationEssentials
import Glibc
import Interaction
import Output
import Plumbing
import Traces

/// `gesture-lab trace transform`.
package struct TraceTransformCommand: Command {
    /// The command.
    package init() {}

    /// Its options.
    private enum Option {
        static let out = OptionSpec.path("--out", "FILE", help: "The new trace (must not exist).", required: true)
        static let mirror = OptionSpec(name: "--mirror", valueName: "x|y", help: "Mirror horizontally (x) or vertically (y) in the window.",
                                       value: .choice(["x", "y"]), repeatable: true)
        static let scaleSpace = OptionSpec(name: "--scale-space", valueName: "FACTOR", help: "Scale positions and the window size.", value: .number(0.01...100))
        static let scaleTime = OptionSpec(name: "--scale-time", valueName: "FACTOR", help: "Scale times (2 = half speed).", value: .number(0.01...100))
        static let shiftTime = OptionSpec(name: "--shift-time", valueName: "SECONDS", help: "Add SECONDS to every time.", value: .number(-86_400...86_400))
        static let resample = OptionSpec(name: "--resample", valueName: "HZ", help: "Resample moves at HZ by linear interpolation.", value: .number(1...10_000))
        static let jitter = OptionSpec(name: "--jitter", valueName: "POINTS", help: "Add Gaussian noise of this standard deviation to move positions.",
                                       value: .number(0...1000))
        static let timeJitter = OptionSpec(name: "--time-jitter", valueName: "MS", help: "Add Gaussian noise of this standard deviation to times (order kept).",
                                           value: .number(0...1000))
        static let seed = OptionSpec(name: "--seed", valueName: "N", help: "Seed of the jitter (default 1).", value: .wholeNumber(0...Int.max))
        static let quantizeMilliseconds = OptionSpec.flag("--quantize-ms", help: "Round times to whole milliseconds, as SDL2 stamps events.")
        static let crop = OptionSpec(name: "--crop", valueName: "FROM:TO", help: "Keep only the events from FROM to TO seconds (first), making every contact whole.")
        static let kind = OptionSpec(name: "--kind", valueName: "KIND", help: "Relabel every event as mouse, touch or pen.", value: .choice(of: PointerKind.self))
    }

    package let spec = CommandSpec(
        name: "trace transform",
        summary: "Write a transformed copy of a trace (mirror, scale, shift, resample, jitter, quantise).",
        arguments: "TRACE",
        options: [Option.out, Option.mirror, Option.scaleSpace, Option.scaleTime, Option.shiftTime, Option.resample, Option.jitter, Option.timeJitter,
                  Option.seed, Option.quantizeMilliseconds, Option.crop, Option.kind, .force],
        positionals: 1...1,
        inputPathsFrom: 0,
        details: "Edits apply in this order: crop, relabel, mirror, scale space, scale time, shift time, resample, jitter, time jitter, quantise.\nExample:\n  gesture-lab trace transform recordings/demo.json --out /tmp/slow.json --scale-time 2 --quantize-ms")

    package func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> ExitCode {
        let output = try arguments.required(Option.out)
        var transform = TraceTransform()
        for axis in arguments.allValues(Option.mirror) {
            switch axis {
            case "x": transform.mirrorHorizontally = true
            case "y": transform.mirrorVertically = true
            default: throw UsageError(message: "option '--mirror' takes x or y, got '\(axis)'", command: spec)
            }
        }
        transform.spaceScale = arguments.number(Option.scaleSpace)
        transform.timeScale = arguments.number(Option.scaleTime)
        transform.timeShift = arguments.number(Option.shiftTime)
        transform.resampleRate = arguments.number(Option.resample)
        transform.positionJitter = arguments.number(Option.jitter)
        transform.timeJitter = arguments.number(Option.timeJitter).map { $0 / 1000 }
        if let seed = arguments.wholeNumber(Option.seed) { transform.seed = UInt64(seed) }
        transform.quantizeToMilliseconds = arguments.flag(Option.quantizeMilliseconds)
        if let crop = arguments.value(Option.crop) {
            let bounds = crop.split(separator: ":").compactMap { Double($0) }
            guard bounds.count == 2, bounds[0].isFinite, bounds[1].isFinite, bounds[0] >= 0, bounds[0] < bounds[1] else {
                throw UsageError(message: "option '--crop' needs FROM:TO in seconds with FROM < TO, got '\(crop)'", command: spec)
            }
            transform.timeWindow = bounds[0]...bounds[1]
        }
        if let kind: PointerKind = arguments.choice(Option.kind) { transform.kind = kind }
        let path = arguments.positionals[0]
        let written: Int
        if transform.streams {
            // One event at a time from the reader to the writer: any size in bounded memory.
            let reader = try TraceReader(path: path)
            written = try OutputFile.write(output, force: arguments.flag(.force)) { file in
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
            try OutputFile.write(result, to: output, force: arguments.flag(.force))
            written = result.events.count
        }
        Console.out("wrote \(output) (\(written) events; \(transform.descriptions.isEmpty ? "unchanged" : transform.descriptions.joined(separator: ", ")))")
        return .success
    }
}
