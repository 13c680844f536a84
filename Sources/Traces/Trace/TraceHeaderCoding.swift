import Engine
import Interaction
import Plumbing

extension TraceHeader {
    /// The header as JSON, keys in a fixed order, unknown keys kept at the end.
    public var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("format", .string(Self.formatName)),
            ("version", .string(version)),
            ("created", .string(created)),
            ("program", .string(program)),
            ("window", .object([("width", .number(windowSize.width)), ("height", .number(windowSize.height)),
                                ("density", .number(pixelDensity))])),
            ("devices", .array(devices.map(\.json))),
        ]
        if let clock { members.append(("clock", .string(clock))) }
        members.append(("config", configuration.json))
        if let expect { members.append(("expect", expect.json)) }
        if let notes { members.append(("notes", .string(notes))) }
        if let group { members.append(("group", .string(group))) }
        if !history.isEmpty { members.append(("history", .array(history.map(JSONValue.string)))) }
        if synthesized { members.append(("synthesized", .bool(true))) }
        if let provenance { members.append(("provenance", provenance.json)) }
        if let study { members.append(("study", study.json)) }
        members += unknownFields
        return .object(members)
    }

    static let knownKeys: Set<String> = ["format", "version", "created", "program", "window", "devices", "clock",
                                         "config", "expect", "notes", "group", "history", "synthesized", "provenance", "study"]

    /// What to do with a recording from another tool.
    static let importHint = "a recording from another tool can be converted with 'gesture-lab import'; the format is described in docs/trace-format.md"

    /// The major version of `text` when it is strictly `MAJOR.MINOR`: two whole numbers of at
    /// most ``TraceLimits/versionDigits`` digits each, no sign, no leading zero, no spaces.
    static func majorVersion(of text: String) -> Int? {
        let parts = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        for part in parts {
            guard (1...TraceLimits.versionDigits).contains(part.count), part.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                  part.count == 1 || part.first != UInt8(ascii: "0") else { return nil }
        }
        return Int(String(decoding: parts[0], as: UTF8.self))
    }

    /// Reads a header, throwing a message that names the bad field.
    init(json: JSONValue) throws(HeaderProblem) {
        guard let members = json.members else {
            throw HeaderProblem("the first element must be the header object, found \(json.typeName)")
        }
        guard json["format"]?.string == Self.formatName else {
            throw HeaderProblem("the header's \"format\" must be \"\(Self.formatName)\" (is this a gesture-lab trace? \(Self.importHint))")
        }
        guard let versionText = json["version"]?.string else {
            throw HeaderProblem("the header's \"version\" must be a string such as \"1.0\"")
        }
        guard let major = Self.majorVersion(of: versionText) else {
            throw HeaderProblem("the header's \"version\" \"\(versionText)\" is not of the form MAJOR.MINOR (whole numbers of at most \(TraceLimits.versionDigits) digits, without sign or leading zeros)")
        }
        guard major <= Self.majorVersion else {
            throw HeaderProblem("trace format version \(versionText) is newer than this program reads (\(Self.majorVersion).x); update gesture-lab")
        }
        guard major == Self.majorVersion else {
            throw HeaderProblem("trace format version \(versionText) is not supported (this program reads \(Self.majorVersion).x)")
        }
        version = versionText
        created = try Self.optionalString(json, "created") ?? ""
        program = try Self.optionalString(json, "program") ?? ""
        guard let window = json["window"], window.members != nil else {
            throw HeaderProblem("the header needs a \"window\" object with \"width\" and \"height\" in points")
        }
        guard let width = window["width"]?.number, let height = window["height"]?.number,
              width.isFinite, height.isFinite, width > 0, height > 0, width <= 100_000, height <= 100_000 else {
            throw HeaderProblem("the header's \"window\" needs a positive \"width\" and \"height\" in points (at most 100000)")
        }
        windowSize = Size(width: width, height: height)
        let density = window["density"]?.number ?? 1
        guard density.isFinite, density > 0, density <= 16 else { throw HeaderProblem("the window's \"density\" must be in 0…16") }
        pixelDensity = density
        var devices: [Device] = []
        for (index, value) in (json["devices"]?.array ?? []).enumerated() {
            do { devices.append(try Device(json: value)) } catch { throw HeaderProblem("devices[\(index)]: \(error.message)") }
        }
        self.devices = devices
        clock = try Self.optionalString(json, "clock")
        if let config = json["config"] {
            do { configuration = try SessionConfiguration(json: config, windowSize: windowSize) } catch {
                throw HeaderProblem("config: \(error.message)")
            }
        } else {
            configuration = SessionConfiguration(windowSize: windowSize, tunables: .formatOnePointZero)
        }
        if let expectJSON = json["expect"] {
            do { expect = try Expectations(json: expectJSON) } catch { throw HeaderProblem("expect: \(error.message)") }
        } else {
            expect = nil
        }
        notes = try Self.optionalString(json, "notes")
        group = try Self.optionalString(json, "group")
        let historyValues = json["history"]?.array ?? []
        guard json["history"] == nil || json["history"]?.array != nil, historyValues.allSatisfy({ $0.string != nil }) else {
            throw HeaderProblem("the header's \"history\" must be an array of strings")
        }
        history = historyValues.compactMap(\.string)
        synthesized = json["synthesized"]?.bool ?? false
        provenance = try json["provenance"].map { value throws(HeaderProblem) in try TraceProvenance(json: value) }
        study = try json["study"].map { value throws(HeaderProblem) in try TraceStudy(json: value) }
        unknownFields = members.filter { !Self.knownKeys.contains($0.key) }
    }

    static func optionalString(_ json: JSONValue, _ key: String) throws(HeaderProblem) -> String? {
        guard let value = json[key], value != .null else { return nil }
        guard let text = value.string else { throw HeaderProblem("the header's \"\(key)\" must be a string, found \(value.typeName)") }
        return text
    }
}

