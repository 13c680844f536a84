import Engine
import FoundationEssentials
import Glibc
import Interaction
import Output
import Traces

/// `gesture-lab import FORMAT INPUT --out TRACE.json`: turns a recording made on real hardware
/// (evemu, `libinput record`, Android's `getevent`, a $1 pen stroke) into a new trace, and says
/// what it holds.
package struct ImportCommand: Command {
    /// The command.
    package init() {}

    /// The formats it reads, as typed.
    package static let formats = ["evemu", "libinput", "getevent", "dollar1"]

    /// Its options besides the configuration's.
    private enum Option {
        static let out = OptionSpec.path("--out", "TRACE.json", help: "The trace to write; it must not exist unless --force.", required: true)
        static let size = OptionSpec(name: "--size", valueName: "WxH", help: "Window size in points the input is placed in (default 800x600).")
        static let prop = OptionSpec.path("--prop", "FILE", help: "evemu only: the device description (default: INPUT's .prop beside it).")
        static let scale = OptionSpec(name: "--scale", valueName: "FACTOR", help: "dollar1 only: points per stroke pixel, 0.1 to 20 (default 1).", value: .number(0.1...20))
        static let axes = OptionSpec.path("--axes", "FILE", help: "getevent only: the output of 'getevent -lp' (or -p) describing the device's axes.")
        static let xRange = OptionSpec(name: "--x-range", valueName: "MIN:MAX", help: "getevent only, instead of --axes: ABS_MT_POSITION_X's range in device units.")
        static let yRange = OptionSpec(name: "--y-range", valueName: "MIN:MAX", help: "getevent only, instead of --axes: ABS_MT_POSITION_Y's range in device units.")
        static let pressureRange = OptionSpec(name: "--pressure-range", valueName: "MIN:MAX",
                                              help: "getevent only, with --x-range: ABS_MT_PRESSURE's range (pressure is read only with it).")
        static let touchMajorRange = OptionSpec(name: "--touch-major-range", valueName: "MIN:MAX",
                                                help: "getevent only, with --x-range: ABS_MT_TOUCH_MAJOR's range (size is read only with it).")
        /// Not a path to resolve: a device on the phone, not a file here.
        static let device = OptionSpec(name: "--device", valueName: "PATH",
                                       help: "getevent only: the device whose events to import, e.g. /dev/input/event2 (default: the only touch device).")
        /// The options that only getevent output takes.
        static let getevent = [axes, xRange, yRange, pressureRange, touchMajorRange, device]
    }

    package let spec = CommandSpec(
        name: "import",
        summary: "Import a real device recording (evemu, libinput record, Android getevent, $1 pen stroke) as a new trace.",
        arguments: "evemu|libinput|getevent|dollar1 INPUT",
        options: [Option.out, .force, Option.size, Option.prop, Option.scale] + Option.getevent
            + ConfigurationOptions.policySpecs + [ConfigurationOptions.controller, ConfigurationOptions.pinch],
        positionals: 2...2,
        inputPathsFrom: 1,
        details: """
        Formats:
          evemu     INPUT.event from evemu-record, with its .prop device description
          libinput  YAML from 'libinput record' (version 1); the first device with position axes
          getevent  the text of 'adb shell getevent -lt' (or -t), multi-touch protocol B, with the axes
                    from 'adb shell getevent -lp' (--axes) or given as --x-range and --y-range
          dollar1   one <Gesture> stroke of the $1 recognizer's logs, as a pen

        Examples:
          gesture-lab import evemu ../shared/data/evemu/3m.event --out recordings/imported/3m.json
          gesture-lab import dollar1 s02/fast/arrow01.xml --out /tmp/arrow.json --scale 2 --controller swipe
          gesture-lab import getevent recordings/getevent/pixel-tablet-swipe.getevent-lt.txt --axes recordings/getevent/pixel-tablet-swipe.getevent-lp.txt --size 1599x2559 --out /tmp/pixel-swipe.json
        """)

    package func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> ExitCode {
        let format = arguments.positionals[0]
        let input = arguments.positionals[1]
        guard Self.formats.contains(format) else {
            throw UsageError(message: "unknown import format '\(format)' (expected evemu, libinput, getevent or dollar1)", command: spec)
        }
        let output = try arguments.required(Option.out)
        if arguments.value(Option.prop) != nil && format != "evemu" {
            throw UsageError(message: "option '--prop' applies only to evemu recordings", command: spec)
        }
        if arguments.value(Option.scale) != nil && format != "dollar1" {
            throw UsageError(message: "option '--scale' applies only to dollar1 strokes", command: spec)
        }
        for option in Option.getevent where arguments.value(option) != nil && format != "getevent" {
            throw UsageError(message: "option '\(option.name)' applies only to getevent output", command: spec)
        }
        let size = try arguments.size(Option.size)
        let scale = arguments.number(Option.scale) ?? 1
        let configuration = try ConfigurationOptions.apply(arguments, to: SessionConfiguration())
        _ = try ConfigurationOptions.resolve(configuration, spec: spec)
        let options = ImportOptions(windowSize: size.map { Size(width: Double($0.width), height: Double($0.height)) } ?? ImportOptions.defaultWindowSize,
                                    configuration: configuration, created: Date.ISO8601FormatStyle().format(context.clock.now()),
                                    program: "gesture-lab \(LabVersion.current)", strokeScale: scale)
        let imported: ImportedTrace
        switch format {
        case "evemu": imported = try EvemuImporter.importFile(path: input, descriptionPath: arguments.value(Option.prop), options: options)
        case "libinput": imported = try LibinputRecordImporter.importFile(path: input, options: options)
        case "getevent":
            imported = try GeteventImporter.importFile(path: input, axes: geteventAxes(arguments), device: arguments.value(Option.device), options: options)
        default: imported = try DollarOneImporter.importFile(path: input, options: options)
        }
        try OutputFile.write(imported.trace, to: output, force: arguments.flag(.force))
        for warning in imported.statistics.timeWarnings { Console.error("\(input): warning: \(warning)") }
        Console.out("imported \(input) to \(output): \(imported.summary)")
        return .success
    }

    /// Where getevent output's axes come from: `--axes FILE`, or the ranges on the command line.
    private func geteventAxes(_ arguments: ParsedArguments) throws -> GeteventImporter.Axes {
        func range(_ option: OptionSpec) throws -> ClosedRange<Int32>? {
            guard let text = arguments.value(option) else { return nil }
            switch GeteventRanges.parse(text, option: option.name) {
            case .success(let range): return range
            case .failure(let error): throw UsageError(message: error.description, command: spec)
            }
        }
        let ranges = (x: try range(Option.xRange), y: try range(Option.yRange), pressure: try range(Option.pressureRange),
                      touchMajor: try range(Option.touchMajorRange))
        if let axes = arguments.value(Option.axes) {
            guard ranges.x == nil, ranges.y == nil, ranges.pressure == nil, ranges.touchMajor == nil else {
                throw UsageError(message: "give either --axes or the ranges (--x-range, --y-range, …), not both", command: spec)
            }
            return .descriptionFile(path: axes)
        }
        guard let x = ranges.x, let y = ranges.y else {
            throw UsageError(message: "getevent output needs its axes: --axes FILE (the output of 'adb shell getevent -lp'), or --x-range MIN:MAX and --y-range MIN:MAX", command: spec)
        }
        return .ranges(GeteventRanges(x: x, y: y, pressure: ranges.pressure, touchMajor: ranges.touchMajor))
    }
}
