import Interaction
import Plumbing

/// Where a phone running a study is (`play --serve --study PLAN`): the page posts it to
/// `/study` at each screen and each task, and the window shows it on its HUD, so whoever runs
/// the study sees who is doing which task without looking at the phone.
///
/// `{"plan": "back-gesture", "screen": "task", "participant": "K7QX3M", "task": "flick", "trial": 1, "step": 3, "steps": 14}`
public struct StudyProgress: Hashable, Sendable {
    /// The largest body read, in bytes.
    public static let maximumBytes = 4096

    /// The plan's id.
    public var plan: String
    /// The page's screen: `consent`, `task`, `end` or `declined`.
    public var screen: String
    /// The participant's code (empty before one is drawn).
    public var participant: String
    /// On a task: its id, the try, and the step of the session out of its steps.
    public var task: (id: String, trial: Int, step: Int, steps: Int)?

    /// The screens a page reports.
    public static let screens = ["consent", "task", "end", "declined"]

    /// Reads a status the page sent; `source` names it in messages.
    public static func parse(_ bytes: [UInt8], source: String) throws(StudyPlanError) -> StudyProgress {
        func fail(_ problem: String) -> StudyPlanError { StudyPlanError(description: "\(source): \(problem)") }
        guard bytes.count <= maximumBytes else { throw fail("\(bytes.count) bytes is more than the limit of \(maximumBytes)") }
        let json: JSONValue
        do { json = try JSONParser.document(bytes) } catch { throw fail("not JSON: \(error.message)") }
        func name(_ key: String) throws(StudyPlanError) -> String {
            guard let text = json[key]?.string, text.count <= TraceStudy.maximumNameLength else {
                throw fail("\"\(key)\" must be a string of at most \(TraceStudy.maximumNameLength) characters")
            }
            return text
        }
        func whole(_ key: String) throws(StudyPlanError) -> Int {
            guard let number = json[key]?.number, number == number.rounded(), number >= 1, number <= Double(StudyPlan.maximumSteps) else {
                throw fail("\"\(key)\" must be a whole number in 1…\(StudyPlan.maximumSteps)")
            }
            return Int(number)
        }
        guard json.members != nil else { throw fail("must be a JSON object") }
        let screen = try name("screen")
        guard screens.contains(screen) else { throw fail("\"screen\" must be one of \(screens.joined(separator: ", "))") }
        var progress = StudyProgress(plan: try name("plan"), screen: screen, participant: try name("participant"), task: nil)
        if screen == "task" {
            let task = try name("task")
            let (trial, step, steps) = (try whole("trial"), try whole("step"), try whole("steps"))
            guard step <= steps else { throw fail("\"step\" \(step) is past \"steps\" \(steps)") }
            progress.task = (task, trial, step, steps)
        }
        return progress
    }

    /// One line for the HUD and the console, its names escaped.
    public var text: String {
        let who = participant.isEmpty ? "" : " · participant \(Escaped.text(participant, limit: 64))"
        switch screen {
        case "task":
            guard let task else { return "study \(Escaped.text(plan, limit: 64))\(who)" }
            return "study \(Escaped.text(plan, limit: 64))\(who) · task \(task.step)/\(task.steps): \(Escaped.text(task.id, limit: 64)), try \(task.trial)"
        case "consent": return "study \(Escaped.text(plan, limit: 64))\(who) · reading the consent"
        case "end": return "study \(Escaped.text(plan, limit: 64))\(who) · done"
        default: return "study \(Escaped.text(plan, limit: 64))\(who) · declined: nothing recorded"
        }
    }

    public static func == (lhs: StudyProgress, rhs: StudyProgress) -> Bool { lhs.text == rhs.text }

    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