/// A problem with one field of a header.
struct HeaderProblem: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

extension TraceHeader.Device {
    var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("kind", .string(kind.rawValue)), ("name", .string(name))]
        if !axes.isEmpty {
            members.append(("axes", .object(axes.keys.sorted().map { key in
                let range = axes[key] ?? 0...0
                return (key, .array([.number(range.lowerBound), .number(range.upperBound)]))
            })))
        }
        return .object(members)
    }

    init(json: JSONValue) throws(HeaderProblem) {
        guard let kindText = json["kind"]?.string, let kind = PointerKind(rawValue: kindText) else {
            throw HeaderProblem("\"kind\" must be one of mouse, touch, pen")
        }
        self.kind = kind
        name = json["name"]?.string ?? ""
        var axes: [String: ClosedRange<Double>] = [:]
        for member in json["axes"]?.members ?? [] {
            guard let bounds = member.value.array, bounds.count == 2, let low = bounds[0].number, let high = bounds[1].number,
                  low <= high else {
                throw HeaderProblem("axis \"\(member.key)\" must be [min, max]")
            }
            axes[member.key] = low...high
        }
        self.axes = axes
    }
}

extension TraceHeader.Expectations {
    /// The expectations as JSON, as written in a header's `expect`.
    public var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        if let outcomes { members.append(("outcomes", .array(outcomes.map { .string($0.rawValue) }))) }
        if !outcomesByPolicy.isEmpty {
            members.append(("policies", .object(outcomesByPolicy.keys.sorted { $0.canonical < $1.canonical }.map { policy in
                (policy.canonical, .array((outcomesByPolicy[policy] ?? []).map { .string($0.rawValue) }))
            })))
        }
        if let intent { members.append(("intent", .array(intent.map { .string($0.rawValue) }))) }
        return .object(members)
    }

    init(json: JSONValue) throws(HeaderProblem) {
        guard json.members != nil else { throw HeaderProblem("must be an object") }
        outcomes = try Self.choices(json["outcomes"], named: "outcomes")
        var byPolicy: [PolicySpec: [TransitionOutcome]] = [:]
        for member in json["policies"]?.members ?? [] {
            let policy: PolicySpec
            do { policy = try PolicySpec.parse(member.key) } catch { throw HeaderProblem("\"policies\": \(error.description)") }
            byPolicy[policy] = try Self.choices(member.value, named: "policies.\(member.key)")
        }
        outcomesByPolicy = byPolicy
        intent = try Self.choices(json["intent"], named: "intent")
    }

    /// The cases of `Choice` an array of their names holds, nil when `value` is absent; throws
    /// naming the choices.
    static func choices<Choice: RawRepresentable & CaseIterable>(_ value: JSONValue?, named name: String) throws(HeaderProblem) -> [Choice]?
    where Choice.RawValue == String {
        guard let value else { return nil }
        guard let elements = value.array else { throw HeaderProblem("\"\(name)\" must be an array of strings") }
        var result: [Choice] = []
        for element in elements {
            guard let text = element.string, let choice = Choice(rawValue: text) else {
                throw HeaderProblem("\"\(name)\" may hold only \(Choice.allCases.map(\.rawValue).sorted().joined(separator: ", "))")
            }
            result.append(choice)
        }
        return result
    }
}

