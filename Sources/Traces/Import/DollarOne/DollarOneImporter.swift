import Engine
import Interaction

/// Imports one pen stroke from the $1 gesture logs (Wobbrock, Wilson and Li, UIST 2007): a
/// `<Gesture Name=… Subject=… Speed=… NumPts=… Millseconds=…>` element holding
/// `<Point X=… Y=… T=…/>` elements, X and Y in screen pixels, T in milliseconds on any
/// origin, never decreasing.
///
/// The stroke becomes one pen pointer (id 1): down at the first point, a move at each point
/// after it, the last included, and an up at the last point's place and time, so a velocity
/// taken at the lift has seen the last sampled point (an up's own position is not sampled).
/// Times count from the first point. The stroke is scaled by
/// ``ImportOptions/strokeScale`` and moved so that its bounding box is centred in the window.
public enum DollarOneImporter {
    /// The clock named in the headers of imported traces.
    static let clock = "$1 log time T (milliseconds)"
    /// The pointer id of the pen.
    static let pointerID = 1

    /// Imports the stroke in `bytes`, named `file` in messages.
    public static func importTrace(bytes: [UInt8], file: String, options: ImportOptions) throws(TraceError) -> ImportedTrace {
        let gesture = try MarkupReader.read(bytes, file: file)
        guard gesture.name == "Gesture" else {
            throw TraceError(file: file, line: gesture.line, problem: "the root element is <\(gesture.name)>, expected <Gesture> (a $1 gesture log)")
        }
        guard options.strokeScale.isFinite, options.strokeScale > 0 else {
            throw TraceError(file: file, problem: "the stroke scale \(options.strokeScale) must be a positive number")
        }
        var points: [(x: Double, y: Double, milliseconds: Int64, line: Int)] = []
        for element in gesture.children {
            guard element.name == "Point" else {
                throw TraceError(file: file, line: element.line, problem: "unexpected element <\(element.name)> inside <Gesture> (expected <Point>)")
            }
            let x = try coordinate(element, "X", file: file)
            let y = try coordinate(element, "Y", file: file)
            guard let timeText = element.attribute("T") else {
                throw TraceError(file: file, line: element.line, problem: "<Point> has no T attribute")
            }
            let time = try NumberField.integer(Substring(timeText), what: "T", file: file, line: element.line)
            if let previous = points.last, time < previous.milliseconds {
                throw TraceError(file: file, line: element.line, problem: "T=\(time) goes back in time after T=\(previous.milliseconds) on line \(previous.line)")
            }
            points.append((x, y, time, element.line))
        }
        if let declared = gesture.attribute("NumPts") {
            guard Int(declared) == points.count else {
                throw TraceError(file: file, line: gesture.line, problem: "NumPts=\"\(declared.prefix(20))\" but the gesture holds \(points.count) <Point> elements")
            }
        }
        guard let first = points.first, let last = points.last, points.count >= 2 else {
            throw TraceError(file: file, line: gesture.line, problem: "a stroke needs at least 2 points, found \(points.count)")
        }
        let bounds = (minX: points.map(\.x).min() ?? 0, maxX: points.map(\.x).max() ?? 0,
                      minY: points.map(\.y).min() ?? 0, maxY: points.map(\.y).max() ?? 0)
        let centre = Point(x: (bounds.minX + bounds.maxX) / 2, y: (bounds.minY + bounds.maxY) / 2)
        var log = ImportedEventLog(file: file)
        for (index, point) in points.enumerated() {
            let (elapsed, overflow) = point.milliseconds.subtractingReportingOverflow(first.milliseconds)
            guard !overflow, elapsed <= Int64(PointerEventCoding.timeLimit) * 1000 else {
                throw TraceError(file: file, line: point.line, problem: "T=\(point.milliseconds) is more than a week after the first point's T=\(first.milliseconds)")
            }
            let position = options.windowSize.center + (Point(x: point.x, y: point.y) - centre) * options.strokeScale
            try log.append(pointer: pointerID, kind: .pen, phase: index == 0 ? .down : .move, position: position,
                           microseconds: elapsed * 1000, line: point.line)
            if index == points.count - 1 {
                try log.append(pointer: pointerID, kind: .pen, phase: .up, position: position, microseconds: elapsed * 1000, line: point.line)
            }
        }
        let statistics = ImportStatistics(sourceFrames: points.count, contacts: 1, mostContactsAtOnce: 1,
                                          framesByContactCount: [1: points.count - 1, 0: 1])
        let device = TraceHeader.Device(kind: .pen, name: "$1 gesture log pen",
                                        axes: ["x": bounds.minX...bounds.maxX, "y": bounds.minY...bounds.maxY])
        let history = "imported from $1 stroke \(file): \(points.count) points over \(last.milliseconds - first.milliseconds) ms, scale \(DecimalFormat.string(options.strokeScale, decimals: 6))"
        let header = options.header(device: device, clock: clock, notes: notes(gesture), history: history, format: "dollar1", source: file)
        return ImportedTrace(trace: Trace(header: header, events: log.events), statistics: statistics)
    }

    /// Imports the stroke in the file at `path`.
    public static func importFile(path: String, options: ImportOptions) throws(TraceError) -> ImportedTrace {
        try importTrace(bytes: ImportSource.bytes(atPath: path), file: path, options: options)
    }

    private static func coordinate(_ element: MarkupElement, _ name: String, file: String) throws(TraceError) -> Double {
        guard let text = element.attribute(name) else {
            throw TraceError(file: file, line: element.line, problem: "<Point> has no \(name) attribute")
        }
        guard let value = NumberField.plainDecimal(text), value.isFinite, abs(value) <= PointerEventCoding.coordinateLimit else {
            throw TraceError(file: file, line: element.line, problem: "\(name)=\"\(text.prefix(20))\" is not a number of pixels")
        }
        return value
    }

    /// `$1 gesture arrow01 by subject 2 at fast speed`, from the attributes present.
    private static func notes(_ gesture: MarkupElement) -> String {
        var text = "$1 gesture"
        if let name = gesture.attribute("Name") { text += " \(name.prefix(40))" }
        if let subject = gesture.attribute("Subject") { text += " by subject \(subject.prefix(20))" }
        if let speed = gesture.attribute("Speed") { text += " at \(speed.prefix(20)) speed" }
        return text
    }
}
