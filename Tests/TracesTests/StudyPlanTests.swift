import Foundation
import Interaction
import Testing
import Traces

@Suite("Study plans")
struct StudyPlanTests {
    func parse(_ text: String) throws(StudyPlanError) -> StudyPlan {
        try StudyPlan.parse(Array(text.utf8), file: "plan.json")
    }

    func problem(_ text: String) -> String? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error.description
        }
    }

    let minimal = #"{"format": "gesture-lab-study", "study": "s", "tasks": [{"id": "a", "prompt": "Do a.", "intent": "finish"}]}"#

    @Test func theExamplePlanReads() throws {
        let plan = try StudyPlan.load(path: packageRoot.appendingPathComponent("studies/back-gesture.json").path)
        #expect(plan.id == "back-gesture")
        #expect(plan.tasks.map(\.id) == ["go-back", "change-mind", "flick", "slow-past-half", "peek", "pinch-close", "pinch-peek"])
        #expect(plan.tasks.map(\.intent) == [.finish, .cancel, .finish, .finish, .cancel, .finish, .cancel])
        #expect(plan.tasks.map(\.gesture) == [.swipe, .swipe, .swipe, .swipe, .swipe, .pinch, .pinch])
        #expect(plan.tasks.allSatisfy { $0.trials == 2 })
        #expect(plan.steps == 14)
        #expect(plan.rows.count == 14)
    }

    @Test func defaultsFillWhatAPlanLeavesOut() throws {
        let plan = try parse(minimal)
        #expect(plan.title == "s")
        #expect(plan.consent == StudyPlan.standardConsent)
        #expect(plan.order == .latinSquare)
        #expect(plan.tasks == [StudyPlan.Task(id: "a", prompt: "Do a.", intent: .finish, gesture: .swipe, trials: 1)])
    }

    @Test func badPlansAreNamedWithTheirPlace() {
        #expect(problem("{\"format\": \"gesture-lab-study\",\n\"study\": \"s\",\n\"tasks\": [}") == "plan.json:3: not JSON: unexpected '}' where a JSON value should start (a plan is a JSON object; see studies/README.md)")
        #expect(problem("[]") == "plan.json: a study plan must be a JSON object, found an array")
        #expect(problem(#"{"format": "policies", "study": "s", "tasks": []}"#) == "plan.json: format: must be \"gesture-lab-study\" (is this a study plan?)")
        #expect(problem(minimal.replacingOccurrences(of: #""study": "s""#, with: #""study": "My Study""#))
                == "plan.json: study: must be 1 to 64 lowercase letters, digits and dashes, got \"My Study\"")
        #expect(problem(minimal.replacingOccurrences(of: #""intent": "finish""#, with: #""intent": "maybe""#))
                == "plan.json: tasks[0].intent: must be \"finish\" or \"cancel\", got \"maybe\"")
        #expect(problem(minimal.replacingOccurrences(of: #""intent": "finish""#, with: #""intnet": "finish""#))
                == "plan.json: tasks[0]: unknown key \"intnet\" (did you mean 'intent'?) (it takes id, prompt, intent, gesture, trials)")
        #expect(problem(minimal.replacingOccurrences(of: #", "intent": "finish""#, with: ""))
                == "plan.json: tasks[0].intent: missing (finish or cancel: what the task's gesture means)")
        #expect(problem(minimal.replacingOccurrences(of: #""prompt": "Do a.""#, with: #""prompt": "Do\na.""#))
                == "plan.json: tasks[0].prompt: must not hold control characters (line breaks included)")
        #expect(problem(minimal.replacingOccurrences(of: #""study": "s""#, with: #""study": "s", "trials": 0"#))
                == "plan.json: trials: must be a whole number of trials in 1…20, got 0")
        #expect(problem(minimal.replacingOccurrences(of: #""intent": "finish"}"#, with: #""intent": "finish", "gesture": "tap"}"#))
                == "plan.json: tasks[0].gesture: must be \"swipe\" or \"pinch\", got \"tap\"")
        #expect(problem(minimal.replacingOccurrences(of: #""study": "s""#, with: #""study": "s", "order": "random""#))
                == "plan.json: order: must be \"latin-square\" or \"fixed\", got \"random\"")
        let twice = #"{"format": "gesture-lab-study", "study": "s", "tasks": [{"id": "a", "prompt": "A.", "intent": "finish"}, {"id": "a", "prompt": "B.", "intent": "cancel"}]}"#
        #expect(problem(twice) == "plan.json: tasks[1].id: \"a\" is the id of tasks[0] too; each task needs its own")
        let many = (0..<11).map { #"{"id": "t\#($0)", "prompt": "P.", "intent": "finish", "trials": 20}"# }.joined(separator: ", ")
        #expect(problem(#"{"format": "gesture-lab-study", "study": "s", "tasks": [\#(many)]}"#)
                == "plan.json: tasks: 220 gestures a session (tasks × trials) is more than the limit of 200")
        #expect(problem(#"{"format": "gesture-lab-study", "study": "s", "tasks": []}"#) == "plan.json: tasks: must hold 1 to 26 tasks, holds 0")
    }

    @Test func filesThatCannotBeReadAreNamed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: StudyPlanError(description: "\(folder.path)/p.yaml: study plans are JSON (YAML is not read); see studies/back-gesture.json")) {
            try StudyPlan.load(path: folder.path + "/p.yaml")
        }
        #expect(throws: StudyPlanError(description: "\(folder.path)/none.json: cannot read the study plan: No such file or directory")) {
            try StudyPlan.load(path: folder.path + "/none.json")
        }
        #expect(throws: StudyPlanError(description: "\(folder.path): cannot read the study plan: is a directory, not a regular file")) {
            try StudyPlan.load(path: folder.path)
        }
        try Data(repeating: 0x20, count: StudyPlan.maximumBytes + 1).write(to: folder.appendingPathComponent("big.json"))
        #expect(throws: StudyPlanError(description: "\(folder.path)/big.json: cannot read the study plan: is larger than the limit of 65536 bytes")) {
            try StudyPlan.load(path: folder.path + "/big.json")
        }
    }

    @Test func theLatinSquareOfFourTasks() {
        #expect(TaskOrder.balancedLatinSquare(4) == [[0, 1, 3, 2], [1, 2, 0, 3], [2, 3, 1, 0], [3, 0, 2, 1]])
        #expect(TaskOrder.balancedLatinSquare(3) == [[0, 1, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0], [0, 2, 1], [1, 0, 2]])
        #expect(TaskOrder.balancedLatinSquare(1) == [[0]])
    }

    @Test(arguments: 2...9)
    func everyTaskComesInEveryPlaceAndAfterEveryOtherEquallyOften(_ count: Int) {
        let rows = TaskOrder.balancedLatinSquare(count)
        #expect(rows.count == (count % 2 == 0 ? count : 2 * count))
        let times = rows.count / count
        for row in rows { #expect(row.sorted() == Array(0..<count)) }
        for place in 0..<count {
            for task in 0..<count { #expect(rows.filter { $0[place] == task }.count == times) }
        }
        var pairs: [[Int]: Int] = [:]
        for row in rows { for index in 1..<row.count { pairs[[row[index - 1], row[index]], default: 0] += 1 } }
        #expect(pairs.count == count * (count - 1))
        #expect(pairs.values.allSatisfy { $0 == times })
    }

    @Test func aFixedOrderIsThePlansForEveryone() throws {
        let plan = try parse(minimal.replacingOccurrences(of: #""study": "s""#, with: #""study": "s", "order": "fixed""#))
        #expect(plan.rows == [[0]])
    }

    @Test func aStudyLabelReadsBackFromATraceHeader() throws {
        let text = """
        [{"format":"gesture-lab-trace","version":"1.4","window":{"width":390,"height":844,"density":3},\
        "study":{"plan":"back-gesture","participant":"K7QX3M","task":"flick","trial":2,"task_intent":"finish","row":5,"step":3,"steps":14,\
        "device":{"pointer":"coarse"}}}]
        """
        let trace = try Trace.load(bytes: Array(text.utf8), file: "study.json")
        let study = try #require(trace.header.study)
        #expect(study.plan == "back-gesture")
        #expect(study.participant == "K7QX3M")
        #expect(study.task == "flick")
        #expect(study.trial == 2)
        #expect(study.taskIntent == .finish)
        #expect(study.details.map(\.key) == ["row", "step", "steps", "device"])
        #expect(JSONWriter.compact(trace.header.json).contains(#""study":{"plan":"back-gesture","participant":"K7QX3M","task":"flick","trial":2,"task_intent":"finish","row":5"#))
        #expect(TraceSchema.problems(inTrace: try TraceSchema.parseJSON(Array(text.utf8))).isEmpty)
    }

    @Test func aBadStudyLabelIsNamed() {
        let text = #"[{"format":"gesture-lab-trace","version":"1.4","window":{"width":390,"height":844},"study":{"participant":"K7QX3M","task":"flick","trial":0}}]"#
        #expect(throws: TraceError(file: "bad.json", line: 1, problem: "the header's \"study.trial\" must be a whole number in 1…1000")) {
            try Trace.load(bytes: Array(text.utf8), file: "bad.json")
        }
        let nameless = #"[{"format":"gesture-lab-trace","version":"1.4","window":{"width":390,"height":844},"study":{"task":"flick","trial":1}}]"#
        #expect(throws: TraceError(file: "bad.json", line: 1, problem: "the header's \"study\" needs \"participant\"")) {
            try Trace.load(bytes: Array(nameless.utf8), file: "bad.json")
        }
    }
}
