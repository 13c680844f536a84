import Engine
import FoundationEssentials
import Glibc
import Interaction
import Output
import Plumbing
import Traces

/// `gesture-lab trace info TRACE`.
package struct TraceInfoCommand: Command {
    /// The command.
    package init() {}

    package let spec = CommandSpec(name: "trace info", summary: "Print a trace's duration, counts, sampling rate, extent and speeds.",
                           arguments: "TRACE...", options: [], positionals: 1...Int.max, inputPathsFrom: 0,
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
