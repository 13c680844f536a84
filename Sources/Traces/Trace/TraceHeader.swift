import Engine
import Interaction

/// The first element of every trace: what the trace is, where it came from, the
/// configuration it was recorded under and what it is expected to produce.
public struct TraceHeader: Hashable, Sendable {
    /// The format's name, written in every header.
    public static let formatName = "gesture-lab-trace"
    /// The major version this program writes and reads.
    public static let majorVersion = 1
    /// The minor version this program writes.
    public static let minorVersion = 4

    /// An input device that produced events in the trace.
    public struct Device: Hashable, Sendable {
        /// The device kind.
        public var kind: PointerKind
        /// A human-readable name (SDL's, or the kernel's for imports).
        public var name: String
        /// For imported data: the source device's axis ranges, e.g. `x: 0…32767`.
        public var axes: [String: ClosedRange<Double>]

        /// Creates a device description.
        public init(kind: PointerKind, name: String, axes: [String: ClosedRange<Double>] = [:]) {
            self.kind = kind
            self.name = name
            self.axes = axes
        }
    }

    /// What a trace is expected to produce when replayed.
    public struct Expectations: Hashable, Sendable {
        /// Outcomes, one per interactive transition in order, under the configuration in the
        /// header.
        public var outcomes: [TransitionOutcome]?
        /// Outcomes under other policies, by policy.
        public var outcomesByPolicy: [PolicySpec: [TransitionOutcome]]
        /// What the person meant, one verdict (`finish`/`cancel`) per transition.
        public var intent: [ReleaseDecision.Verdict]?

        /// Creates expectations.
        public init(outcomes: [TransitionOutcome]? = nil, outcomesByPolicy: [PolicySpec: [TransitionOutcome]] = [:],
                    intent: [ReleaseDecision.Verdict]? = nil) {
            self.outcomes = outcomes
            self.outcomesByPolicy = outcomesByPolicy
            self.intent = intent
        }
    }

    /// The version as written, e.g. "1.0".
    public var version: String
    /// Creation time, ISO 8601 in UTC.
    public var created: String
    /// The program and version that wrote the trace.
    public var program: String
    /// The window's size in points.
    public var windowSize: Size
    /// Pixels per point of the window.
    public var pixelDensity: Double
    /// The input devices.
    public var devices: [Device]
    /// Which clock stamped the events.
    public var clock: String?
    /// The configuration in force when it was recorded.
    public var configuration: SessionConfiguration
    /// Expected results, if labelled.
    public var expect: Expectations?
    /// Free text: what the gesture is.
    public var notes: String?
    /// Which gesture the trace is a take of: traces of one group stay on one side of a
    /// cross-validation split (nil: the trace's folder).
    public var group: String?
    /// What was done to the trace since it was recorded (transforms, imports, labels), oldest first.
    public var history: [String]
    /// True when the events were made by a generator rather than recorded.
    public var synthesized: Bool
    /// Where the events came from (a robot's schedule, a model, a device, a person), if stated.
    public var provenance: TraceProvenance?
    /// The study, participant, task and trial the trace was taken for (since 1.4), if any.
    public var study: TraceStudy?
    /// Keys this version does not know, kept so that rewriting a trace loses nothing.
    public var unknownFields: [(key: String, value: JSONValue)]

    /// Creates a header for a new trace.
    public init(created: String, program: String, windowSize: Size, pixelDensity: Double = 1,
                devices: [Device], clock: String? = nil, configuration: SessionConfiguration,
                expect: Expectations? = nil, notes: String? = nil, history: [String] = [], synthesized: Bool = false,
                provenance: TraceProvenance? = nil) {
        self.version = "\(Self.majorVersion).\(Self.minorVersion)"
        self.created = created
        self.program = program
        self.windowSize = windowSize
        self.pixelDensity = pixelDensity
        self.devices = devices
        self.clock = clock
        self.configuration = configuration
        self.expect = expect
        self.notes = notes
        self.group = nil
        self.history = history
        self.synthesized = synthesized
        self.provenance = provenance
        self.study = nil
        self.unknownFields = []
    }

    public static func == (lhs: TraceHeader, rhs: TraceHeader) -> Bool {
        lhs.json == rhs.json
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(json)
    }
}
