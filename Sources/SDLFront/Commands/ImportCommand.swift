import Engine
import Foundation
import Interaction
import Traces

/// `gesture-lab import FORMAT INPUT --out TRACE.json`: turns a recording made on real hardware
/// (evemu, `libinput record`, a $1 pen stroke) into a new trace, and says what it holds.
struct ImportCommand: Command {
    /// The formats it reads, as typed.
    static let formats = ["evemu", "libinput", "dollar1"]

    let spec = CommandSpec(
        name: "import",
        summary: "Import a real device recording (evemu, libinput record, $1 pen stroke) as a new trace.",
        usage: "import evemu|libinput|dollar1 INPUT --out TRACE.json [--size WxH] [--controller NAMES] [--pinch in|out] [--policy NAME] [--prop FILE] [--scale FACTOR]",
        options: [
            OptionSpec(name: "--out", valueName: "TRACE.json", help: "The trace to write; it must not exist unless --force."),
            .force,
            OptionSpec(name: "--size", valueName: "WxH", help: "Window size in points the input is placed in (default 800x600)."),
            OptionSpec(name: "--prop", valueName: "FILE", help: "evemu only: the device description (default: INPUT's .prop beside it)."),
            OptionSpec(name: "--scale", valueName: "FACTOR", help: "dollar1 only: points per stroke pixel, 0.1 to 20 (default 1)."),
        ] + ConfigurationOptions.specs.filter { ["--controller", "--pinch", "--policy", "--policy-file"].contains($0.name) },
        positionals: 2...2,
        inputPathsFrom: 1,
        details: """
        Formats:
          evemu     INPUT.event from evemu-record, with its .prop device description
          libinput  YAML from 'libinput record' (version 1); the first device with position axes
          dollar1   one <Gesture> stroke of the $1 recognizer's logs, as a pen

        Examples:
          gesture-lab import evemu ../shared/data/evemu/3m.event --out recordings/imported/3m.json
          gesture-lab import dollar1 s02/fast/arrow01.xml --out /tmp/arrow.json --scale 2 --controller swipe
        """)

    func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let format = arguments.positionals[0]
        let input = arguments.positionals[1]
        guard Self.formats.contains(format) else {
            throw UsageError(message: "unknown import format '\(format)' (expected evemu, libinput or dollar1)", command: spec)
        }
        guard let output = arguments.value("--out") else {
            throw UsageError(message: "'import' needs --out TRACE.json (the new trace)", command: spec)
        }
        if arguments.value("--prop") != nil && format != "evemu" {
            throw UsageError(message: "option '--prop' applies only to evemu recordings", command: spec)
        }
        if arguments.value("--scale") != nil && format != "dollar1" {
            throw UsageError(message: "option '--scale' applies only to dollar1 strokes", command: spec)
        }
        let size = try arguments.size("--size", spec: spec)
        let scale = try arguments.double("--scale", in: 0.1...20, spec: spec) ?? 1
        let configuration = try ConfigurationOptions.apply(arguments, to: SessionConfiguration(), spec: spec)
        _ = try ConfigurationOptions.resolve(configuration, spec: spec)
        let options = ImportOptions(windowSize: size.map { Size(width: Double($0.width), height: Double($0.height)) } ?? ImportOptions.defaultWindowSize,
                                    configuration: configuration, created: ISO8601DateFormatter().string(from: Date()),
                                    program: "gesture-lab \(GestureLab.version)", strokeScale: scale)
        let imported: ImportedTrace
        switch format {
        case "evemu": imported = try EvemuImporter.importFile(path: input, descriptionPath: arguments.value("--prop"), options: options)
        case "libinput": imported = try LibinputRecordImporter.importFile(path: input, options: options)
        default: imported = try DollarOneImporter.importFile(path: input, options: options)
        }
        try OutputFile.write(imported.trace, to: output, force: arguments.flag("--force"))
        Console.out("imported \(input) to \(output): \(imported.summary)")
        return .success
    }
}
