import Interaction

/// Imports the text of Android's `adb shell getevent -lt` (or `-t`) from a touch screen.
///
/// The axis ranges come from `getevent -lp` (or `-p`) output, or from the command line
/// (``GeteventRanges``). When getevent watched every device, each event line names its device:
/// the events of the chosen device are kept and the others counted and skipped. The events are
/// decoded as the evemu importer's are (``EvdevDecoder``): frames end at SYN_REPORT, multi-touch
/// protocol B's slots and tracking ids become pointers. The input is read in chunks, one line
/// held at a time.
public enum GeteventImporter {
    /// The clock named in the headers of imported traces.
    static let clock = "kernel event time (getevent -t)"
    /// The device's name when neither the description nor the events name it.
    static let unnamedDevice = "getevent device"

    /// Where the axis ranges come from.
    public enum Axes: Sendable {
        /// `getevent -lp` output: its text, and its name in messages.
        case description(bytes: [UInt8], file: String)
        /// `getevent -lp` output in a file, read in chunks.
        case descriptionFile(path: String)
        /// Ranges given on the command line.
        case ranges(GeteventRanges)
    }

    /// Imports the getevent text in `bytes` (named `file` in messages).
    /// - Parameter device: the path of the device whose events to import (`/dev/input/event2`);
    ///   nil picks the only touch device described, or with ranges the only device in the events.
    public static func importTrace(bytes: [UInt8], file: String, axes: Axes, device: String? = nil,
                                   options: ImportOptions) throws(TraceError) -> ImportedTrace {
        try importTrace(file: file, axes: axes, device: device, options: options) { body throws(TraceError) in
            try ImportSource.forEachLine(bytes, file: file, body)
        }
    }

    /// Imports the getevent text in the file at `path`, read in chunks.
    public static func importFile(path: String, axes: Axes, device: String? = nil, options: ImportOptions) throws(TraceError) -> ImportedTrace {
        try importTrace(file: path, axes: axes, device: device, options: options) { body throws(TraceError) in
            try ImportSource.forEachLine(atPath: path, body)
        }
    }

    private static func importTrace(file: String, axes: Axes, device requestedPath: String?, options: ImportOptions,
                                    lines: ImportSource.LineWalk) throws(TraceError) -> ImportedTrace {
        var described: (device: EvdevDevice, path: String)?
        var axesSource = "ranges given on the command line"
        switch axes {
        case .description(let bytes, let axesFile):
            described = try device(describedIn: axesFile, path: requestedPath) { body throws(TraceError) in
                try ImportSource.forEachLine(bytes, file: axesFile, body)
            }
            axesSource = axesFile
        case .descriptionFile(let path):
            described = try device(describedIn: path, path: requestedPath) { body throws(TraceError) in
                try ImportSource.forEachLine(atPath: path, body)
            }
            axesSource = path
        case .ranges:
            break
        }
        var selectedPath = described?.path ?? requestedPath
        var namesByPath: [Substring: Substring] = [:]
        var lastAddedPath: Substring?
        var decoder: EvdevDecoder?
        var otherDeviceEvents = 0
        try lines { number, text throws(TraceError) in
            switch try GeteventLine.parse(text, line: number, file: file) {
            case .skipped:
                return
            case .device(let path):
                lastAddedPath = path
            case .name(let name):
                // Names are kept only while the device is unknown, and at most as many as a
                // description may hold, so a long list of devices costs nothing.
                guard let path = lastAddedPath, selectedPath == nil || selectedPath == String(path) else { return }
                if namesByPath[path] != nil || namesByPath.count < GeteventDescription.deviceLimit { namesByPath[path] = name }
            case .event(let event, let path):
                if let path {
                    if let selectedPath, selectedPath != String(path) {
                        // Ranges name no device: events of two devices cannot be told apart.
                        guard described != nil || requestedPath != nil else {
                            throw TraceError(file: file, line: number, problem: "events of \(path) after events of \(selectedPath): with ranges on the command line, choose the touch screen with --device PATH")
                        }
                        otherDeviceEvents += 1
                        return
                    }
                    if selectedPath == nil { selectedPath = String(path) }
                }
                if decoder == nil {
                    let device: EvdevDevice
                    if let described {
                        device = described.device
                    } else if case .ranges(let ranges) = axes {
                        let name = selectedPath.flatMap { namesByPath[Substring($0)] }.map(String.init) ?? unnamedDevice
                        device = ranges.device(name: name)
                    } else {
                        throw TraceError(file: file, line: number, problem: "no axis ranges")
                    }
                    decoder = try EvdevDecoder(device: device, window: options.windowSize, file: file)
                }
                try decoder?.feed(event)
            }
        }
        guard var decoder else {
            throw TraceError(file: file, problem: otherDeviceEvents > 0
                ? "no events of \(selectedPath ?? "the device") (\(otherDeviceEvents) of other devices)"
                : "no events (expected lines such as '[   1234.567890] EV_ABS ABS_MT_POSITION_X 000001a2' from getevent -lt)")
        }
        var decoded = try decoder.finish()
        decoded.statistics.otherDeviceEvents = otherDeviceEvents
        var history = "imported from getevent output \(file) (axes: \(axesSource)"
        if let selectedPath { history += ", device \(selectedPath)" }
        history += "), \(decoder.protocolDescription), \(decoded.statistics.sourceFrames) frames\(decoded.statistics.historyDetail)"
        let header = options.header(device: decoded.device, clock: clock, notes: nil, history: history, format: "getevent", source: file)
        return ImportedTrace(trace: Trace(header: header, events: decoded.events), statistics: decoded.statistics)
    }

    /// The device a `getevent -p` description (`file`, whose lines `lines` walks) describes at
    /// `path`, or its only touch device.
    private static func device(describedIn file: String, path: String?, lines: ImportSource.LineWalk) throws(TraceError) -> (device: EvdevDevice, path: String) {
        var description = GeteventDescription()
        try lines { number, text throws(TraceError) in try description.read(text, line: number, file: file) }
        let chosen = try description.device(path: path, file: file)
        let name = chosen.name.isEmpty ? unnamedDevice : chosen.name
        return (EvdevDevice(name: name, axes: chosen.axes, file: file), chosen.path)
    }
}
