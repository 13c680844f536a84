import Engine
import Interaction
import PolicyExport
import Traces

/// The capture page: one self-contained HTML file that records gestures in a browser (Pointer
/// Events, every coalesced sample, the predicted ones kept apart) and saves them as traces.
///
/// Everything the page shares with the lab is made here from the lab's own definitions: the
/// trace format's name and version, the header's configuration for each gesture, and the
/// release rule, written by ``PolicyExporter`` (the function `export-policy --for web` prints)
/// and checked in the page against the lab's decisions on a grid of releases.
package struct CapturePage {
    /// The release rule the page shows live.
    package let policy: PolicySpec
    /// The program named in the traces' headers.
    package let program: String
    /// True when `play --serve` serves the page: it streams every event to the window and Save
    /// sends the traces to the record folder (see the README's *A phone as the touch screen*).
    package var streaming = false
    /// The study the page runs (`--study PLAN`), if any: consent, a participant code, the plan's
    /// tasks in the participant's counterbalanced order (`study.js`).
    package var study: StudyPlan?

    /// The page for `policy`, its traces naming `program`; `streaming` under `play --serve`;
    /// running `study` when given.
    package init(policy: PolicySpec, program: String, streaming: Bool = false, study: StudyPlan? = nil) {
        self.policy = policy
        self.program = program
        self.streaming = streaming
        self.study = study
    }

    /// The gestures the page records, each with the controller its traces name.
    package static let modes: [(name: String, controller: ControllerKind)] = [("swipe", .swipe), ("pinch", .pinch)]

    /// Progress values of the grid the page checks its rule on (0…1).
    package static let checkedProgress = [0, 0.1, 0.2, 0.25, 0.3, 0.4, 0.45, 0.5, 0.55, 0.6, 0.75, 0.9, 1]
    /// Velocities of that grid, in points per second towards finishing.
    package static let checkedVelocities = [-3000, -800, -675, -300, -200, -125, -50, 0, 50, 125, 300, 650, 675, 800, 3000.0]
    /// Points of travel per unit of progress and the screen's width, in points, in that grid.
    package static let checkedDistance = 200.0, checkedScreenWidth = 800.0

    /// The page.
    package var html: String {
        CapturePageTemplate.text
            // `<\/` keeps any `</script>` inside the JSON from ending the script.
            .replacing("/*CONFIG*/null", with: JSONWriter.compact(configuration).replacing("</", with: "<\\/"))
            .replacing("/*RULE*/", with: rule)
            .replacing("/*CONNECT*/", with: streaming ? "; connect-src 'self'" : "")
    }

    /// The rule as JavaScript: the same lines `export-policy --for web` prints.
    package var rule: String {
        PolicyExporter(spec: policy).decisionFunction(.javascript, unit: "CSS pixels per second", indent: "")
            .joined(separator: "\n")
    }

    /// What the page is told: the format, each gesture's header configuration (which its
    /// measurement, `measure.js`, reads as a replay does), the rule's extra arguments, whether the
    /// swipe rounds progress to single precision as the policy's seed does, the lab's decisions
    /// to check the rule on, and the study (its tasks and the rows of their order), if any.
    package var configuration: JSONValue {
        var modes: [(key: String, value: JSONValue)] = []
        for mode in Self.modes {
            var configuration = SessionConfiguration(policy: policy)
            configuration.controllers = [mode.controller]
            modes.append((mode.name, configuration.json))
        }
        let standard = SessionConfiguration(policy: policy)
        return .object([
            ("format", .string(TraceHeader.formatName)),
            ("version", .string("\(TraceHeader.majorVersion).\(TraceHeader.minorVersion)")),
            ("program", .string(program)),
            ("policy", .string(policy.canonical)),
            ("ruleArguments", .array(PolicyExporter(spec: policy).extraParameterNames.map(JSONValue.string))),
            ("modes", .object(modes)),
            ("swipeDistance", .number(standard.swipeDistance)),
            ("singlePrecisionProgress", .bool(policy.policy.computesProgressInSinglePrecision)),
            ("predictedLimit", .number(Double(TraceLimits.predictedSamplesPerEvent))),
            ("ruleCheck", .array(ruleCheck)),
            ("stream", .bool(streaming)),
            ("study", study?.json ?? .null),
        ])
    }

    /// `[progress, velocity, distance, screenWidth, finish]` for every release of the grid, as the
    /// lab decides it.
    package var ruleCheck: [JSONValue] {
        var rows: [JSONValue] = []
        for progress in Self.checkedProgress {
            for velocity in Self.checkedVelocities {
                let release = ReleaseMeasurement(progress: progress, velocity: velocity, pointsPerProgress: Self.checkedDistance,
                                                 screenExtent: Self.checkedScreenWidth)
                let finish = policy.rule.verdict(release) == .finish
                rows.append(.array([.number(progress), .number(velocity), .number(Self.checkedDistance), .number(Self.checkedScreenWidth),
                                    .bool(finish)]))
            }
        }
        return rows
    }
}
