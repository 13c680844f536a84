import Interaction

/// How a policy's decisions line up with what people meant: intended finish or cancel ×
/// decided finish or cancel.
public struct ConfusionMatrix: Hashable, Sendable {
    /// Meant to finish, decided finish.
    public var finishFinish = 0
    /// Meant to finish, decided cancel.
    public var finishCancel = 0
    /// Meant to cancel, decided finish.
    public var cancelFinish = 0
    /// Meant to cancel, decided cancel.
    public var cancelCancel = 0

    /// An empty matrix.
    public init() {}

    /// The matrix of `decisions` made for `releases`, pair by pair.
    public init(_ releases: [LabelledRelease], decisions: [ReleaseDecision.Verdict]) {
        for (release, decision) in zip(releases, decisions) { add(intent: release.intent, decision: decision) }
    }

    /// Counts one decision against its intent.
    public mutating func add(intent: ReleaseDecision.Verdict, decision: ReleaseDecision.Verdict) {
        switch (intent, decision) {
        case (.finish, .finish): finishFinish += 1
        case (.finish, .cancel): finishCancel += 1
        case (.cancel, .finish): cancelFinish += 1
        case (.cancel, .cancel): cancelCancel += 1
        }
    }

    /// Adds another matrix's counts.
    public mutating func add(_ other: ConfusionMatrix) {
        finishFinish += other.finishFinish
        finishCancel += other.finishCancel
        cancelFinish += other.cancelFinish
        cancelCancel += other.cancelCancel
    }

    /// How many decisions were counted.
    public var total: Int { finishFinish + finishCancel + cancelFinish + cancelCancel }

    /// How many matched the intent.
    public var agreements: Int { finishFinish + cancelCancel }

    /// The share of decisions that matched the intent, 0…1 (0 when empty).
    public var agreement: Double { total > 0 ? Double(agreements) / Double(total) : 0 }

    /// The Wilson score interval of the agreement rate at 95% confidence (z = 1.96): unlike
    /// the normal approximation it stays inside 0…1 and is honest for small counts.
    public var agreementInterval: (lower: Double, upper: Double) {
        guard total > 0 else { return (0, 1) }
        let z = 1.959964
        let n = Double(total)
        let rate = agreement
        let centre = (rate + z * z / (2 * n)) / (1 + z * z / n)
        let halfWidth = z / (1 + z * z / n) * (rate * (1 - rate) / n + z * z / (4 * n * n)).squareRoot()
        return (max(0, centre - halfWidth), min(1, centre + halfWidth))
    }

    /// "73.3% (11/15; Wilson 95% interval 48.0–89.1%)".
    public var agreementText: String {
        let interval = agreementInterval
        return "\(DecimalFormat.fixedString(agreement * 100, decimals: 1))% (\(agreements)/\(total); Wilson 95% interval "
            + "\(DecimalFormat.fixedString(interval.lower * 100, decimals: 1))–\(DecimalFormat.fixedString(interval.upper * 100, decimals: 1))%)"
    }

    /// The matrix as four lines of text, headed by `title`.
    public func lines(title: String) -> [String] {
        [
            title,
            "  intended \\ decided   finish  cancel",
            "  finish             \(pad(finishFinish))  \(pad(finishCancel))",
            "  cancel             \(pad(cancelFinish))  \(pad(cancelCancel))",
            "  agreement          \(agreements)/\(total) = \(DecimalFormat.fixedString(agreement * 100, decimals: 1))%",
        ]
    }

    private func pad(_ count: Int) -> String {
        let text = String(count)
        return String(repeating: " ", count: max(0, 6 - text.count)) + text
    }

    /// The matrix as JSON.
    public var json: JSONValue {
        .object([("finish_finish", .number(Double(finishFinish))), ("finish_cancel", .number(Double(finishCancel))),
                 ("cancel_finish", .number(Double(cancelFinish))), ("cancel_cancel", .number(Double(cancelCancel))),
                 ("agreement", .number(ReplayReport.rounded(agreement, 6)))])
    }
}
