import Engine
import Foundation
import Interaction
import Testing
import Traces

/// Policies as data: one spec syntax for every family, parsed once, printed back canonically.
@Suite("Policy specs")
struct PolicySpecTests {
    @Test func presetsAreTheirOwnCanonicalForm() throws {
        for preset in PolicySpec.presets {
            #expect(try PolicySpec.parse(preset.canonical) == preset)
            #expect(preset.policy == preset.base.policyForTesting)
        }
        #expect(PolicySpec.presets.map(\.canonical) == ["vctransitions", "mdtransitioning", "swiftui-navigation", "flutter", "compose", "projected"])
        #expect(PolicySpec.preset(.flutter).explicit == "flutter:velocity=1/s,position=0.5,at-threshold=finish")
        #expect(PolicySpec.preset(.swiftUINavigation).explicit == "swiftui-navigation:finish-velocity=675,position=0.2,cancel-velocity=-200")
    }

    @Test func everyFamilyTakesParameters() throws {
        let position = try PolicySpec.parse("position:threshold=0.35")
        #expect(position.rule == .position(threshold: 0.35))
        #expect(position.canonical == "position:threshold=0.35")

        let swiftUI = try PolicySpec.parse("swiftui-navigation:finish-velocity=500,position=0.2,cancel-velocity=-200")
        #expect(swiftUI.rule == .velocityAndPosition(finishVelocity: 500, positionThreshold: 0.2, cancelVelocity: -200))
        #expect(swiftUI.canonical == "swiftui-navigation:finish-velocity=500,position=0.2,cancel-velocity=-200")
        #expect(swiftUI.policy.completionTiming == ThresholdPolicy.swiftUINavigation.completionTiming)

        let fling = try PolicySpec.parse("fling:velocity=1.0/s,position=0.5")
        #expect(fling.rule == .fling(minimumVelocity: 1, unit: .screensPerSecond, positionThreshold: 0.5, comparison: .above))
        #expect(fling.canonical == "fling:velocity=1/s,position=0.5,at-threshold=cancel")
        #expect(try PolicySpec.parse("fling:velocity=300pt/s").rule
                == .fling(minimumVelocity: 300, unit: .pointsPerSecond, positionThreshold: 0.5, comparison: .above))

        let projected = try PolicySpec.parse("projected:deceleration=0.998,threshold=0.5")
        #expect(projected == .preset(.projected))
        #expect(projected.canonical == "projected")
        #expect(try PolicySpec.parse("projected:threshold=0.4").canonical == "projected:deceleration=0.998,threshold=0.4,back-velocity=200")

