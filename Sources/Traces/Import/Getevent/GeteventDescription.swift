import Interaction

/// The devices `getevent -p` (or `-lp`) describes: for each, `add device N: PATH`, its
/// `name: "NAME"`, and under `events:` its absolute axes, one a line:
/// `ABS (0003): ABS_MT_SLOT : value 0, min 0, max 9, fuzz 0, flat 0, resolution 0` (with `-l`;
/// without it the code is hexadecimal, `002f`). Everything else getevent prints about a device
/// (keys, input properties, ids, a HID descriptor) is skipped.
struct GeteventDescription {
    /// One described device.
    struct Device {
        /// Its path, e.g. `/dev/input/event2`.
        var path: String
        /// The kernel's name for it.
        var name = ""
        /// Absolute axes by code.
        var axes: [UInt16: AbsoluteAxis] = [:]
        /// The line of its `add device`.
        var line: Int
    }

    /// The most devices one description may hold (a phone has a dozen or two).
    static let deviceLimit = 256

    /// The devices, in the order described.
    private(set) var devices: [Device] = []
    /// The type of the `events:` section being read (`ABS (0003):` makes it 3), nil outside one.
    private var sectionType: UInt16?

    /// Reads line `line` of `file`.
    mutating func read(_ text: String, line: Int, file: String) throws(TraceError) {
        let trimmed = text.trimmingSpacesAndTabs()
        if trimmed.hasPrefix("#") || trimmed.hasPrefix("could not ") || trimmed.hasPrefix("Can't enable") { return }
        if trimmed.hasPrefix("add device ") {
            guard devices.count < Self.deviceLimit else {
                throw TraceError(file: file, line: line, problem: "more than \(Self.deviceLimit) devices described (the limit of a getevent -p description)")
            }
            devices.append(Device(path: String(try GeteventLine.devicePath(trimmed, line: line, file: file)), line: line))
            sectionType = nil
            return
        }
        guard !devices.isEmpty else {
            if trimmed.first == "[" {
                throw TraceError(file: file, line: line, problem: "an event line in the axis description (give getevent -lp output with --axes, the events as the input)")
            }
            throw TraceError(file: file, line: line, problem: "unknown line '\(trimmed.prefix(40))' before the first 'add device' (expected the output of getevent -lp or getevent -p)")
        }
        if trimmed.hasPrefix("name:") {
            devices[devices.count - 1].name = String(GeteventLine.quoted(trimmed.dropFirst("name:".count)))
            return
        }
        if trimmed == "events:" {
            sectionType = 0
            return
        }
        if trimmed.hasSuffix(":") && !trimmed.contains("(") {
            // `input props:` and other headings end the events.
            sectionType = nil
            return
        }
        guard sectionType != nil else { return }
        var axisText = trimmed
        if let (type, rest) = Self.typeHeading(trimmed) {
            sectionType = type
            axisText = rest
        }
        guard sectionType == EvdevCode.absolute, !axisText.isEmpty else { return }
        try readAxis(axisText, line: line, file: file)
    }

    /// `ABS (0003): rest` as its type and the rest; nil for other lines.
    private static func typeHeading(_ text: Substring) -> (UInt16, Substring)? {
        guard let open = text.firstIndex(of: "("), let close = text[open...].firstIndex(of: ")") else { return nil }
        let label = text[..<open].trimmingSpacesAndTabs()
        guard (1...3).contains(label.count), label.allSatisfy({ ("A"..."Z").contains($0) || $0 == "?" }) else { return nil }
        guard let type = GeteventLine.hexadecimal(text[text.index(after: open)..<close], digits: 4).flatMap(UInt16.init(exactly:)) else {
            return nil
        }
        let afterClose = text[text.index(after: close)...]
        guard afterClose.first == ":" else { return nil }
        return (type, afterClose.dropFirst().trimmingSpacesAndTabs())
    }

    /// One axis: `NAME[*] : value V, min A, max B, fuzz F, flat L[, resolution R]`.
    private mutating func readAxis(_ text: Substring, line: Int, file: String) throws(TraceError) {
        guard let colon = text.firstIndex(of: ":") else {
            throw TraceError(file: file, line: line, problem: "an axis line needs 'NAME : value V, min A, max B, …', found '\(text.prefix(40))'")
        }
        var name = text[..<colon].trimmingSpacesAndTabs()
        // getevent marks with * what is held down; an axis never is, but the mark is allowed.
        if name.last == "*" { name = name.dropLast().trimmingSpacesAndTabs() }
        guard let code = GeteventLine.hexadecimal(name, digits: 4).flatMap(UInt16.init(exactly:)) ?? EvdevCode.code(named: name, type: EvdevCode.absolute),
              code <= EvdevCode.maximumAxis else {
            throw TraceError(file: file, line: line, problem: "axis '\(name.prefix(40))' is neither an ABS_ name nor a code in 0000…\(String(EvdevCode.maximumAxis, radix: 16))")
        }
        var fields: [Substring: Int32] = [:]
        for part in text[text.index(after: colon)...].split(separator: ",") {
            let words = part.split(whereSeparator: GeteventLine.isSpace)
            guard words.count == 2, ["value", "min", "max", "fuzz", "flat", "resolution"].contains(words[0]) else {
                throw TraceError(file: file, line: line, problem: "'\(part.trimmingSpacesAndTabs().prefix(40))' is not one of value, min, max, fuzz, flat, resolution with a number")
            }
            guard fields[words[0]] == nil else { throw TraceError(file: file, line: line, problem: "'\(words[0])' is given twice") }
            fields[words[0]] = try NumberField.int32(words[1], what: String(words[0]), file: file, line: line)
        }
        guard let minimum = fields["min"], let maximum = fields["max"] else {
            throw TraceError(file: file, line: line, problem: "\(EvdevCode.axisName(code)) needs its min and max")
        }
        guard maximum >= minimum else {
            throw TraceError(file: file, line: line, problem: "\(EvdevCode.axisName(code)) has its maximum \(maximum) below its minimum \(minimum)")
        }
        let index = devices.count - 1
        if let earlier = devices[index].axes[code] {
            throw TraceError(file: file, line: line, problem: "\(EvdevCode.axisName(code)) is described twice for \(devices[index].path) (first on line \(earlier.line))")
        }
        devices[index].axes[code] = AbsoluteAxis(minimum: minimum, maximum: maximum, resolution: fields["resolution"] ?? 0, line: line)
    }

    /// The device to import: the one at `path`, or else the only one with position axes.
    func device(path: String?, file: String) throws(TraceError) -> Device {
        if let path {
            guard let device = devices.first(where: { $0.path == path }) else {
                throw TraceError(file: file, problem: "describes no device \(path) (it describes \(Self.list(devices)))")
            }
            return device
        }
        let touch = devices.filter { EvdevDevice(name: $0.name, axes: $0.axes, file: file).touchProtocol != nil }
        guard touch.count == 1, let device = touch.first else {
            if touch.isEmpty {
                throw TraceError(file: file, problem: devices.isEmpty ? "describes no device (expected the output of getevent -lp)"
                                                                      : "describes no device with position axes (ABS_MT_POSITION_X and _Y, or ABS_X and ABS_Y)")
            }
            throw TraceError(file: file, problem: "describes \(touch.count) devices with position axes (\(Self.list(touch))); choose one with --device PATH")
        }
        return device
    }

    private static func list(_ devices: [Device]) -> String {
        devices.isEmpty ? "none" : devices.prefix(8).map { "\($0.path) \"\($0.name)\"" }.joined(separator: ", ")
            + (devices.count > 8 ? ", …" : "")
    }
}
