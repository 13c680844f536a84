import FoundationEssentials
import Glibc
import Interaction
import Plumbing

/// A study for the capture page (`capture-page --study PLAN`, `play --serve --study PLAN`): a
/// consent line, then tasks prompted one at a time, each repeated, in a counterbalanced order.
/// Each task says what the person is asked to do and what they mean by it (its intent), which
/// the person confirms after each gesture.
///
/// ```json
/// {"format": "gesture-lab-study", "study": "back-gesture", "title": "Going back",
///  "consent": "…", "trials": 2, "order": "latin-square",
///  "tasks": [{"id": "flick", "prompt": "Flick the card away.", "intent": "finish"}, …]}
/// ```
///
/// Every problem is reported with the file and the place: the line for JSON that does not
/// parse, the key's path (`tasks[2].intent`) for a value that is wrong.
public struct StudyPlan: Hashable, Sendable {
    /// The value of the file's `format` key.
    public static let formatName = "gesture-lab-study"
    /// The largest plan read, in bytes.
    public static let maximumBytes = 64 << 10
    /// The most tasks a plan may hold.
    public static let maximumTasks = 26
    /// The most trials of one task.
    public static let maximumTrials = 20
    /// The most gestures one participant's session may ask for (tasks × trials).
    public static let maximumSteps = 200
    /// The longest prompt, in characters.
    public static let maximumPromptLength = 300
    /// The longest title, in characters.
    public static let maximumTitleLength = 100
    /// The longest consent text, in characters.
    public static let maximumConsentLength = 1000

    /// How tasks are ordered for each participant.
    public enum Order: String, CaseIterable, Hashable, Sendable {
        /// A row of a balanced Latin square (``TaskOrder/balancedLatinSquare(_:)``), a
        /// different row for each participant.
        case latinSquare = "latin-square"
        /// The plan's order for everyone (for a pilot).
        case fixed
    }

    /// The gestures a task can ask for: the capture page's modes.
    public enum Gesture: String, CaseIterable, Hashable, Sendable {
        /// A one-finger horizontal swipe.
        case swipe
        /// A two-finger pinch.
        case pinch
    }

    /// One task.
    public struct Task: Hashable, Sendable {
        /// Its id, written in each trace's `study.task`: 1 to 64 lowercase letters, digits and dashes.
        public var id: String
        /// What the person is asked to do.
        public var prompt: String
        /// What a gesture done as asked means.
        public var intent: ReleaseDecision.Verdict
        /// The gesture the page records for it.
        public var gesture: Gesture
        /// How many times it is done.
        public var trials: Int

        /// A task.
        public init(id: String, prompt: String, intent: ReleaseDecision.Verdict, gesture: Gesture, trials: Int) {
            self.id = id
            self.prompt = prompt
            self.intent = intent
            self.gesture = gesture
            self.trials = trials
        }
    }

    /// The plan's id, written in each trace's `study.plan`.
    public var id: String
    /// The title the page shows.
    public var title: String
    /// The consent line the person agrees to before anything is recorded.
    public var consent: String
    /// How tasks are ordered.
    public var order: Order
    /// The tasks in the plan's order.
    public var tasks: [Task]

    /// The consent line used when a plan gives none.
    public static let standardConsent = "This page records only how your finger moves on it, the size of this screen and your browser's name, "
        + "under a random code. No name, no account, nothing else about you. You can stop at any time."

    /// The task orders, one row per participant in turn: indices into ``tasks``.
    public var rows: [[Int]] {
        order == .fixed ? [Array(tasks.indices)] : TaskOrder.balancedLatinSquare(tasks.count)
    }

    /// The gestures one session asks for.
    public var steps: Int { tasks.reduce(0) { $0 + $1.trials } }

