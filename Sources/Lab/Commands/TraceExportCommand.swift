import Engine
import FoundationEssentials
import Glibc
import Interaction
import Output
import Plumbing
import Traces

/// `gesture-lab trace export`.
package struct TraceExportCommand: Command {
    /// The command.
    package init() {}

    /// Its options.
    private enum Option {
        static let format = OptionSpec(name: "--format", valueName: "csv|chrome", help: "csv: the events; chrome: the replay timeline.",
                                       value: .choice(["csv", "chrome"]), required: true)
        static let out = OptionSpec.path("--out", "FILE", help: "The file to write (must not exist unless --force).", required: true)
    }

    package let spec = CommandSpec(
        name: "trace export",
        summary: "Export a trace's events as CSV, or its replay timeline as a Chrome Trace Event Format file (Perfetto).",
        arguments: "TRACE",
        options: [Option.format, Option.out, .force] + ConfigurationOptions.specs,
        positionals: 1...1,
        inputPathsFrom: 0,
        details: "Example:\n  gesture-lab trace export recordings/demo.json --format chrome --out /tmp/demo.trace.json  (open in ui.perfetto.dev)")

    package func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> ExitCode {
        let format = try arguments.required(Option.format)
        let output = try arguments.required(Option.out)
        let path = arguments.positionals[0]
        // Streamed from the reader to the file, so a trace of any size exports in bounded memory.
        let reader = try TraceReader(path: path)
        let configuration = format == "csv" ? nil : try TraceLoading.configuration(of: reader.header, path: path, arguments: arguments, spec: spec)
        try OutputFile.write(output, force: arguments.flag(.force)) { file in
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
