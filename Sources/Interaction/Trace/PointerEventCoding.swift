import Engine

/// How a pointer event is written in a trace: one compact object per line, `t` first.
enum PointerEventCoding {
    /// Coordinates beyond this many points from the origin are taken as corrupt.
    static let coordinateLimit = 1_000_000.0
    /// Timestamps beyond this many seconds (a week) are taken as corrupt.
    static let timeLimit = 604_800.0
    /// Pointer ids must lie in 0…this.
    static let pointerIDLimit = 1 << 31 - 1

    /// The event's line (without a trailing comma or newline).
    static func line(_ event: PointerEvent) -> String {
        var text = "{\"t\":"
        text += DecimalFormat.fixedString(event.timestamp, decimals: 6)
        text += ",\"id\":\(event.pointerID),\"kind\":\"\(event.kind.rawValue)\",\"phase\":\"\(event.phase.rawValue)\",\"x\":"
        text += DecimalFormat.string(event.position.x, decimals: 3)
        text += ",\"y\":"
        text += DecimalFormat.string(event.position.y, decimals: 3)
        if let pressure = event.pressure { text += ",\"pressure\":" + DecimalFormat.string(pressure, decimals: 4) }
        if let contactSize = event.contactSize { text += ",\"size\":" + DecimalFormat.string(contactSize, decimals: 3) }
        text += "}"
        return text
    }

    /// Decodes one event object; unknown keys are ignored.
    static func event(from json: JSONValue) throws(EventProblem) -> PointerEvent {
        guard json.members != nil else { throw EventProblem("an event must be an object, found \(json.typeName)") }
        let time = try number(json, "t")
        guard time.isFinite, time >= 0, time <= timeLimit else {
            throw EventProblem("\"t\" \(DecimalFormat.string(time, decimals: 6)) s is out of range (0…\(Int(timeLimit)) s from the trace's start)")
        }
        let identifier = try number(json, "id")
        guard identifier == identifier.rounded(), identifier >= 0, identifier <= Double(pointerIDLimit) else {
            throw EventProblem("\"id\" must be a whole number in 0…\(pointerIDLimit)")
        }
        guard let kindValue = json["kind"] else { throw EventProblem("missing \"kind\"") }
        guard let kindText = kindValue.string, let kind = PointerKind(rawValue: kindText) else {
            throw EventProblem("\"kind\" must be one of mouse, touch, pen, found \(describe(kindValue))")
        }
        guard let phaseValue = json["phase"] else { throw EventProblem("missing \"phase\"") }
        guard let phaseText = phaseValue.string, let phase = PointerPhase(rawValue: phaseText) else {
            throw EventProblem("\"phase\" must be one of down, move, up, cancel, found \(describe(phaseValue))")
        }
        let x = try coordinate(json, "x")
        let y = try coordinate(json, "y")
        let pressure = try optionalNumber(json, "pressure")
        if let pressure, !(pressure.isFinite && pressure >= 0 && pressure <= 1) {
            throw EventProblem("\"pressure\" must be in 0…1")
        }
        let size = try optionalNumber(json, "size")
        if let size, !(size.isFinite && size >= 0 && size <= coordinateLimit) {
            throw EventProblem("\"size\" must be a non-negative number of points")
        }
        return PointerEvent(pointerID: Int(identifier), kind: kind, phase: phase, position: Point(x: x, y: y),
                            timestamp: time, pressure: pressure, contactSize: size)
    }

    private static func describe(_ value: JSONValue) -> String {
        if let text = value.string { return "\"\(text.prefix(40))\"" }
        return value.typeName
    }

    private static func number(_ json: JSONValue, _ key: String) throws(EventProblem) -> Double {
        guard let value = json[key] else { throw EventProblem("missing \"\(key)\"") }
        guard let number = value.number else { throw EventProblem("\"\(key)\" must be a number, found \(describe(value))") }
        return number
    }

    private static func optionalNumber(_ json: JSONValue, _ key: String) throws(EventProblem) -> Double? {
        guard let value = json[key], value != .null else { return nil }
        guard let number = value.number else { throw EventProblem("\"\(key)\" must be a number, found \(describe(value))") }
        return number
    }

    private static func coordinate(_ json: JSONValue, _ key: String) throws(EventProblem) -> Double {
        let value = try number(json, key)
        guard value.isFinite, abs(value) <= coordinateLimit else {
            throw EventProblem("\"\(key)\" \(value) is out of range (|\(key)| <= \(Int(coordinateLimit)) points)")
        }
        return value
    }
}

/// A problem with one event.
struct EventProblem: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
