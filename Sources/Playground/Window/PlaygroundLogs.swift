import Interaction
import Output
import Traces

/// The window's JSON-lines logs: each finished transition (`--events-out`) and the pending
/// decision the HUD shows each frame (`--hud-log`). A log that cannot be written stops, and
/// says so once.
struct PlaygroundLogs {
    private var events: OutputFile?
    private var hud: OutputFile?

    /// Opens the logs `options` names, appending.
    init(options: PlaygroundOptions) throws {
        events = try options.eventsOut.map(OutputFile.appending)
        hud = try options.hudLog.map(OutputFile.appending)
    }

    /// True when the HUD's pending decisions are logged.
    var logsPendingDecisions: Bool { hud != nil }

    /// Appends the decision the HUD shows at window time `now` (seconds) for a release by
    /// `controller` measured as `measurement`; a problem when the log could not be written (it
    /// stops then).
    mutating func logPending(_ measurement: ReleaseMeasurement, _ decision: ReleaseDecision, controller: ControllerKind?, at now: Double) -> String? {
        guard let hud else { return nil }
        let line = JSONValue.object([
            ("t", .number(ReplayReport.rounded(now, 6))),
            ("controller", .string(controller?.rawValue ?? "")),
            ("progress", .number(ReplayReport.rounded(measurement.progress, 6))),
            ("velocity", .number(ReplayReport.rounded(measurement.velocity, 3))),
            ("decision", .string(decision.verdict.rawValue)),
            ("reason", .string(decision.reason)),
        ])
        do { try hud.append(JSONWriter.compact(line) + "\n") } catch {
            self.hud = nil
            return "\(error); the HUD log stops here"
        }
        return nil
    }

    /// Appends a finished transition; a problem when the log could not be written (it stops then).
    mutating func log(_ record: TransitionRecord) -> String? {
        do { try events?.append(ReplayReport.line(record) + "\n") } catch {
            events = nil
            return "\(error); --events-out stops here"
        }
        return nil
    }

    /// Closes both logs; the problems closing them.
    mutating func finish() -> [String] {
        var problems: [String] = []
        for log in [events, hud].compactMap({ $0 }) {
            do { try log.finish() } catch { problems.append("\(error)") }
        }
        events = nil
        hud = nil
        return problems
    }
}
