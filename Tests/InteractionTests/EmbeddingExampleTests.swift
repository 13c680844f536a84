import Engine
import Interaction
import Testing

/// The README's "Embedding the gesture core" example, as written there.
@Suite("README: embedding the gesture core")
struct EmbeddingExampleTests {
    @Test func theReadmeExampleRunsAndDecides() throws {
        let touches = horizontalDrag(startX: 100, distance: 160, steps: 16, interval: 0.016)
        // --- README example begins
        var configuration = SessionConfiguration(policy: try PolicySpec.parse("vctransitions"))
        configuration.controllers = [.swipe]
        var stage = Stage(configuration: try configuration.resolve())
        var records: [TransitionRecord] = []
        for event in touches {              // your platform's pointer events: points, seconds
            records += stage.feed(event)
        }
        records += stage.advance(to: 1.0)   // each frame: move time on, then draw
        let frame = stage.snapshot()        // progress 0…1, driver state, pending decision
        let layers = stage.session.displayList(size: Size(width: 390, height: 844))
        print(records.map(\.reason))        // ["progress 0.8 > 0.5"]
        // --- README example ends
        #expect(records.map(\.reason) == ["progress 0.8 > 0.5"])
        #expect(records.map(\.outcome) == [.finished])
        #expect(frame.progress == 1)
        #expect(!layers.layers.isEmpty)
    }
}

@Suite("Stage: a value")
struct StageValueTests {
    @Test func aCopyOfAStageKeepsItsOwnTimeAndTransition() throws {
        var stage = Stage(configuration: try SessionConfiguration().resolve())
        for event in horizontalDrag(startX: 100, distance: 160, steps: 16, interval: 0.016) { _ = stage.feed(event) }
        let released = stage.now
        #expect(stage.session.driver.state == .finishing)
        var copy = stage
        let rested = copy.advance(to: released + 1)
        #expect(rested.map(\.outcome) == [.finished])
        #expect(copy.session.driver.state == .finished)
        // The original did not move on with its copy.
        #expect(stage.now == released)
        #expect(stage.session.driver.state == .finishing)
        #expect(stage.advance(to: released + 1).map(\.outcome) == [.finished])
    }
}