extension SessionConfiguration {
    /// The configuration as JSON, for trace headers.
    public var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("controllers", .array(controllers.map { .string($0.rawValue) })),
            ("policy", .string(policy.canonical)),
            ("transition", .string(transition.rawValue)),
            ("direction", .string(direction.rawValue)),
            ("duration", .number(duration)),
        ]
        if let completion { members.append(("completion", .string(completion.rawValue))) }
        members.append(("swipe_distance", .number(swipeDistance)))
        members.append(("velocity", .string(velocityEstimator.rawValue)))
        members.append(("operation", .string(operation.rawValue)))
        members.append(("pop_on_right_to_left", .bool(popOnRightToLeft)))
        members.append(("edge", .string(edge.rawValue)))
        // Written only when named, so a trace replays with its policy's recogniser otherwise.
        if let edgeRecognizer { members.append(("edge_recognizer", .string(edgeRecognizer.rawValue))) }
        members.append(("pinch", .string(pinchDirection.rawValue)))
        members.append(("tab_count", .number(Double(tabCount))))
        members.append(("selected_tab", .number(Double(selectedTab))))
        members.append(("tunables", .object(GestureTunables.fields.map { field in
            (Self.headerKey(field.name), .number(tunables[keyPath: field.keyPath]))
        })))
        // Written only when on, so recordings without resampling read as before.
        if resampling != .off { members.append(("resample", .string(resampling.rawValue))) }
        if prediction != .none {
            members.append(("predict", .string(prediction.rawValue)))
            members.append(("predict_horizon", .number(predictionHorizon)))
        }
        return .object(members)
    }

    init(json: JSONValue, windowSize: Size) throws(HeaderProblem) {
        guard json.members != nil else { throw HeaderProblem("must be an object") }
        // A header without tunables was written before they were recorded (format 1.0).
        var configuration = SessionConfiguration(windowSize: windowSize, tunables: .formatOnePointZero)
        if let value = json["controllers"] {
            guard let names = value.array?.compactMap(\.string), names.count == value.array?.count else {
                throw HeaderProblem("\"controllers\" must be an array of names")
            }
            var kinds: [ControllerKind] = []
            for name in names {
                do { kinds.append(try ControllerKind.parse(name)) } catch { throw HeaderProblem("\"controllers\": \(error.description)") }
            }
            configuration.controllers = kinds
        }
        if let value = json["policy"] {
            guard let text = value.string else { throw HeaderProblem("\"policy\" must be a policy name or spec") }
            do { configuration.policy = try PolicySpec.parse(text) } catch { throw HeaderProblem("\"policy\": \(error.description)") }
        }
        if let value = json["transition"] {
            guard let name = value.string else { throw HeaderProblem("\"transition\" must be a name") }
            do { configuration.transition = try TransitionName.parse(name) } catch { throw HeaderProblem("\"transition\": \(error.description)") }
        }
        if let value = json["direction"] {
            guard let name = value.string, let direction = TransitionDirection(rawValue: name) else {
                throw HeaderProblem("\"direction\" must be forward or backward")
            }
            configuration.direction = direction
        }
        if let value = json["duration"] {
            guard let seconds = value.number else { throw HeaderProblem("\"duration\" must be a number of seconds") }
            configuration.duration = seconds
        }
        if let value = json["completion"], value != .null {
            guard let name = value.string else { throw HeaderProblem("\"completion\" must be a name") }
            do { configuration.completion = try CompletionTiming.Name.parse(name) } catch { throw HeaderProblem("\"completion\": \(error.description)") }
        }
        if let value = json["swipe_distance"] {
            guard let points = value.number else { throw HeaderProblem("\"swipe_distance\" must be a number of points") }
            configuration.swipeDistance = points
        }
        if let estimator: VelocityEstimator = try Self.choice(json, "velocity") { configuration.velocityEstimator = estimator }
        if let operation: InteractionOperation = try Self.choice(json, "operation") { configuration.operation = operation }
        if let value = json["pop_on_right_to_left"] {
            guard let flag = value.bool else { throw HeaderProblem("\"pop_on_right_to_left\" must be true or false") }
            configuration.popOnRightToLeft = flag
        }
        if let edge: ScreenEdge = try Self.choice(json, "edge") { configuration.edge = edge }
        if let name: EdgeRecognizerName = try Self.choice(json, "edge_recognizer") { configuration.edgeRecognizer = name }
        if let mode: ResamplingMode = try Self.choice(json, "resample") { configuration.resampling = mode }
        if let name: PredictorName = try Self.choice(json, "predict") { configuration.prediction = name }
        if let value = json["predict_horizon"] {
            guard let seconds = value.number, SessionConfiguration.predictionHorizons.contains(seconds) else {
                throw HeaderProblem("\"predict_horizon\" must be a number of seconds in 0.001…0.1")
            }
            configuration.predictionHorizon = seconds
        }
        if let direction: PinchDirection = try Self.choice(json, "pinch") { configuration.pinchDirection = direction }
        if let count = try Self.wholeNumber(json, "tab_count", in: 1...1000) { configuration.tabCount = count }
        if let index = try Self.wholeNumber(json, "selected_tab", in: 0...(configuration.tabCount - 1)) {
            configuration.selectedTab = index
        }
        if let value = json["tunables"] {
            guard let members = value.members else { throw HeaderProblem("\"tunables\" must be an object") }
            let fields = GestureTunables.fields
            for member in members {
                guard let field = fields.first(where: { Self.headerKey($0.name) == member.key }) else {
                    throw HeaderProblem("\"tunables\" has no \"\(TerminalText.escaped(member.key))\" (expected \(fields.map { Self.headerKey($0.name) }.joined(separator: ", ")))")
                }
                guard let number = member.value.number else {
                    throw HeaderProblem("\"tunables.\(member.key)\" must be a number of \(field.unit)")
                }
                configuration.tunables[keyPath: field.keyPath] = number
            }
            if let problem = configuration.tunables.problem { throw HeaderProblem("\"tunables\": \(problem)") }
        }
        self = configuration
    }

    /// A tunable's key in a header: its command-line name with underscores (`edge_zone`).
    static func headerKey(_ name: String) -> String { String(name.map { $0 == "-" ? "_" : $0 }) }

    /// The case of `Choice` that `json[key]` names, nil when the key is absent; throws naming
    /// the choices.
    static func choice<Choice: RawRepresentable & CaseIterable>(_ json: JSONValue, _ key: String) throws(HeaderProblem) -> Choice?
    where Choice.RawValue == String {
        guard let value = json[key] else { return nil }
        guard let name = value.string, let choice = Choice(rawValue: name) else {
            throw HeaderProblem("\"\(key)\" must be one of \(Choice.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return choice
    }

    /// The whole number `json[key]` holds within `range`, nil when the key is absent.
    static func wholeNumber(_ json: JSONValue, _ key: String, in range: ClosedRange<Int>) throws(HeaderProblem) -> Int? {
        guard let value = json[key] else { return nil }
        guard let number = value.number, number == number.rounded(), number >= Double(range.lowerBound),
              number <= Double(range.upperBound) else {
            throw HeaderProblem("\"\(key)\" must be a whole number in \(range.lowerBound)…\(range.upperBound)")
        }
        return Int(number)
    }
}
