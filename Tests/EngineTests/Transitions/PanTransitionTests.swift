import Engine
import Testing

@Suite("Pan and system push")
struct PanTransitionTests {
    @Test(arguments: checkpoints)
    func theToScreenSlidesOverWhileTheFromScreenMovesHalfAside(progress: Double) {
        for size in testSizes {
            let list = PanTransition().displayList(progress: progress, direction: .forward, size: size)
            let (from, to) = wholeScreens(list)
            #expect(list.layers.last == to)
            expectPlacement(from.transform, Transform3D(rowMajor: [1, 0, 0, -progress * size.width / 2, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]))
            expectPlacement(to.transform, Transform3D(rowMajor: [1, 0, 0, (1 - progress) * size.width, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]))
            #expect(from.opacity == 1 && to.opacity == 1 && from.shade == 0)
        }
    }

    @Test(arguments: checkpoints)
    func theSystemPushHasThirtyPercentParallaxAndTenPercentDimming(progress: Double) {
        let size = testSizes[0]
        let list = SystemPushTransition().displayList(progress: progress, direction: .forward, size: size)
        let (from, to) = wholeScreens(list)
        expectClose(from.transform.m[3], -0.3 * 800 * progress)
        expectClose(from.shade, 0.1 * progress)
        expectClose(to.transform.m[3], 800 * (1 - progress))
        #expect(list.layers.last == to)
    }
}