        #expect(try PolicySpec.parse("vctransitions:threshold=0.35").rule == .position(threshold: 0.35))
    }

    @Test func composeTakesAnchoredDraggablesNumbersAndReadsItsOldSpecsAsTheFlingTheyMeant() throws {
        #expect(PolicySpec.preset(.compose).explicit == "compose:velocity=125,position=0.5")
        let tuned = try PolicySpec.parse("compose:velocity=200pt/s,position=0.4")
        #expect(tuned.rule == .anchoredDraggable(minimumVelocity: 200, positionThreshold: 0.4))
        #expect(tuned.canonical == "compose:velocity=200,position=0.4")
        #expect(tuned.policy.completionTiming == ThresholdPolicy.compose.completionTiming)
        // Written before compose took AnchoredDraggableState's boundaries: the fling rule it was.
        let old = try PolicySpec.parse("compose:velocity=125pt/s,position=0.5,at-threshold=cancel")
        #expect(old.rule == .fling(minimumVelocity: 125, unit: .pointsPerSecond, positionThreshold: 0.5, comparison: .above))
        #expect(old.canonical == "fling")
        #expect(old.policy.completionTiming == ThresholdPolicy.compose.completionTiming)
        #expect(try PolicySpec.parse("compose:velocity=1/s").canonical == "fling:velocity=1/s,position=0.5,at-threshold=cancel")
        #expect(try PolicySpec.parse("fling").explicit == "fling:velocity=125pt/s,position=0.5,at-threshold=cancel")
        #expect(throws: PolicySpecError(description: "parameter 'velocity' in 'compose:velocity=fast' needs a number (points per second), got 'fast'")) {
            try PolicySpec.parse("compose:velocity=fast")
        }
    }

    @Test func namesAreCaseInsensitiveAndSpacesAreIgnored() throws {
        #expect(try PolicySpec.parse(" Flutter ") == .preset(.flutter))
        #expect(try PolicySpec.parse("POSITION: Threshold = 0.35").canonical == "position:threshold=0.35")
    }

    @Test func theCanonicalFormReadsBackAsTheSameSpec() throws {
        for text in ["position:threshold=0.123456789", "fling:velocity=2.5/s,position=0.4,at-threshold=finish",
                     "velocity-position:finish-velocity=812.5,position=0.15,cancel-velocity=-50", "compose:velocity=1e-05"] {
            let spec = try PolicySpec.parse(text)
            #expect(try PolicySpec.parse(spec.canonical) == spec, "\(text)")
        }
    }

    @Test func errorsNameTheBadPartAndSuggestTheNearestName() {
        #expect(throws: PolicySpecError(description: "unknown policy 'flutr' in 'flutr:position=0.4' (did you mean 'flutter'?) (presets: vctransitions, mdtransitioning, swiftui-navigation, flutter, compose, projected; families: position, velocity-position, fling, projection)")) {
            try PolicySpec.parse("flutr:position=0.4")
        }
        #expect(throws: PolicySpecError(description: "policy flutter has no parameter 'positon' in 'flutter:positon=0.4' (did you mean 'position'?) (it takes: velocity, position, at-threshold)")) {
            try PolicySpec.parse("flutter:positon=0.4")
        }
        #expect(throws: PolicySpecError(description: "parameter 'threshold' in 'position:threshold=half' needs a number, got 'half'")) {
            try PolicySpec.parse("position:threshold=half")
        }
        #expect(throws: PolicySpecError(description: "parameter 'threshold' must be a progress in 0…1, got 1.5")) {
            try PolicySpec.parse("position:threshold=1.5")
        }
        #expect(throws: PolicySpecError(description: "parameter 'threshold' is given twice in 'position:threshold=0.2,threshold=0.3'")) {
            try PolicySpec.parse("position:threshold=0.2,threshold=0.3")
        }
        #expect(throws: PolicySpecError(description: "parameter 'deceleration' must be between 0 and 1 (exclusive), got 1")) {
            try PolicySpec.parse("projection:deceleration=1")
        }
        #expect(throws: PolicySpecError(description: "'threshold' in 'position:threshold' is not NAME=VALUE (position takes: threshold)")) {
            try PolicySpec.parse("position:threshold")
        }
    }

    @Test func aPolicyFileHoldsNamedRules() throws {
        let text = #"{"format": "gesture-lab-policies", "rules": {"Snappy": "fling:velocity=300pt/s,position=0.4", "gentle": "position:threshold=0.6"}}"#
        let rules = try PolicyFile.parse(Array(text.utf8), file: "rules.json")
        #expect(rules.map(\.name) == ["snappy", "gentle"])
        #expect(try PolicySpec.parse("SNAPPY", rules: rules).canonical == "fling:velocity=300pt/s,position=0.4,at-threshold=cancel")
        #expect(PolicyFile.text(rules) == """
        {"format": "gesture-lab-policies", "rules": {
          "snappy": "fling:velocity=300pt/s,position=0.4,at-threshold=cancel",
          "gentle": "position:threshold=0.6"
        }}

        """)
        #expect(try PolicyFile.parse(Array(PolicyFile.text(rules).utf8), file: "again.json") == rules)
    }

    @Test func aBadPolicyFileIsNamedWithItsProblem() {
        #expect(throws: PolicyFileError(description: #"rules.json: rule "fast": policy fling has no parameter 'speed' in 'fling:speed=3' (it takes: velocity, position, at-threshold)"#)) {
            try PolicyFile.parse(Array(#"{"format": "gesture-lab-policies", "rules": {"fast": "fling:speed=3"}}"#.utf8), file: "rules.json")
        }
        #expect(throws: PolicyFileError(description: #"rules.json: rule name "flutter" is already a preset or family"#)) {
            try PolicyFile.parse(Array(#"{"format": "gesture-lab-policies", "rules": {"flutter": "position"}}"#.utf8), file: "rules.json")
        }
        #expect(throws: PolicyFileError(description: #"rules.json: unknown key "rule" (did you mean 'rules'?) (a policy file has "format" and "rules")"#)) {
            try PolicyFile.parse(Array(#"{"format": "gesture-lab-policies", "rule": {}}"#.utf8), file: "rules.json")
        }
    }

    @Test func aPolicyFileOverItsLimitIsRefusedBeforeItIsRead() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("policies-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(repeating: UInt8(ascii: " "), count: PolicyFile.maximumBytes + 1).write(to: URL(fileURLWithPath: path))
        #expect(throws: PolicyFileError(description: "\(path): cannot read the policy file: is larger than the limit of 1048576 bytes")) {
            try PolicyFile.load(path: path)
        }
    }

    @Test func aPolicyFileThatIsAPipeIsRefusedWithoutWaiting() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("policies-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(mkfifo(path, 0o600) == 0)
        #expect(throws: PolicyFileError(description: "\(path): cannot read the policy file: is a FIFO (named pipe), not a regular file")) {
            try PolicyFile.load(path: path)
        }
    }

    @Test func traceHeadersStoreTheCanonicalSpecAndStillReadPresetNames() throws {
        var configuration = SessionConfiguration()
        configuration.policy = try PolicySpec.parse("Position:threshold=0.35")
        #expect(configuration.json["policy"] == .string("position:threshold=0.35"))
        let header = TraceHeader(created: "", program: "test", windowSize: Size(width: 800, height: 600), devices: [], configuration: configuration)
        let read = try Trace.load(bytes: Array(JSONWriter.compact(.array([header.json])).utf8), file: "t.json")
        #expect(read.header.configuration.policy == configuration.policy)
        let old = #"[{"format":"gesture-lab-trace","version":"1.0","window":{"width":800,"height":600},"config":{"policy":"mdtransitioning"}}]"#
        #expect(try Trace.load(bytes: Array(old.utf8), file: "old.json").header.configuration.policy == .preset(.mdTransitioning))
    }

    @Test func didYouMeanFindsCloseNamesOnly() {
        #expect(NameSuggestion.nearest(to: "agre", in: ["agree", "sweep", "tune"]) == "agree")
        #expect(NameSuggestion.nearest(to: "frobnicate", in: ["agree", "sweep", "tune"]) == nil)
        #expect(NameSuggestion.nearest(to: "TUNR", in: ["agree", "sweep", "tune"]) == "tune")
    }
}

extension PolicySpec.Base {
    /// The policy a preset base stands for, for comparison with ``PolicySpec/policy``.
    var policyForTesting: ThresholdPolicy {
        switch self {
        case .preset(let preset): return preset.policy
        case .family: return ThresholdPolicy(name: name, rule: .position(threshold: 0.5), completionTiming: .default)
        }
    }
}

@Suite("Decisions compared")
struct DecisionDifferenceTests {
    @Test func traceDiffListsTheReleasesTwoPoliciesDecideDifferently() throws {
        // Five steps of 25 pt 16 ms apart, sent on that schedule: 1562.5 pt/s.
        let trace = try Trace.load(path: packageRoot.appendingPathComponent("recordings/pan/flick-short.json").path)
        let flutter = try TraceCheck.run(trace, policy: .preset(.flutter), expected: []).records
        let vcTransitions = try TraceCheck.run(trace, policy: .preset(.vcTransitions), expected: []).records
        #expect(TraceDiff.decisionDifferences(flutter, vcTransitions) == [
            "release 1 at 0.569 s: progress 0.1563, velocity 1562.2 pt/s: flutter finish (fling 1.953 screens/s >= 1 towards finishing) vs vctransitions cancel (progress 0.1563 <= 0.5)",
        ])
        #expect(TraceDiff.decisionDifferences(flutter, flutter) == [])
    }
}
