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
        let root = try RecordYAMLReader.read(bytes, file: file)
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
        var chosen: (index: Int, node: RecordYAML, device: EvdevDevice)?
        for (index, node) in devices.enumerated() {
            let device = try evdevDevice(node, file: file)
            if device.touchProtocol != nil {
                chosen = (index, node, device)
                break
            }
        }
        guard let chosen else {
            throw TraceError(file: file, line: devicesNode.line, problem: "no device in the recording has position axes (ABS_MT_POSITION_X and ABS_MT_POSITION_Y, or ABS_X and ABS_Y)")
        }
        guard let eventsNode = chosen.node["events"] else {
            throw TraceError(file: file, line: chosen.node.line, problem: "the device has no 'events:'")
        }
        guard case .list(let frames, _) = eventsNode else {
            throw TraceError(file: file, line: eventsNode.line, problem: "'events:' must be a list of '- evdev:' entries")
        }
        var decoder = try EvdevDecoder(device: chosen.device, window: options.windowSize, file: file)
        for frame in frames {
            guard case .map = frame else {
                throw TraceError(file: file, line: frame.line, problem: "an entry of 'events:' must be a mapping such as '- evdev:'")
            }
            guard let evdev = frame["evdev"] else { continue }
            guard case .list(let events, _) = evdev else {
                throw TraceError(file: file, line: evdev.line, problem: "'evdev:' must be a list of [sec, usec, type, code, value]")
            }
            for event in events { try decoder.feed(kernelEvent(event, file: file)) }
        }
        let decoded = try decoder.finish()
        let which = devices.count > 1 ? "device \(chosen.index + 1) of \(devices.count)" : "its one device"
        let history = "imported from libinput recording \(file) (\(which)), \(decoder.protocolDescription), \(decoded.statistics.sourceFrames) frames"
        let header = options.header(device: decoded.device, clock: clock, notes: nil, history: history)
        return ImportedTrace(trace: Trace(header: header, events: decoded.events), statistics: decoded.statistics)
    }

    /// Imports the recording at `path`.
    public static func importFile(path: String, options: ImportOptions) throws(TraceError) -> ImportedTrace {
        try importTrace(bytes: ImportSource.bytes(atPath: path), file: path, options: options)
    }

    /// The device in a `devices:` entry: `evdev: name:` and `evdev: absinfo:`.
    private static func evdevDevice(_ node: RecordYAML, file: String) throws(TraceError) -> EvdevDevice {
        guard case .map = node, let evdev = node["evdev"], case .map = evdev else {
            throw TraceError(file: file, line: node.line, problem: "a device must be a mapping with 'evdev:'")
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
