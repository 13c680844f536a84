import Engine
import FoundationEssentials
import Glibc
import Interaction
import Output
import Plumbing
import Traces

/// `gesture-lab trace synthesize`.
package struct TraceSynthesizeCommand: Command {
    /// The command.
    package init() {}

    /// Its options.
    private enum Option {
        static let events = OptionSpec(name: "--events", valueName: "N", help: "How many events (up to 100,000,000).", value: .wholeNumber(0...100_000_000),
                                       required: true)
        static let out = OptionSpec.path("--out", "FILE", help: "The new trace (must not exist).", required: true)
        static let pointers = OptionSpec(name: "--pointers", valueName: "K", help: "Pointers taking part (default 1, at most 64).", value: .wholeNumber(1...64))
        static let rate = OptionSpec(name: "--rate", valueName: "HZ", help: "Sampling rate of moves (default 120).", value: .number(1...10_000))
        static let seed = OptionSpec(name: "--seed", valueName: "S", help: "Seed (default 1): the same seed gives the same trace.", value: .wholeNumber(0...Int.max))
    }

    package let spec = CommandSpec(
        name: "trace synthesize",
        summary: "Write a long synthesized trace (marked as such) for benchmarks and stress tests.",
        arguments: "",
        options: [Option.events, Option.out, Option.pointers, Option.rate, Option.seed, .force],
        positionals: 0...0,
        details: "Example:\n  gesture-lab trace synthesize --events 1000000 --pointers 4 --out /tmp/long.json")

    package func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> ExitCode {
        // The parser refuses a command line without --events and checks its range.
        guard let count = arguments.wholeNumber(Option.events) else {
            throw UsageError(message: "'\(spec.name)' needs \(Option.events.label)", command: spec)
        }
        let output = try arguments.required(Option.out)
        let synthesizer = TraceSynthesizer(eventCount: count,
                                           pointerCount: arguments.wholeNumber(Option.pointers) ?? 1,
                                           sampleRate: arguments.number(Option.rate) ?? 120,
                                           seed: UInt64(arguments.wholeNumber(Option.seed) ?? 1))
        let written = try OutputFile.write(output, force: arguments.flag(.force)) { file in
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
