import Engine
import Interaction

/// How a pointer event is written in a trace: one compact object per line, `t` first.
enum PointerEventCoding {
    /// Coordinates beyond this many points from the origin are taken as corrupt.
    static let coordinateLimit = 1_000_000.0
    /// Timestamps beyond this many seconds (a week) are taken as corrupt.
    static let timeLimit = 604_800.0
    /// Pointer ids must lie in 0…this.
    static let pointerIDLimit = 1 << 31 - 1

    /// The event's line (without a trailing comma or newline), with the samples the browser
    /// predicted after it.
    static func line(_ event: PointerEvent, predicted: [PredictedSample] = []) -> String {
        var bytes: [UInt8] = []
        appendLine(event, predicted: predicted, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the event's line (without a trailing comma or newline) as bytes; `predicted`
    /// goes in its own key (format 1.2), written only when there are some.
    static func appendLine(_ event: PointerEvent, predicted: [PredictedSample] = [], to bytes: inout [UInt8]) {
        bytes.append(contentsOf: "{\"t\":".utf8)
        DecimalFormat.append(event.timestamp, decimals: 6, to: &bytes)
        bytes.append(contentsOf: ",\"id\":".utf8)
        DecimalFormat.append(event.pointerID, to: &bytes)
        bytes.append(contentsOf: ",\"kind\":\"".utf8)
        bytes.append(contentsOf: event.kind.rawValue.utf8)
        bytes.append(contentsOf: "\",\"phase\":\"".utf8)
        bytes.append(contentsOf: event.phase.rawValue.utf8)
        bytes.append(contentsOf: "\",\"x\":".utf8)
        DecimalFormat.append(event.position.x, decimals: 3, trimmed: true, to: &bytes)
        bytes.append(contentsOf: ",\"y\":".utf8)
        DecimalFormat.append(event.position.y, decimals: 3, trimmed: true, to: &bytes)
        if let pressure = event.pressure {
            bytes.append(contentsOf: ",\"pressure\":".utf8)
            DecimalFormat.append(pressure, decimals: 4, trimmed: true, to: &bytes)
        }
        if let contactSize = event.contactSize {
            bytes.append(contentsOf: ",\"size\":".utf8)
            DecimalFormat.append(contactSize, decimals: 3, trimmed: true, to: &bytes)
        }
        if !predicted.isEmpty {
            bytes.append(contentsOf: ",\"predicted\":[".utf8)
            for (index, sample) in predicted.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes.append(contentsOf: "{\"t\":".utf8)
                DecimalFormat.append(sample.timestamp, decimals: 6, to: &bytes)
                bytes.append(contentsOf: ",\"x\":".utf8)
                DecimalFormat.append(sample.position.x, decimals: 3, trimmed: true, to: &bytes)
                bytes.append(contentsOf: ",\"y\":".utf8)
                DecimalFormat.append(sample.position.y, decimals: 3, trimmed: true, to: &bytes)
                bytes.append(UInt8(ascii: "}"))
            }
            bytes.append(UInt8(ascii: "]"))
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// Decodes one event object; unknown keys are ignored.
    static func event(from json: JSONValue) throws(EventProblem) -> PointerEvent {
        try eventAndPredictions(from: json).event
    }

    /// Decodes one event object and the samples predicted after it; unknown keys are ignored.
    static func eventAndPredictions(from json: JSONValue) throws(EventProblem) -> (event: PointerEvent, predicted: [PredictedSample]) {
        guard let members = json.members else { throw EventProblem("an event must be an object, found \(json.typeName)") }
        var fields = EventFields()
        for member in members { fields.set(member.key, EventFields.Field(member.value)) }
        return (try event(from: fields), try predictedSamples(from: fields.predicted))
    }

    /// The samples a `predicted` field holds (none when it is absent or null), checked as an
    /// event's time and position are.
    static func predictedSamples(from field: EventFields.Field) throws(EventProblem) -> [PredictedSample] {
        let values: [JSONValue]
        switch field {
        case .missing, .null: return []
        case .list(let list): values = list
        default: throw EventProblem("\"predicted\" must be an array of {\"t\", \"x\", \"y\"} objects, found \(field.description)")
        }
        guard values.count <= TraceLimits.predictedSamplesPerEvent else {
            throw EventProblem("\"predicted\" holds \(values.count) samples; at most \(TraceLimits.predictedSamplesPerEvent) are read")
        }
        var samples: [PredictedSample] = []
        samples.reserveCapacity(values.count)
        for (index, value) in values.enumerated() {
            guard value.members != nil else {
                throw EventProblem("\"predicted\"[\(index)] must be an object with \"t\", \"x\" and \"y\", found \(value.typeName)")
            }
            func field(_ key: String) -> EventFields.Field { value[key].map(EventFields.Field.init) ?? .missing }
            do throws(EventProblem) {
                let time = try number(field("t"), "t")
                guard isValidTime(time) else {
                    throw EventProblem("\"t\" \(DecimalFormat.string(time, decimals: 6)) s is out of range (0…\(Int(timeLimit)) s from the trace's start)")
                }
                samples.append(PredictedSample(timestamp: time, position: Point(x: try coordinate(field("x"), "x"), y: try coordinate(field("y"), "y"))))
            } catch {
                throw EventProblem("\"predicted\"[\(index)]: \(error.message)")
            }
        }
        return samples
    }

    /// The event the fields describe, checked: every rule about an event's values is here.
    static func event(from fields: EventFields) throws(EventProblem) -> PointerEvent {
        let time = try number(fields.t, "t")
        guard isValidTime(time) else {
            throw EventProblem("\"t\" \(DecimalFormat.string(time, decimals: 6)) s is out of range (0…\(Int(timeLimit)) s from the trace's start)")
        }
        let identifier = try number(fields.id, "id")
        guard isValidIdentifier(identifier) else {
            throw EventProblem("\"id\" must be a whole number in 0…\(pointerIDLimit)")
        }
        let kind: PointerKind
        switch fields.kind {
        case .missing: throw EventProblem("missing \"kind\"")
        case .kind(let value): kind = value
        default: throw EventProblem("\"kind\" must be one of mouse, touch, pen, found \(fields.kind.description)")
        }
        let phase: PointerPhase
        switch fields.phase {
        case .missing: throw EventProblem("missing \"phase\"")
        case .phase(let value): phase = value
        default: throw EventProblem("\"phase\" must be one of down, move, up, cancel, found \(fields.phase.description)")
        }
        let x = try coordinate(fields.x, "x")
        let y = try coordinate(fields.y, "y")
        let pressure = try optionalNumber(fields.pressure, "pressure")
        if let pressure, !isValidPressure(pressure) {
            throw EventProblem("\"pressure\" must be in 0…1")
        }
        let size = try optionalNumber(fields.size, "size")
        if let size, !isValidSize(size) {
            throw EventProblem("\"size\" must be a non-negative number of points")
        }
        return PointerEvent(pointerID: Int(identifier), kind: kind, phase: phase, position: Point(x: x, y: y),
                            timestamp: time, pressure: pressure, contactSize: size)
    }

    /// A time in seconds from the trace's start is finite and within a week.
    @inline(__always)
    static func isValidTime(_ time: Double) -> Bool { time.isFinite && time >= 0 && time <= timeLimit }

    /// A pointer id is a whole number in 0…``pointerIDLimit``.
    @inline(__always)
    static func isValidIdentifier(_ identifier: Double) -> Bool {
        identifier == identifier.rounded() && identifier >= 0 && identifier <= Double(pointerIDLimit)
    }

    /// A coordinate in points is finite and within ``coordinateLimit`` of the origin.
    @inline(__always)
    static func isValidCoordinate(_ value: Double) -> Bool { value.isFinite && abs(value) <= coordinateLimit }

    /// A pressure is finite and in 0…1.
    @inline(__always)
    static func isValidPressure(_ pressure: Double) -> Bool { pressure.isFinite && pressure >= 0 && pressure <= 1 }

    /// A contact size in points is finite, non-negative and within ``coordinateLimit``.
    @inline(__always)
    static func isValidSize(_ size: Double) -> Bool { size.isFinite && size >= 0 && size <= coordinateLimit }

    private static func number(_ field: EventFields.Field, _ key: String) throws(EventProblem) -> Double {
        switch field {
        case .missing: throw EventProblem("missing \"\(key)\"")
        case .number(let value): return value
        default: throw EventProblem("\"\(key)\" must be a number, found \(field.description)")
        }
    }

    private static func optionalNumber(_ field: EventFields.Field, _ key: String) throws(EventProblem) -> Double? {
        switch field {
        case .missing, .null: return nil
        default: return try number(field, key)
        }
    }

    private static func coordinate(_ field: EventFields.Field, _ key: String) throws(EventProblem) -> Double {
        let value = try number(field, key)
        guard isValidCoordinate(value) else {
            throw EventProblem("\"\(key)\" \(value) is out of range (|\(key)| <= \(Int(coordinateLimit)) points)")
        }
        return value
    }
}

/// The known fields of one event as read, before they are checked.
struct EventFields {
    /// One field's value as read.
    enum Field: CustomStringConvertible {
        case missing
        case null
        case number(Double)
        case kind(PointerKind)
        case phase(PointerPhase)
        case text(String)
        case list([JSONValue])
        case other(typeName: String)

        init(_ value: JSONValue) {
            switch value {
            case .number(let number): self = .number(number)
            case .null: self = .null
            case .string(let text): self = .text(text)
            case .array(let elements): self = .list(elements)
            default: self = .other(typeName: value.typeName)
            }
        }

        /// How the value is named in messages: a string in quotes (cut to 40 characters), or its type.
        var description: String {
            switch self {
            case .missing: return "nothing"
            case .null: return "null"
            case .number: return "a number"
            case .kind(let kind): return "\"\(kind.rawValue)\""
            case .phase(let phase): return "\"\(phase.rawValue)\""
            case .text(let text): return "\"\(text.prefix(40))\""
            case .list: return "an array"
            case .other(let typeName): return typeName
            }
        }
    }

    /// The keys an event may have; anything else is ignored.
    enum Key: Equatable {
        case t, id, kind, phase, x, y, pressure, size, predicted, unknown

        init<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
            switch bytes.count {
            case 1:
                switch bytes.first ?? 0 {
                case UInt8(ascii: "t"): self = .t
                case UInt8(ascii: "x"): self = .x
                case UInt8(ascii: "y"): self = .y
                default: self = .unknown
                }
            default:
                self = Self.longNames.first { $0.bytes.elementsEqual(bytes) }?.key ?? .unknown
            }
        }

        init(_ text: String) { self.init(Array(text.utf8)) }

        /// The keys longer than one letter, as bytes.
        private static let longNames: [(bytes: [UInt8], key: Key)] = [
            (Array("id".utf8), .id), (Array("kind".utf8), .kind), (Array("phase".utf8), .phase),
            (Array("pressure".utf8), .pressure), (Array("size".utf8), .size), (Array("predicted".utf8), .predicted),
        ]
    }

    var t = Field.missing, id = Field.missing, kind = Field.missing, phase = Field.missing
    var x = Field.missing, y = Field.missing, pressure = Field.missing, size = Field.missing
    /// Format 1.2's samples the browser predicted, never decoded into the event itself.
    var predicted = Field.missing

    /// Records `field` under `key`; the first occurrence of a repeated key wins, as in
    /// ``JSONValue``'s subscript.
    mutating func set(_ key: Key, _ field: Field) {
        let value = Self.normalized(field, for: key)
        func keepFirst(_ slot: inout Field) { if case .missing = slot { slot = value } }
        switch key {
        case .t: keepFirst(&t)
        case .id: keepFirst(&id)
        case .kind: keepFirst(&kind)
        case .phase: keepFirst(&phase)
        case .x: keepFirst(&x)
        case .y: keepFirst(&y)
        case .pressure: keepFirst(&pressure)
        case .size: keepFirst(&size)
        case .predicted: keepFirst(&predicted)
        case .unknown: break
        }
    }

    mutating func set(_ key: String, _ field: Field) { set(Key(key), field) }

    /// A string read for `kind` or `phase` becomes the enum it names, if it names one.
    private static func normalized(_ field: Field, for key: Key) -> Field {
        guard case .text(let text) = field else { return field }
        if key == .kind, let kind = PointerKind(rawValue: text) { return .kind(kind) }
        if key == .phase, let phase = PointerPhase(rawValue: text) { return .phase(phase) }
        return field
    }
}

/// A problem with one event.
struct EventProblem: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