    /// Reads a plan from `bytes` of `file` (named in messages).
    public static func parse(_ bytes: [UInt8], file: String) throws(StudyPlanError) -> StudyPlan {
        func fail(_ problem: String, line: Int? = nil) -> StudyPlanError {
            StudyPlanError(description: "\(file)\(line.map { ":\($0)" } ?? ""): \(problem)")
        }
        guard bytes.count <= maximumBytes else { throw fail("\(bytes.count) bytes is more than the limit of \(maximumBytes) bytes for a study plan") }
        let json: JSONValue
        do { json = try JSONParser.document(bytes) } catch { throw fail("not JSON: \(error.message) (a plan is a JSON object; see studies/README.md)", line: error.line) }
        guard let members = json.members else { throw fail("a study plan must be a JSON object, found \(json.typeName)") }
        let keys = ["format", "study", "title", "consent", "trials", "order", "tasks"]
        try unknownKeys(members, known: keys, place: "the plan", fail: fail)
        guard json["format"]?.string == formatName else { throw fail("format: must be \"\(formatName)\" (is this a study plan?)") }
        let id = try identifier(json["study"], place: "study", fail: fail)
        let title = try text(json["title"], place: "title", limit: maximumTitleLength, fail: fail) ?? id
        let consent = try text(json["consent"], place: "consent", limit: maximumConsentLength, fail: fail) ?? standardConsent
        let trials = try count(json["trials"], place: "trials", fail: fail) ?? 1
        var order = Order.latinSquare
        if let value = json["order"] {
            guard let name = value.string, let chosen = Order(rawValue: name) else {
                throw fail("order: must be \(Order.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")), got \(shown(value))")
            }
            order = chosen
        }
        guard let taskValues = json["tasks"]?.array else { throw fail("tasks: must be an array of tasks, each {\"id\", \"prompt\", \"intent\"}") }
        guard !taskValues.isEmpty, taskValues.count <= maximumTasks else {
            throw fail("tasks: must hold 1 to \(maximumTasks) tasks, holds \(taskValues.count)")
        }
        var tasks: [Task] = []
        for (index, value) in taskValues.enumerated() {
            let place = "tasks[\(index)]"
            guard let taskMembers = value.members else { throw fail("\(place): must be an object {\"id\", \"prompt\", \"intent\"}, found \(value.typeName)") }
            try unknownKeys(taskMembers, known: ["id", "prompt", "intent", "gesture", "trials"], place: place, fail: fail)
            let taskID = try identifier(value["id"], place: "\(place).id", fail: fail)
            if let earlier = tasks.firstIndex(where: { $0.id == taskID }) {
                throw fail("\(place).id: \"\(taskID)\" is the id of tasks[\(earlier)] too; each task needs its own")
            }
            guard let prompt = try text(value["prompt"], place: "\(place).prompt", limit: maximumPromptLength, fail: fail) else {
                throw fail("\(place).prompt: missing (what the person is asked to do)")
            }
            guard let intentValue = value["intent"] else { throw fail("\(place).intent: missing (finish or cancel: what the task's gesture means)") }
            guard let intentName = intentValue.string, let intent = ReleaseDecision.Verdict(rawValue: intentName) else {
                throw fail("\(place).intent: must be \"finish\" or \"cancel\", got \(shown(intentValue))")
            }
            var gesture = Gesture.swipe
            if let gestureValue = value["gesture"] {
                guard let name = gestureValue.string, let chosen = Gesture(rawValue: name) else {
                    throw fail("\(place).gesture: must be \(Gesture.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")), got \(shown(gestureValue))")
                }
                gesture = chosen
            }
            let taskTrials = try count(value["trials"], place: "\(place).trials", fail: fail) ?? trials
            tasks.append(Task(id: taskID, prompt: prompt, intent: intent, gesture: gesture, trials: taskTrials))
        }
        let plan = StudyPlan(id: id, title: title, consent: consent, order: order, tasks: tasks)
        guard plan.steps <= maximumSteps else {
            throw fail("tasks: \(plan.steps) gestures a session (tasks × trials) is more than the limit of \(maximumSteps)")
        }
        return plan
    }

    /// The plan at `path`.
    public static func load(path: String) throws(StudyPlanError) -> StudyPlan {
        let lowered = path.lowercased()
        guard !lowered.hasSuffix(".yaml") && !lowered.hasSuffix(".yml") else {
            throw StudyPlanError(description: "\(path): study plans are JSON (YAML is not read); see studies/back-gesture.json")
        }
        switch InputFile.read(path, limit: maximumBytes) {
        case .success(let bytes): return try parse(bytes, file: path)
        case .failure(let error): throw StudyPlanError(description: "\(path): cannot read the study plan: \(error.reason)")
        }
    }

    private static func unknownKeys(_ members: [(key: String, value: JSONValue)], known: [String], place: String,
                                    fail: (String, Int?) -> StudyPlanError) throws(StudyPlanError) {
        for member in members where !known.contains(member.key) {
            throw fail("\(place): unknown key \"\(Escaped.text(member.key))\"\(NameSuggestion.hint(for: member.key, in: known)) (it takes \(known.joined(separator: ", ")))", nil)
        }
    }

    private static func identifier(_ value: JSONValue?, place: String, fail: (String, Int?) -> StudyPlanError) throws(StudyPlanError) -> String {
        guard let value else { throw fail("\(place): missing (1 to 64 lowercase letters, digits and dashes)", nil) }
        guard let name = value.string, (1...TraceStudy.maximumNameLength).contains(name.count),
              name.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }) else {
            throw fail("\(place): must be 1 to 64 lowercase letters, digits and dashes, got \(shown(value))", nil)
        }
        return name
    }

    private static func text(_ value: JSONValue?, place: String, limit: Int, fail: (String, Int?) -> StudyPlanError) throws(StudyPlanError) -> String? {
        guard let value else { return nil }
        guard let text = value.string, text.contains(where: { !$0.isWhitespace }), text.count <= limit else {
            throw fail("\(place): must be a text of 1 to \(limit) characters, got \(value.string.map { "\($0.count) characters" } ?? value.typeName)", nil)
        }
        guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw fail("\(place): must not hold control characters (line breaks included)", nil)
        }
        return text
    }

    private static func count(_ value: JSONValue?, place: String, fail: (String, Int?) -> StudyPlanError) throws(StudyPlanError) -> Int? {
        guard let value else { return nil }
        guard let number = value.number, number == number.rounded(), number >= 1, number <= Double(maximumTrials) else {
            throw fail("\(place): must be a whole number of trials in 1…\(maximumTrials), got \(shown(value))", nil)
        }
        return Int(number)
    }

    /// A value as a message quotes it: its JSON, escaped and cut short.
    private static func shown(_ value: JSONValue) -> String {
        Escaped.text(JSONWriter.compact(value), limit: 60)
    }

    /// The plan as the page reads it: the tasks and the rows of the order.
    public var json: JSONValue {
        .object([
            ("id", .string(id)), ("title", .string(title)), ("consent", .string(consent)), ("order", .string(order.rawValue)),
            ("tasks", .array(tasks.map { task in
                .object([("id", .string(task.id)), ("prompt", .string(task.prompt)), ("intent", .string(task.intent.rawValue)),
                         ("gesture", .string(task.gesture.rawValue)), ("trials", .number(Double(task.trials)))])
            })),
            ("rows", .array(rows.map { .array($0.map { .number(Double($0)) }) })),
        ])
    }
}

/// A study plan that cannot be used, with the file and the place named.
public struct StudyPlanError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong and where.
    public let description: String

    /// An error saying `description`.
    public init(description: String) {
        self.description = description
    }
}
