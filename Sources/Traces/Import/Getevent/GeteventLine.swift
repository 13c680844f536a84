import Interaction

/// One line of `getevent -t` or `getevent -lt` output, as Android's toolbox prints it:
/// `[   SECONDS.MICROSECONDS] [DEVICE: ]TYPE CODE VALUE[ rate N]`, with the type, code and value in
/// hexadecimal (`0003 0035 000003a2`) or, with `-l`, as names where getevent has one
/// (`EV_ABS ABS_MT_POSITION_X 000003a2`, `EV_KEY BTN_TOUCH DOWN`).
enum GeteventLine {
    /// What a line holds.
    enum Content {
        /// An input event, with the device path printed before it when getevent watched all devices.
        case event(KernelEvent, device: Substring?)
        /// `add device N: PATH`, which getevent prints as it opens each device.
        case device(path: Substring)
        /// `name: "NAME"` under the device getevent just opened.
        case name(Substring)
        /// Nothing the importer uses: getevent's other device lines, its messages, a `#` comment.
        case skipped
    }

    /// What `text`, line `line` of `file`, holds; an error names the line and what is wrong.
    static func parse(_ text: String, line: Int, file: String) throws(TraceError) -> Content {
        let trimmed = text.trimmingSpacesAndTabs()
        if trimmed.hasPrefix("#") || trimmed.hasPrefix("remove device ") || trimmed.hasPrefix("could not ")
            || trimmed.hasPrefix("Can't enable") {
            return .skipped
        }
        if trimmed.hasPrefix("add device ") { return .device(path: try devicePath(trimmed, line: line, file: file)) }
        if trimmed.hasPrefix("name:") { return .name(quoted(trimmed.dropFirst("name:".count))) }
        guard trimmed.first == "[" else {
            if trimmed.split(whereSeparator: isSpace).count >= 3 {
                throw TraceError(file: file, line: line, problem: "an event line without a time stamp: record with 'getevent -lt' or 'getevent -t' (the -t is needed)")
            }
            throw TraceError(file: file, line: line, problem: "unknown line '\(trimmed.prefix(40))' (expected '[ SECONDS.MICROSECONDS] TYPE CODE VALUE' from getevent -t or -lt)")
        }
        guard let close = trimmed.firstIndex(of: "]") else {
            throw TraceError(file: file, line: line, problem: "the time stamp has no closing ']'")
        }
        let time = try KernelEvent.time(trimmed[trimmed.index(after: trimmed.startIndex)..<close].trimmingSpacesAndTabs(), file: file, line: line)
        var fields = trimmed[trimmed.index(after: close)...].split(whereSeparator: isSpace)
        var device: Substring?
        if let first = fields.first, first.hasSuffix(":") {
            device = first.dropLast()
            fields.removeFirst()
        }
        // `-r` adds the rate of SYN_REPORTs after each one.
        if fields.count == 5, fields[3] == "rate" { fields.removeLast(2) }
        guard fields.count == 3 else {
            throw TraceError(file: file, line: line, problem: "an event needs a type, a code and a value after its time, found \(fields.count) field\(fields.count == 1 ? "" : "s")")
        }
        var event = try event(type: fields[0], code: fields[1], value: fields[2], microseconds: time.microseconds, line: line, file: file)
        event.nanoseconds = time.nanoseconds
        return .event(event, device: device)
    }

    /// The event the three fields give, named or in hexadecimal.
    private static func event(type typeText: Substring, code codeText: Substring, value valueText: Substring,
                              microseconds: Int64, line: Int, file: String) throws(TraceError) -> KernelEvent {
        guard let type = hexadecimal(typeText, digits: 4).flatMap(UInt16.init(exactly:)) ?? EvdevCode.type(named: typeText) else {
            throw TraceError(file: file, line: line, problem: "event type '\(typeText.prefix(40))' is neither 4 hexadecimal digits nor a name getevent prints (EV_SYN, EV_KEY, EV_ABS, …)")
        }
        var label: String?
        let code: UInt16
        if let number = hexadecimal(codeText, digits: 4).flatMap(UInt16.init(exactly:)) {
            code = number
        } else if let named = EvdevCode.code(named: codeText, type: type) {
            code = named
        } else if type != EvdevCode.synchronization, type != EvdevCode.absolute, isName(codeText) {
            // A key, switch or LED the lab never reads: counted by its name, never decoded.
            code = UInt16.max
            label = String(codeText)
        } else {
            throw TraceError(file: file, line: line, problem: "event code '\(codeText.prefix(40))' is neither 4 hexadecimal digits nor a name of an \(EvdevCode.typeName(type)) code")
        }
        let value: Int32
        if let number = hexadecimal(valueText, digits: 8) {
            // getevent prints the signed value's 32 bits: ffffffff is -1.
            value = Int32(bitPattern: UInt32(truncatingIfNeeded: number))
        } else if let named = EvdevCode.value(named: valueText, type: type, code: code) {
            value = named
        } else {
            throw TraceError(file: file, line: line, problem: "value '\(valueText.prefix(40))' is neither 8 hexadecimal digits nor a name getevent prints for it")
        }
        return KernelEvent(line: line, microseconds: microseconds, type: type, code: code, value: value, label: label)
    }

    /// The path in `add device N: PATH`.
    static func devicePath(_ trimmed: Substring, line: Int, file: String) throws(TraceError) -> Substring {
        guard let colon = trimmed.firstIndex(of: ":") else {
            throw TraceError(file: file, line: line, problem: "'add device' without ': PATH'")
        }
        let path = trimmed[trimmed.index(after: colon)...].trimmingSpacesAndTabs()
        guard !path.isEmpty else { throw TraceError(file: file, line: line, problem: "'add device' without a path") }
        return path
    }

    /// The text between the quotes of `"NAME"` (the whole text when it is not quoted).
    static func quoted(_ text: Substring) -> Substring {
        let trimmed = text.trimmingSpacesAndTabs()
        guard trimmed.count >= 2, trimmed.first == "\"", trimmed.last == "\"" else { return trimmed }
        return trimmed.dropFirst().dropLast()
    }

    /// The number `text` writes in exactly `digits` hexadecimal digits, else nil.
    static func hexadecimal(_ text: Substring, digits: Int) -> Int64? {
        guard text.count == digits, text.allSatisfy(\.isHexDigit) else { return nil }
        return Int64(text, radix: 16)
    }

    /// True for a name as getevent's labels write them: capitals, digits and underscores.
    private static func isName(_ text: Substring) -> Bool {
        !text.isEmpty && text.count <= 40 && text.allSatisfy { ("A"..."Z").contains($0) || ImportSource.isDigit($0) || $0 == "_" }
    }

    static func isSpace(_ character: Character) -> Bool { character == " " || character == "\t" }
}
