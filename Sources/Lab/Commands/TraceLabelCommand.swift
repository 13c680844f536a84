import Engine
import FoundationEssentials
import Glibc
import Interaction
import Output
import Traces

/// `gesture-lab trace label`: writes a trace's expected outcomes, intent and note into its
/// header, as a new file or in place (the real file behind a symbolic link, through a temporary
/// file and a rename, so a failure never leaves half a trace).
package struct TraceLabelCommand: Command {
    /// The command.
    package init() {}

    /// Its options.
    private enum Option {
        static let expect = OptionSpec(name: "--expect", valueName: "OUTCOMES", help: "Outcomes under the trace's own policy, comma-separated (finished,cancelled).")
        static let expectPolicy = OptionSpec(name: "--expect-policy", valueName: "SPEC=OUTCOMES", help: "Outcomes under another policy (repeatable).", repeatable: true)
        static let intent = OptionSpec(name: "--intent", valueName: "INTENTS", help: "What the person meant, comma-separated (finish,cancel).")
        static let note = OptionSpec(name: "--note", valueName: "TEXT", help: "One line saying what the gesture is.")
        static let provenance = OptionSpec.path("--provenance", "FILE", help: "Set where the events came from: a JSON object with a \"kind\" (robot, synthetic, device, person) and its details (docs/trace-format.md).")
        static let recordOutcomes = OptionSpec.flag("--record-outcomes", help: "Replay under every policy and store each one's outcomes as the regression expectation.")
        static let out = OptionSpec.path("--out", "FILE", help: "Write the labelled trace to FILE (which must not exist).")
        static let inPlace = OptionSpec.flag("--in-place", help: "Replace TRACE (the file a link names) with the labelled trace, atomically.")
    }

    package let spec = CommandSpec(
        name: "trace label",
        summary: "Set a trace's expected outcomes, intent and note.",
        arguments: "TRACE",
        options: [Option.expect, Option.expectPolicy, Option.intent, Option.note, Option.provenance, Option.recordOutcomes, Option.out, Option.inPlace, .force],
        positionals: 1...1,
        inputPathsFrom: 0,
        details: "Give exactly one of --out FILE or --in-place.\nExample:\n  gesture-lab trace label recordings/swipe/slow.json --in-place --expect finished --intent finish --note 'slow drag past the threshold'")

    package func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> ExitCode {
        let path = arguments.positionals[0]
        let output = arguments.value(Option.out)
        let inPlace = arguments.flag(Option.inPlace)
        guard (output != nil) != inPlace else {
            throw UsageError(message: "give exactly one of --out FILE or --in-place", command: spec)
        }
        var trace = try Trace.load(path: path)
        var expect = trace.header.expect ?? TraceHeader.Expectations()
        if let outcomes: [TransitionOutcome] = try arguments.choiceList(Option.expect) { expect.outcomes = outcomes }
        for entry in arguments.allValues(Option.expectPolicy) {
            // A spec holds '=' itself: the outcomes follow the last one.
            guard let equals = entry.lastIndex(of: "=") else {
                throw UsageError(message: "option '--expect-policy' needs SPEC=OUTCOMES, got '\(entry)'", command: spec)
            }
            let policy = try ConfigurationOptions.policy(String(entry[..<equals]), rules: [], option: Option.expectPolicy.name, spec: spec)
            expect.outcomesByPolicy[policy] = try ParsedArguments.choiceList(String(entry[entry.index(after: equals)...]), option: Option.expectPolicy.name, spec: spec)
        }
        if let intent: [ReleaseDecision.Verdict] = try arguments.choiceList(Option.intent) { expect.intent = intent }
        if let provenanceFile = arguments.value(Option.provenance) {
            trace.header.provenance = try Self.provenance(from: provenanceFile)
        }
        let recordsOutcomes = arguments.flag(Option.recordOutcomes)
        if recordsOutcomes {
            for policy in PolicySpec.presets {
                let outcomes: [TransitionOutcome]
                do { outcomes = try TraceCheck.run(trace, policy: policy, expected: []).got } catch {
                    throw InputError(description: "\(path): the trace's configuration: \(error.description)")
                }
                if policy == trace.header.configuration.policy { expect.outcomes = outcomes } else { expect.outcomesByPolicy[policy] = outcomes }
            }
        }
        trace.header.expect = expect
        if let note = arguments.value(Option.note) { trace.header.notes = note }
        let labels = [Option.expect, Option.expectPolicy, Option.intent, Option.note].contains { !arguments.allValues($0).isEmpty }
        if let provenance = trace.header.provenance, arguments.value(Option.provenance) != nil {
            trace.header.history.append("provenance: \(provenance.kind.rawValue)")
        }
        if recordsOutcomes {
            trace.header.history.append("labelled: outcomes replayed under every preset by gesture-lab \(LabVersion.current)")
        } else if labels || arguments.value(Option.provenance) == nil {
            trace.header.history.append("labelled")
        }
        trace.wasCutShort = false
        if let output {
            try OutputFile.write(trace, to: output, force: arguments.flag(.force))
            Console.out("wrote \(output)")
        } else {
            let labelled = trace
            let real = try OutputFile.replaceInPlace(path) { file in
                try file.writeTrace { try TraceWriter.write(labelled, descriptor: $0, path: path) }
            }
            Console.out("labelled \(real == path ? path : "\(path) (\(real))")")
        }
        return .success
    }

    /// The provenance object in `path` (a JSON file), with the file named in any error.
    package static func provenance(from path: String) throws -> TraceProvenance {
        let bytes: [UInt8]
        switch InputFile.read(path, limit: TraceProvenance.maximumFileBytes) {
        case .success(let read): bytes = read
        case .failure(let error): throw InputError(description: "\(path): cannot read the provenance file: \(error.reason)")
        }
        do { return try TraceProvenance.parse(bytes, file: path) } catch { throw InputError(description: error.message) }
    }
}
