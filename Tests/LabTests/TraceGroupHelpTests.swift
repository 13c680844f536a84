@testable import Lab
@testable import Output
import Testing

/// `gesture-lab trace` on its own: the group's subcommands, never "unknown command".
@Suite("Command line: the trace group")
struct TraceGroupHelpTests {
    static let listing = """
        Usage: gesture-lab trace SUBCOMMAND [options]

        Subcommands:
          trace info        Print a trace's duration, counts, sampling rate, extent and speeds.
          trace validate    Check traces against the schema and the rules of contact, listing every problem.
          trace transform   Write a transformed copy of a trace (mirror, scale, shift, resample, jitter, quantise).
          trace diff        Say where two traces first differ, or where one trace's replays differ under two configurations.
          trace export      Export a trace's events as CSV, or its replay timeline as a Chrome Trace Event Format file (Perfetto).
          trace label       Set a trace's expected outcomes, intent and note.
          trace synthesize  Write a long synthesized trace (marked as such) for benchmarks and stress tests.
          trace schema      Print the JSON Schema of the trace format.

        Run 'gesture-lab trace SUBCOMMAND --help' for a subcommand's options and examples.

        """

    @Test("trace --help, trace -h and help trace list the subcommands and succeed", arguments: [["trace", "--help"], ["trace", "-h"], ["help", "trace"]])
    func helpListsTheSubcommands(words: [String]) {
        let capture = ConsoleCapture()
        #expect(lab(words, in: CommandContext(capture: capture)) == .success)
        #expect(capture.output == Self.listing)
        #expect(capture.error == "")
    }

    @Test("trace with no subcommand says which it needs, lists them on standard error and is a usage error")
    func aMissingSubcommandIsNamed() {
        let capture = ConsoleCapture()
        #expect(lab(["trace"], in: CommandContext(capture: capture)) == .usage)
        #expect(capture.output == "")
        #expect(capture.error == "gesture-lab: 'trace' needs a subcommand: info, validate, transform, diff, export, label, synthesize, schema\n" + Self.listing)
    }

    @Test("an unknown trace subcommand is named with the nearest one")
    func anUnknownSubcommandGetsASuggestion() {
        let capture = ConsoleCapture()
        #expect(lab(["trace", "valdate"], in: CommandContext(capture: capture)) == .usage)
        #expect(capture.error.hasPrefix("gesture-lab: unknown command 'trace valdate' (did you mean 'validate'?)\n"))
    }
}
