import Interaction
import Plumbing
import Traces

/// One figure of the benchmark report: a median with its spread, and where there is one,
/// the reference measured in the same run and the target.
package struct BenchFigure {
    /// The section (replay, loading, …).
    let section: String
    /// What was measured.
    let name: String
    /// The unit of `median` (e.g. "events/s", "ms", "MB/s").
    let unit: String
    /// The median of the runs.
    package let median: Double
    /// The lowest and highest run, in `unit`.
    let low: Double, high: Double
    /// How many runs.
    let runs: Int
    /// What the ratio compares against, e.g. "python3 json.load", and the ratio median/reference
    /// (or reference/median for times, so above 1 is always better).
    package var reference: (name: String, ratio: Double)?
    /// The target, in words, and whether it was met.
    package var target: (text: String, met: Bool)?
    /// A free note.
    package var note: String?

    /// The figure `name` of `section`: the median and range of `runs` runs, in `unit`.
    package init(section: String, name: String, unit: String, median: Double, low: Double, high: Double, runs: Int) {
        self.section = section
        self.name = name
        self.unit = unit
        self.median = median
        self.low = low
        self.high = high
        self.runs = runs
    }

    var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("section", .string(section)), ("name", .string(name)), ("unit", .string(unit)),
            ("median", .number(ReplayReport.rounded(median, 6))), ("low", .number(ReplayReport.rounded(low, 6))),
            ("high", .number(ReplayReport.rounded(high, 6))), ("runs", .number(Double(runs))),
        ]
        if let reference {
            members.append(("reference", .string(reference.name)))
            members.append(("ratio", .number(ReplayReport.rounded(reference.ratio, 4))))
        }
        if let target {
            members.append(("target", .string(target.text)))
            members.append(("met", .bool(target.met)))
        }
        if let note { members.append(("note", .string(note))) }
        return .object(members)
    }

    /// One line of the text report.
    var line: String {
        var text = "  \(name): \(Self.format(median)) \(unit) (runs \(runs), \(Self.format(low))…\(Self.format(high)))"
        if let reference { text += "; ×\(DecimalFormat.fixedString(reference.ratio, decimals: 2)) vs \(reference.name)" }
        if let target { text += "; target \(target.text): \(target.met ? "met" : "MISSED")" }
        if let note { text += "; \(note)" }
        return text
    }

    /// Three significant figures or so, without exponent noise.
    package static func format(_ value: Double) -> String {
        let magnitude = abs(value)
        let decimals = magnitude >= 1000 ? 0 : magnitude >= 100 ? 1 : magnitude >= 10 ? 2 : magnitude >= 1 ? 3 : 4
        if magnitude >= 1_000_000 { return DecimalFormat.fixedString(value / 1_000_000, decimals: 2) + "M" }
        return DecimalFormat.fixedString(value, decimals: decimals)
    }

    /// A figure from timings: `perRun` converts one run's seconds to the figure's unit.
    package static func from(_ measurement: Measurement, section: String, name: String, unit: String, perRun: (Double) -> Double) -> BenchFigure {
        let values = measurement.samples.map(perRun).sorted()
        return BenchFigure(section: section, name: name, unit: unit, median: perRun(measurement.median),
                           low: values.first ?? 0, high: values.last ?? 0, runs: measurement.samples.count)
    }
}
