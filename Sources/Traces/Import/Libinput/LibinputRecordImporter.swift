import Interaction

/// Imports recordings made by `libinput record` (YAML, file format version 1).
///
/// From the top-level `devices:` list it takes the first device whose `evdev: absinfo:` has
/// position axes, and reads that device's `events:`: each `- evdev:` entry lists kernel events
/// as `[sec, usec, type, code, value]` in decimal. Other entries (`libinput:`, `hid:`) and
/// keys the importer does not need are skipped, as the format asks of readers. See
/// ``EvdevDecoder`` for how events become contacts.
public enum LibinputRecordImporter {
    /// The clock named in the headers of imported traces.
    static let clock = "kernel event time (libinput record)"
    /// The file format version this reads.
    static let formatVersion = "1"

    /// Imports the recording in `bytes`, named `file` in messages.
    public static func importTrace(bytes: [UInt8], file: String, options: ImportOptions) throws(TraceError) -> ImportedTrace {
        var reading = Reading(file: file, options: options)
        try ImportSource.forEachLine(bytes, file: file) { number, text throws(TraceError) in try reading.feed(number, text) }
        return try reading.finish()
    }

    /// Imports the recording at `path`, reading it line by line: its events are decoded as
    /// they are read.
    public static func importFile(path: String, options: ImportOptions) throws(TraceError) -> ImportedTrace {
        var reading = Reading(file: path, options: options)
        try ImportSource.forEachLine(atPath: path) { number, text throws(TraceError) in try reading.feed(number, text) }
        return try reading.finish()
    }

    /// One recording being read: the scanner's skeleton, the device chosen and its decoder.
    private struct Reading {
        let file: String
        let options: ImportOptions
        var scanner: RecordScanner
        var keptALine = false
        var chosen: (index: Int, device: EvdevDevice, decoder: EvdevDecoder)?

        init(file: String, options: ImportOptions) {
            self.file = file
            self.options = options
            scanner = RecordScanner(file: file)
        }

        mutating func feed(_ number: Int, _ text: String) throws(TraceError) {
            guard let line = try RecordYAMLReader.line(text, number: number, isFirst: !keptALine, file: file) else { return }
            keptALine = true
            // Moved out of self while the scanner runs, so the decoder's events have one owner
            // and grow in place instead of being copied at every entry.
            var chosen = self.chosen
            self.chosen = nil
            defer { self.chosen = chosen }
            let file = self.file, options = self.options
            try scanner.feed(line, eventsBegin: { index, lines throws(TraceError) in
                guard chosen == nil else { return }
                let device = try LibinputRecordImporter.evdevDevice(LibinputRecordImporter.firstItem(lines, file: file), file: file,
                                                                    beforeEvents: true)
                if device.touchProtocol != nil {
                    chosen = (index, device, try EvdevDecoder(device: device, window: options.windowSize, file: file))
                }
            }, onEntry: { index, lines throws(TraceError) in
                try LibinputRecordImporter.feed(lines, device: index, to: &chosen, file: file)
            })
        }

