@testable import Playground
import Testing

/// What `play --report-first-frame` prints of its start-up, and what the bench reads back.
@Suite struct StartupTimelineTests {
    @Test func theStepsPrintedAreTheStepsReadBackInOrder() {
        var timeline = StartupTimeline()
        timeline.ended("main", at: 10.25)
        timeline.ended("window", at: 10.5)
        timeline.ended("presented", at: 10.75)
        #expect(timeline.lines == ["startup-step: main 10.25", "startup-step: window 10.5", "startup-step: presented 10.75"])
        let output = (["Gesture Lab: window open", "first-frame-monotonic: 10.75"] + timeline.lines + ["startup-step: broken", "startup-step: bad x"])
            .joined(separator: "\n")
        let steps = StartupTimeline.parse(output)
        #expect(steps.map(\.name) == ["main", "window", "presented"])
        #expect(steps.map(\.time) == [10.25, 10.5, 10.75])
    }
}
