import Engine
import Testing

@Suite("Cards")
struct CardsTransitionTests {
    let size = Size(width: 800, height: 600)

    /// (progress, tilt in degrees, scale, lift in points, opacity, to-screen's drop in points),
    /// read off the keyframes by hand: first pose at 0.4, second at 0.6, the to-screen rising
    /// from 600 at 0.6 to −30 at 0.8 and 0 at 1.
    static let poses: [(Double, Double, Double, Double, Double, Double)] = [
        (0, 0, 1, 0, 1, 600),
        (0.25, 15 * 0.625, 1 - 0.05 * 0.625, 0, 1 - 0.4 * 0.625, 600),
        (0.5, 7.5, 0.875, -0.04 * 600, 0.6, 600),
        (0.75, 0, 0.8, -0.08 * 600, 0.6, 600 - 0.75 * 630),
        (1, 0, 0.8, -0.08 * 600, 0.6, 0),
    ]

    @Test(arguments: poses)
    func followsTheOriginalsKeyframes(pose: (Double, Double, Double, Double, Double, Double)) {
        let (progress, tilt, scale, lift, opacity, drop) = pose
        let list = CardsTransition().displayList(progress: progress, direction: .forward, size: size)
        let (from, to) = wholeScreens(list)
        let expected = around(size.center, turnAboutX(tilt * degree).then(.scale(x: scale, y: scale)))
            .then(.translation(x: 0, y: lift))
            .then(viewedFrom(900, center: size.center))
        expectPlacement(from.transform, expected)
        expectClose(from.opacity, opacity)
        expectPlacement(to.transform, .translation(x: 0, y: drop))
        #expect(to.opacity == 1)
        #expect(list.layers.last == to)
    }
}