        mutating func finish() throws(TraceError) -> ImportedTrace {
            var chosen = self.chosen
            self.chosen = nil
            let file = self.file
            try scanner.finish(onEntry: { index, lines throws(TraceError) in
                try LibinputRecordImporter.feed(lines, device: index, to: &chosen, file: file)
            })
            guard let first = scanner.skeleton.first else { throw TraceError(file: file, problem: "the file is empty") }
            guard first.indent == 0 else { throw TraceError(file: file, line: first.number, problem: "the document must start at the left margin") }
            let root = try RecordYAMLReader.read(lines: scanner.skeleton, file: file)
            let devices = try LibinputRecordImporter.devices(in: root, file: file)
            // The first device with position axes is the one imported; it must have events.
            var firstWithAxes: Int?
            for (index, node) in devices.list.enumerated() where try LibinputRecordImporter.evdevDevice(node, file: file, beforeEvents: false).touchProtocol != nil {
                firstWithAxes = index
                break
            }
            guard let firstWithAxes else {
                throw TraceError(file: file, line: devices.line, problem: "no device in the recording has position axes (ABS_MT_POSITION_X and ABS_MT_POSITION_Y, or ABS_X and ABS_Y)")
            }
            guard let chosen, chosen.index == firstWithAxes else {
                throw TraceError(file: file, line: devices.list[firstWithAxes].line, problem: "the device has no 'events:'")
            }
            var decoder = chosen.decoder
            let decoded = try decoder.finish()
            let which = devices.list.count > 1 ? "device \(chosen.index + 1) of \(devices.list.count)" : "its one device"
            let history = "imported from libinput recording \(file) (\(which)), \(decoder.protocolDescription), \(decoded.statistics.sourceFrames) frames\(decoded.statistics.historyDetail)"
            let header = options.header(device: decoded.device, clock: clock, notes: nil, history: history, format: "libinput", source: file)
            return ImportedTrace(trace: Trace(header: header, events: decoded.events), statistics: decoded.statistics)
        }
    }

    /// The top-level mapping's `devices:` list, after checking the format's version.
    private static func devices(in root: RecordYAML, file: String) throws(TraceError) -> (list: [RecordYAML], line: Int) {
        guard case .map = root else {
            throw TraceError(file: file, line: root.line, problem: "not a libinput recording: the top level must be a mapping with 'version:' and 'devices:'")
        }
        guard let version = root["version"] else {
            throw TraceError(file: file, problem: "not a libinput recording: no 'version:' at the top level")
        }
        guard case .scalar(formatVersion, _) = version else {
            throw TraceError(file: file, line: version.line, problem: "libinput record format version \(describe(version)) is not supported (this reads version \(formatVersion))")
        }
        guard let devicesNode = root["devices"] else {
            throw TraceError(file: file, problem: "not a libinput recording: no 'devices:' at the top level")
        }
        guard case .list(let devices, _) = devicesNode, !devices.isEmpty else {
            throw TraceError(file: file, line: devicesNode.line, problem: "'devices:' must be a list holding at least one device")
        }
        return (devices, devicesNode.line)
    }

    /// The one item of a list made of `lines` (a device, or an entry of `events:`).
    private static func firstItem(_ lines: [RecordYAMLReader.Line], file: String) throws(TraceError) -> RecordYAML {
        let node = try RecordYAMLReader.read(lines: lines, file: file)
        guard case .list(let items, _) = node, let item = items.first else { return node }
        return item
    }

    /// Feeds the entry of `events:` made of `lines`, from the device at `index`, to the chosen
    /// device's decoder; entries of other devices are skipped unread.
    private static func feed(_ lines: [RecordYAMLReader.Line], device index: Int,
                             to chosen: inout (index: Int, device: EvdevDevice, decoder: EvdevDecoder)?,
                             file: String) throws(TraceError) {
        guard var current = chosen, current.index == index else { return }
        // Released before the decoder grows, so it is not copied.
        chosen = nil
        try feed(firstItem(lines, file: file), to: &current.decoder, file: file)
        chosen = current
    }

    /// Feeds one entry of `events:` to `decoder`: its `evdev:` kernel events; other entries
    /// (`libinput:`, comments) are skipped.
    private static func feed(_ frame: RecordYAML, to decoder: inout EvdevDecoder, file: String) throws(TraceError) {
        guard case .map = frame else {
            throw TraceError(file: file, line: frame.line, problem: "an entry of 'events:' must be a mapping such as '- evdev:'")
        }
        guard let evdev = frame["evdev"] else { return }
        guard case .list(let events, _) = evdev else {
            throw TraceError(file: file, line: evdev.line, problem: "'evdev:' must be a list of [sec, usec, type, code, value]")
        }
        for event in events { try decoder.feed(kernelEvent(event, file: file)) }
    }

