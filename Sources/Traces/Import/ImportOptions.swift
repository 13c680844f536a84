import Engine
import Interaction

/// What every importer needs besides the input: the window the trace is placed in, the
/// configuration written into its header, and the header's provenance fields.
///
/// The caller supplies `created`, so importing never reads the wall clock.
public struct ImportOptions: Hashable, Sendable {
    /// The window size written into the header, in points; imported positions are mapped into it.
    public var windowSize: Size
    /// The configuration written into the header (its window size is replaced by `windowSize`).
    public var configuration: SessionConfiguration
    /// The header's creation time, ISO 8601 in UTC.
    public var created: String
    /// The program named in the header, e.g. `gesture-lab 0.1.0`.
    public var program: String
    /// For pen strokes: window points per source unit (the $1 logs' units are screen pixels).
    public var strokeScale: Double

    /// The window size imports use unless told otherwise: 800×600 points.
    public static let defaultWindowSize = Size(width: 800, height: 600)

    /// Creates options; `created` is ISO 8601 UTC text, `strokeScale` points per source unit.
    public init(windowSize: Size = ImportOptions.defaultWindowSize, configuration: SessionConfiguration = SessionConfiguration(),
                created: String, program: String, strokeScale: Double = 1) {
        self.windowSize = windowSize
        self.configuration = configuration
        self.created = created
        self.program = program
        self.strokeScale = strokeScale
    }

    /// The header of a trace imported from `source`, a recording in `format` (its provenance: a device).
    func header(device: TraceHeader.Device, clock: String, notes: String?, history: String, format: String, source: String) -> TraceHeader {
        var configuration = configuration
        configuration.windowSize = windowSize
        let provenance = TraceProvenance(kind: .device, details: [("format", .string(format)), ("source", .string(source)),
                                                                  ("device", .string(device.name))])
        return TraceHeader(created: created, program: program, windowSize: windowSize, devices: [device], clock: clock,
                           configuration: configuration, notes: notes, history: [history], provenance: provenance)
    }
}
