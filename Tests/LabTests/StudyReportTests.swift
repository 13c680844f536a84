import Foundation
import Interaction
@testable import Lab
@testable import Output
import Testing
import Traces

/// The study section of `report`: per participant and per task, the tasks each rule gets wrong,
/// the spread plots and the recommendation, from releases whose traces name participants.
@Suite("Report: a study")
struct StudyReportTests {
    func release(_ participant: String, _ task: String, _ progress: Double, _ velocity: Double, _ intent: ReleaseDecision.Verdict) -> LabelledRelease {
        LabelledRelease(trace: "\(participant)-\(task)-\(progress)", group: participant, groupBasis: .participant, task: task,
                        measurement: ReleaseMeasurement(progress: progress, velocity: velocity, pointsPerProgress: 200, screenExtent: 390),
                        pointerCancelled: false, intent: intent)
    }

    /// Two participants: each flicks short of half-way at 900 pt/s (position rules cancel it) and
    /// peeks, letting go at 160 pt/s (compose and the projection finish it).
    var releases: [LabelledRelease] {
        ["ANNA01", "BERT02"].flatMap { participant in
            [release(participant, "flick", 0.3, 900, .finish), release(participant, "peek", 0.2, 160, .cancel),
             release(participant, "drag", 0.7, 50, .finish), release(participant, "change-mind", 0.3, -300, .cancel)]
        }
    }

    @Test func theSectionSaysHowEachRuleDoesPerParticipantAndTask() throws {
        let study = try #require(StudySection.make(releases))
        #expect(study.participants.map(\.code) == ["ANNA01", "BERT02"])
        #expect(study.tasks == ["change-mind", "drag", "flick", "peek"])
        #expect(study.rules.prefix(6).map(\.name) == PolicySpec.presets.map(\.canonical))
        #expect(study.grouping == "2 groups by participant")
        let vct = study.rules.firstIndex { $0.name == "vctransitions" } ?? 0
        #expect(study.byTask.map { $0[vct].agreements } == [2, 2, 0, 2])
        #expect(study.byParticipant.map { $0[vct].agreements } == [3, 3])
        let wrong = Dictionary(uniqueKeysWithValues: study.wrongTasks.map { ($0.rule, $0.tasks.map { "\($0.task) \($0.wrong)/\($0.total)" }) })
        #expect(wrong["vctransitions"] == ["flick 2/2"])
        #expect(wrong["compose"] == ["peek 2/2"])
        #expect(wrong["projected"] == ["peek 2/2"])
        #expect(wrong["swiftui-navigation"] == ["peek 2/2"])
        // With two participants each is held out once; what is chosen on one decides the other.
        #expect(study.heldOut?.total == 8)
        #expect(study.participants.map { $0.releases.count } == [4, 4])
    }

    @Test func theHTMLHasTheTablesThePlotsAndTheRecommendation() throws {
        let study = try #require(StudySection.make(releases))
        let html = ReportWriter.studyHTML(study)
        #expect(html.hasPrefix("<h2 id=\"study\">Study: 2 participants, 4 tasks</h2>\n"))
        for id in ["recommendation", "by-participant", "by-task", "wrong-tasks", "cells"] { #expect(html.contains("id=\"\(id)\""), "\(id)") }
        #expect(html.contains("<li><code>compose</code>: peek (2 of 2)</li>"))
        #expect(html.components(separatedBy: "<svg class=\"spread\"").count == 3)
        #expect(html.contains("<title>release progress per participant</title>") && html.contains("<title>release velocity per participant</title>"))
        #expect(html.contains(study.recommendation.components(separatedBy: ":").first ?? "?"))
        let markdown = ReportWriter.studyMarkdown(study)
        #expect(markdown.contains("\n### Agreement per task\n\n| task | `vctransitions` |"))
        #expect(markdown.contains("- `compose`: peek (2 of 2)\n"))
    }

    @Test func tracesWithoutParticipantsGetNoStudySection() {
        let plain = releases.map { release in
            var copy = release
            copy.groupBasis = .folder
            return copy
        }
        #expect(StudySection.make(plain) == nil)
    }

    @Test func aParticipantsCodeIsEscapedInThePage() throws {
        let hostile = [release("<b>x</b>", "flick", 0.3, 900, .finish), release("y", "flick", 0.3, 900, .finish)]
        let html = ReportWriter.studyHTML(try #require(StudySection.make(hostile)))
        #expect(!html.contains("<b>x</b>"))
        #expect(html.contains("&lt;b&gt;x&lt;/b&gt;"))
    }

    @Test func agreeAndSweepSayHowManyGroupsTheySaw() throws {
        let recordings = packageRoot.appendingPathComponent("recordings").path
        let (agreeCode, agree) = Console.capturing { lab(["agree", recordings, "--policy", "flutter"]) }
        #expect(agreeCode == .success)
        #expect(agree.output.hasPrefix("74 labelled releases from 74 traces in 6 groups by folder (72 without intent labels skipped)\n"))
        let lines = agree.output.split(separator: "\n").map(String.init)
        let heading = try #require(lines.firstIndex(of: "agreement by folder, releases in brackets:"))
        #expect(lines[heading + 1].hasSuffix("/recordings/vertical-swipe (13)"))
        #expect(lines[heading + 2].split(separator: " ", omittingEmptySubsequences: true).map(String.init)
                == ["flutter", "100.0%", "(1/1)", "53.3%", "(8/15)", "100.0%", "(11/11)", "100.0%", "(18/18)", "100.0%", "(16/16)", "100.0%", "(13/13)"])
        let (sweepCode, sweep) = Console.capturing { lab(["sweep", recordings + "/swipe", "--policy", "vctransitions", "--param", "threshold=0.4:0.6:0.1"]) }
        #expect(sweepCode == .success)
        #expect(sweep.output.hasPrefix("16 labelled releases from 16 traces in 1 group by folder\n"))
    }
}
