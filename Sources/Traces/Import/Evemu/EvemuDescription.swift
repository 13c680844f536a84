import Interaction

/// The device description lines of an evemu recording (`.prop`, or the top of an `.event`):
/// `N: name`, `A: <code hex> <min> <max> <fuzz> <flat> [resolution]`, and `I:`, `P:`, `B:`,
/// `L:`, `S:` lines, which the importer does not need and skips.
struct EvemuDescription {
    /// The device's name (`N:`).
    private(set) var name: String?
    /// Absolute axes by code (`A:`).
    private(set) var axes: [UInt16: AbsoluteAxis] = [:]
    private var nameLine: Int?

    /// True when no `N:` or `A:` line has been read.
    var isEmpty: Bool { name == nil && axes.isEmpty }

    /// The prefixes of description lines.
    static let prefixes: Set<Character> = ["N", "I", "P", "B", "A", "L", "S"]

    /// Reads one description line of `file`; `kind` is its letter and `fields` the text after
    /// `X:` (for `N:` untouched, for the others without a `#` comment).
    mutating func read(kind: Character, fields: Substring, line: Int, file: String) throws(TraceError) {
        switch kind {
        case "N":
            if let nameLine {
                throw TraceError(file: file, line: line, problem: "a second N: line (the device is already named on line \(nameLine))")
            }
            name = String(fields.trimmingSpacesAndTabs())
            nameLine = line
        case "A":
            try readAxis(fields, line: line, file: file)
        default:
            break
        }
    }

    private mutating func readAxis(_ fields: Substring, line: Int, file: String) throws(TraceError) {
        let parts = fields.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard parts.count == 5 || parts.count == 6 else {
            throw TraceError(file: file, line: line, problem: "an A: line needs 5 or 6 fields (code min max fuzz flat [resolution]), found \(parts.count)")
        }
        let codeValue = try NumberField.integer(parts[0], radix: 16, what: "axis code", file: file, line: line)
        guard let code = UInt16(exactly: codeValue), code <= EvdevCode.maximumAxis else {
            throw TraceError(file: file, line: line, problem: "axis code \(parts[0]) is out of range (0x00…\(EvdevCode.hex(EvdevCode.maximumAxis)))")
        }
        let minimum = try NumberField.int32(parts[1], what: "minimum", file: file, line: line)
        let maximum = try NumberField.int32(parts[2], what: "maximum", file: file, line: line)
        _ = try NumberField.int32(parts[3], what: "fuzz", file: file, line: line)
        _ = try NumberField.int32(parts[4], what: "flat", file: file, line: line)
        let resolution = parts.count == 6 ? try NumberField.int32(parts[5], what: "resolution", file: file, line: line) : 0
        if let earlier = axes[code] {
            throw TraceError(file: file, line: line, problem: "\(EvdevCode.axisName(code)) is described twice (first on line \(earlier.line))")
        }
        guard maximum >= minimum else {
            throw TraceError(file: file, line: line, problem: "\(EvdevCode.axisName(code)) has its maximum \(maximum) below its minimum \(minimum)")
        }
        axes[code] = AbsoluteAxis(minimum: minimum, maximum: maximum, resolution: resolution, line: line)
    }

    /// The device, or an error when the description does not name it.
    func device(file: String) throws(TraceError) -> EvdevDevice {
        guard let name else { throw TraceError(file: file, problem: "the device description has no N: line naming the device") }
        return EvdevDevice(name: name, axes: axes, file: file)
    }
}
