import Engine
import Testing

@Suite("Portal")
struct PortalTransitionTests {
    @Test(arguments: [0.25, 0.5, 0.75])
    func theDoorsOpenWhileTheToScreenZoomsIn(progress: Double) {
        let size = Size(width: 800, height: 600)
        let list = PortalTransition().displayList(progress: progress, direction: .forward, size: size)
        #expect(list.layers.map(\.screen) == [.to, .from, .from])
        let scale = 0.8 + 0.2 * progress
        expectPlacement(list.layers[0].transform, around(size.center, .scale(x: scale, y: scale)))
        #expect(list.layers[1].sourceRect == Rect(x: 0, y: 0, width: 400, height: 600))
        #expect(list.layers[2].sourceRect == Rect(x: 400, y: 0, width: 400, height: 600))
        expectPlacement(list.layers[1].transform, .translation(x: -400 * progress, y: 0))
        expectPlacement(list.layers[2].transform, .translation(x: 400 * progress, y: 0))
    }
}
