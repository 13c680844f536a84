import Engine
import Testing

@Suite("Crossfade transition")
struct CrossfadeTransitionTests {
    let size = Size(width: 800, height: 600)

    @Test(arguments: [0.0, 0.25, 0.5, 0.75, 1.0])
    func fromScreenFadesOutOverTheToScreen(progress: Double) {
        let list = CrossfadeTransition().displayList(progress: progress, direction: .forward, size: size)
        #expect(list.layers.map(\.screen) == [.to, .from])
        #expect(list.layers[0].opacity == 1)
        #expect(list.layers[1].opacity == 1 - progress)
        #expect(list.layers.allSatisfy { $0.transform == .identity && $0.sourceRect == Rect(covering: size) })
    }

    @Test func showsExactlyTheFromScreenAtZeroAndTheToScreenAtOne() {
        let transition = CrossfadeTransition()
        #expect(transition.displayList(progress: 0, direction: .forward, size: size).soleVisibleScreen == .from)
        #expect(transition.displayList(progress: 1, direction: .forward, size: size).soleVisibleScreen == .to)
        #expect(transition.displayList(progress: 0.5, direction: .forward, size: size).soleVisibleScreen == nil)
    }

    @Test func backwardAtPIsForwardAtOneMinusPWithTheScreensSwapped() {
        let transition = CrossfadeTransition()
        let backward = transition.displayList(progress: 0.3, direction: .backward, size: size)
        let forward = transition.displayList(progress: 0.7, direction: .forward, size: size)
        #expect(backward.layers.map(\.screen) == forward.layers.map(\.screen.swapped))
        #expect(backward.layers.map(\.opacity) == forward.layers.map(\.opacity))
        #expect(transition.displayList(progress: 0, direction: .backward, size: size).soleVisibleScreen == .from)
    }
}
