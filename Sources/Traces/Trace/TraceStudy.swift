import Interaction

/// Which study a trace was taken in, by whom and for what (format 1.4's header `study`): the
/// participant's random code (never a name), the task and the trial. `agree`, `sweep`, `tune`
/// and `report` group releases by participant, so that cross-validation never judges a person's
/// gesture by a rule fitted to that person.
public struct TraceStudy: Hashable, Sendable {
    /// The longest participant code, task id or plan id read, in characters.
    public static let maximumNameLength = 64
    /// The largest trial number read.
    public static let maximumTrial = 1000

    /// The plan's id (its `study`), empty when not stated.
    public var plan: String
    /// The participant's code: random, chosen by the page, naming nobody.
    public var participant: String
    /// The task's id in the plan.
    public var task: String
    /// Which take of the task this is, from 1.
    public var trial: Int
    /// What the task asked for (its `intent`); the header's `expect.intent` is what the person
    /// confirmed, which may differ.
    public var taskIntent: ReleaseDecision.Verdict?
    /// Everything else the `study` object says (the order's row, the step, the device), in file order.
    public var details: [(key: String, value: JSONValue)]

    /// A study label.
    public init(plan: String, participant: String, task: String, trial: Int, taskIntent: ReleaseDecision.Verdict? = nil,
                details: [(key: String, value: JSONValue)] = []) {
        self.plan = plan
        self.participant = participant
        self.task = task
        self.trial = trial
        self.taskIntent = taskIntent
        self.details = details
    }

    static let knownKeys: Set<String> = ["plan", "participant", "task", "trial", "task_intent"]

    /// The label as the header's `study` object.
    public var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        if !plan.isEmpty { members.append(("plan", .string(plan))) }
        members += [("participant", .string(participant)), ("task", .string(task)), ("trial", .number(Double(trial)))]
        if let taskIntent { members.append(("task_intent", .string(taskIntent.rawValue))) }
        return .object(members + details)
    }

    /// Reads a header's `study` object, naming the field at fault.
    init(json: JSONValue) throws(HeaderProblem) {
        guard let members = json.members else { throw HeaderProblem("the header's \"study\" must be an object") }
        func name(_ key: String, required: Bool) throws(HeaderProblem) -> String {
            guard let value = json[key] else {
                if required { throw HeaderProblem("the header's \"study\" needs \"\(key)\"") }
                return ""
            }
            guard let text = value.string, !text.isEmpty, text.count <= Self.maximumNameLength else {
                throw HeaderProblem("the header's \"study.\(key)\" must be a string of 1 to \(Self.maximumNameLength) characters")
            }
            return text
        }
        plan = try name("plan", required: false)
        participant = try name("participant", required: true)
        task = try name("task", required: true)
        guard let number = json["trial"]?.number, number == number.rounded(), number >= 1, number <= Double(Self.maximumTrial) else {
            throw HeaderProblem("the header's \"study.trial\" must be a whole number in 1…\(Self.maximumTrial)")
        }
        trial = Int(number)
        if let value = json["task_intent"] {
            guard let text = value.string, let verdict = ReleaseDecision.Verdict(rawValue: text) else {
                throw HeaderProblem("the header's \"study.task_intent\" must be finish or cancel")
            }
            taskIntent = verdict
        } else {
            taskIntent = nil
        }
        details = members.filter { !Self.knownKeys.contains($0.key) }
    }

    public static func == (lhs: TraceStudy, rhs: TraceStudy) -> Bool { lhs.json == rhs.json }

    public func hash(into hasher: inout Hasher) { hasher.combine(json) }
}
