/// Where a trace's events came from: a robot's schedule, a model, a device's own recording or a
/// person. Robot and synthetic intent is the plan's, not a person's, so results are shown per
/// provenance and nobody mistakes the one for the other.
public struct TraceProvenance: Hashable, Sendable {
    /// The kinds of origin, as written in a header's `provenance.kind`.
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        /// Real input sent to the window on an exact schedule by a program (XTest), with the
        /// sender's log of what it sent.
        case robot
        /// Events made by a generator from a model and its parameters.
        case synthetic
        /// Imported from a device's own recording (evemu, libinput, getevent, $1 strokes).
        case device
        /// A person's gesture: in the window, or on the capture page.
        case person
    }

    /// How results name traces whose header states no provenance and implies none.
    public static let unstatedLabel = "unstated"

    /// The kind of origin.
    public var kind: Kind
    /// Everything else the header's `provenance` object says, in file order (the sender and
    /// its log, the model and its parameters, the source file, the page and browser).
    public var details: [(key: String, value: JSONValue)]

    /// Creates a provenance of `kind` with `details`.
    public init(kind: Kind, details: [(key: String, value: JSONValue)] = []) {
        self.kind = kind
        self.details = details
    }

    /// The provenance as the header's `provenance` object.
    public var json: JSONValue { .object([("kind", .string(kind.rawValue))] + details) }

    /// Reads a header's `provenance` object.
    init(json: JSONValue) throws(HeaderProblem) {
        guard let members = json.members else { throw HeaderProblem("the header's \"provenance\" must be an object") }
        guard let name = json["kind"]?.string, let kind = Kind(rawValue: name) else {
            throw HeaderProblem("the header's \"provenance.kind\" must be one of \(Kind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self.kind = kind
        details = members.filter { $0.key != "kind" }
    }

    /// The largest provenance file read on its own: a robot's log of a long gesture is some
    /// tens of KiB.
    public static let maximumFileBytes = 4 << 20

    /// Reads a `provenance` object given on its own (`trace label --provenance FILE`), the
    /// file and line named in any error.
    public static func parse(_ bytes: [UInt8], file: String) throws(ProvenanceError) -> TraceProvenance {
        func fail(_ problem: String, line: Int? = nil) -> ProvenanceError {
            ProvenanceError(message: "\(file)\(line.map { ":\($0)" } ?? ""): \(problem)")
        }
        guard bytes.count <= maximumFileBytes else {
            throw fail("\(bytes.count) bytes is more than the limit of \(maximumFileBytes) bytes for a provenance file")
        }
        let json: JSONValue
        do { json = try JSONParser.document(bytes) } catch { throw fail(error.message, line: error.line) }
        do { return try TraceProvenance(json: json) } catch { throw fail(error.message) }
    }

    public static func == (lhs: TraceProvenance, rhs: TraceProvenance) -> Bool { lhs.json == rhs.json }

    public func hash(into hasher: inout Hasher) { hasher.combine(json) }
}

/// A `provenance` object that cannot be read.
public struct ProvenanceError: Error, CustomStringConvertible, Sendable {
    /// What is wrong, naming the field.
    public let message: String
    public var description: String { message }
}

extension TraceHeader {
    /// The group a trace's results are shown under: its stated provenance, else what the header
    /// implies (`synthesized`, an import in its history), else unstated.
    public var provenanceLabel: String {
        if let provenance { return provenance.kind.rawValue }
        if synthesized { return TraceProvenance.Kind.synthetic.rawValue }
        if history.contains(where: { $0.hasPrefix("imported") }) { return TraceProvenance.Kind.device.rawValue }
        return TraceProvenance.unstatedLabel
    }
}
