import Engine
import Testing

@Suite("Cube")
struct CubeTransitionTests {
    @Test(arguments: checkpoints)
    func turnsAQuarterTurnAboutAnAxisHalfAnEdgeBehind(progress: Double) {
        let size = Size(width: 800, height: 600)
        let list = CubeTransition().displayList(progress: progress, direction: .forward, size: size)
        let (from, to) = wholeScreens(list)
        // Eye at 200/320 of the 800-point edge.
        func face(_ degrees: Double) -> Transform3D {
            around(size.center, depth: -400, turnAboutY(degrees * degree)).then(viewedFrom(500, center: size.center))
        }
        expectPlacement(from.transform, face(90 * progress))
        expectPlacement(to.transform, face(90 * (progress - 1)))
        expectClose(from.shade, 0.8 * progress)
        expectClose(to.shade, 0.8 * (1 - progress))
    }

    @Test(arguments: checkpoints)
    func turnsDownwardsWhenVertical(progress: Double) {
        let size = Size(width: 800, height: 600)
        let list = CubeTransition(axis: .vertical).displayList(progress: progress, direction: .forward, size: size)
        func face(_ degrees: Double) -> Transform3D {
            around(size.center, depth: -300, turnAboutX(degrees * degree)).then(viewedFrom(600 * 200 / 320, center: size.center))
        }
        expectPlacement(layers(of: .from, in: list)[0].transform, face(-90 * progress))
        expectPlacement(layers(of: .to, in: list)[0].transform, face(-90 * (progress - 1)))
    }

    @Test func theFacesShareAnEdge() {
        let size = Size(width: 800, height: 600)
        let list = CubeTransition().displayList(progress: 0.3, direction: .forward, size: size)
        let from = layers(of: .from, in: list)[0].transform.project(Point(x: 0, y: 100))
        let to = layers(of: .to, in: list)[0].transform.project(Point(x: 800, y: 100))
        expectClose(from.x, to.x, tolerance: 1e-9)
        expectClose(from.y, to.y, tolerance: 1e-9)
    }
}