    /// The device in a `devices:` entry: `evdev: name:` and `evdev: absinfo:`.
    /// `beforeEvents`: read as the device's events begin, so its `evdev:` must come first.
    private static func evdevDevice(_ node: RecordYAML, file: String, beforeEvents: Bool) throws(TraceError) -> EvdevDevice {
        guard case .map = node, let evdev = node["evdev"], case .map = evdev else {
            throw TraceError(file: file, line: node.line, problem: beforeEvents
                ? "a device needs its 'evdev:' description before its 'events:'" : "a device must be a mapping with 'evdev:'")
        }
        var name = ""
        if let nameNode = evdev["name"] {
            guard case .scalar(let text, _) = nameNode else {
                throw TraceError(file: file, line: nameNode.line, problem: "'name:' must be text")
            }
            name = text
        }
        var axes: [UInt16: AbsoluteAxis] = [:]
        if let absinfo = evdev["absinfo"] {
            guard case .map(let entries, _) = absinfo else {
                throw TraceError(file: file, line: absinfo.line, problem: "'absinfo:' must map axis codes to [min, max, fuzz, flat, resolution]")
            }
            for entry in entries {
                let line = entry.value.line
                let code = try NumberField.integer(Substring(entry.key), what: "axis code", file: file, line: line)
                guard let axisCode = UInt16(exactly: code), axisCode <= EvdevCode.maximumAxis else {
                    throw TraceError(file: file, line: line, problem: "axis code \(entry.key) is out of range (0…\(EvdevCode.maximumAxis))")
                }
                let numbers = try integers(entry.value, what: "an absinfo entry", names: ["min", "max", "fuzz", "flat", "resolution"], file: file)
                guard let minimum = Int32(exactly: numbers[0]), let maximum = Int32(exactly: numbers[1]),
                      let resolution = Int32(exactly: numbers[4]), maximum >= minimum else {
                    throw TraceError(file: file, line: line, problem: "\(EvdevCode.axisName(axisCode)) has an invalid range \(numbers[0])…\(numbers[1]) or resolution \(numbers[4])")
                }
                axes[axisCode] = AbsoluteAxis(minimum: minimum, maximum: maximum, resolution: resolution, line: line)
            }
        }
        return EvdevDevice(name: name, axes: axes, file: file)
    }

    /// One `[sec, usec, type, code, value]`.
    private static func kernelEvent(_ node: RecordYAML, file: String) throws(TraceError) -> KernelEvent {
        let numbers = try integers(node, what: "an evdev event", names: ["sec", "usec", "type", "code", "value"], file: file)
        let line = node.line
        let microseconds = try KernelEvent.microseconds(seconds: numbers[0], microseconds: numbers[1], file: file, line: line)
        guard let type = UInt16(exactly: numbers[2]), let code = UInt16(exactly: numbers[3]) else {
            throw TraceError(file: file, line: line, problem: "event type \(numbers[2]) or code \(numbers[3]) is out of range (0…65535)")
        }
        guard let value = Int32(exactly: numbers[4]) else {
            throw TraceError(file: file, line: line, problem: "value \(numbers[4]) is out of range for a 32-bit value")
        }
        return KernelEvent(line: line, microseconds: microseconds, type: type, code: code, value: value)
    }

    /// The whole numbers of a flow list with one item per name in `names`.
    private static func integers(_ node: RecordYAML, what: String, names: [String], file: String) throws(TraceError) -> [Int64] {
        let shape = "[" + names.joined(separator: ", ") + "]"
        guard case .list(let items, let line) = node, items.count == names.count else {
            throw TraceError(file: file, line: node.line, problem: "\(what) must be \(shape)")
        }
        var numbers: [Int64] = []
        for (item, name) in zip(items, names) {
            guard case .scalar(let text, _) = item else { throw TraceError(file: file, line: line, problem: "\(what) must be \(shape)") }
            numbers.append(try NumberField.integer(Substring(text), what: name, file: file, line: line))
        }
        return numbers
    }

    private static func describe(_ node: RecordYAML) -> String {
        if case .scalar(let text, _) = node { return "'\(text.prefix(20))'" }
        return "(not a number)"
    }
}
