import Engine
import Testing

@Suite("Flip")
struct FlipTransitionTests {
    let size = Size(width: 800, height: 600)

    /// (progress, from-screen's left page angle in degrees and shade, to-screen's right page's).
    static let pages: [(Double, Double, Double, Double, Double)] = [
        (0.25, 45, 0.25, -90, 0.5),
        (0.5, 90, 0.5, -90, 0.5),
        (0.75, 90, 0.5, -45, 0.25),
    ]

    @Test(arguments: pages)
    func turnsTheLeftPageUpThenTheRightPageDown(page: (Double, Double, Double, Double, Double)) {
        let (progress, fromAngle, fromShade, toAngle, toShade) = page
        let list = FlipTransition().displayList(progress: progress, direction: .forward, size: size)
        let left = Rect(x: 0, y: 0, width: 400, height: 600)
        let right = Rect(x: 400, y: 0, width: 400, height: 600)
        #expect(list.layers.map(\.screen) == [.to, .from, .from, .to])
        #expect(list.layers.map(\.sourceRect) == [left, right, left, right])
        #expect(list.layers[0].transform == .identity && list.layers[1].transform == .identity)
        let spine = Point(x: 400, y: 300)
        func turned(_ degrees: Double) -> Transform3D {
            around(spine, turnAboutY(degrees * degree)).then(viewedFrom(500, center: size.center))
        }
        expectPlacement(list.layers[2].transform, turned(fromAngle))
        expectClose(list.layers[2].shade, fromShade)
        expectPlacement(list.layers[3].transform, turned(toAngle))
        expectClose(list.layers[3].shade, toShade)
    }

    @Test func showsWholeScreensAtTheEnds() {
        #expect(FlipTransition().forwardLayers(progress: 0, size: size) == [.fullScreen(.from, size: size)])
        #expect(FlipTransition().forwardLayers(progress: 1, size: size) == [.fullScreen(.to, size: size)])
    }

    @Test func theTurningPageComesTowardsTheViewer() {
        let list = FlipTransition().displayList(progress: 0.25, direction: .forward, size: size)
        // The left page's outer edge rises: x' = −200·cos 45°, z' = 200·sin 45° before perspective.
        let image = list.layers[2].transform.apply(x: 0, y: 300)
        expectClose(image.z, 400 * (0.5).squareRoot(), tolerance: 1e-9)
        #expect(image.w < 1)
    }
}
