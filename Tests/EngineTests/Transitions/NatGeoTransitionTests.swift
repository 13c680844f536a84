import Engine
import Testing

@Suite("NatGeo")
struct NatGeoTransitionTests {
    @Test(arguments: checkpoints)
    func swingsTheFromScreenAwayAndFliesTheToScreenIn(progress: Double) {
        let size = Size(width: 640, height: 1136)
        // Twice the original's 320 points: every length doubles.
        let unit = 2.0
        let list = NatGeoTransition().displayList(progress: progress, direction: .forward, size: size)
        let away = min(max((progress - 0.2) / 0.8, 0), 1)
        let hinge = Point(x: 0, y: 568)
        let from = around(hinge, Transform3D.translation(x: 170 * unit * away, y: 0, z: -30 * unit * away).then(turnAboutY(80 * degree * away)))
            .then(viewedFrom(500 * unit, center: hinge))
        let flying = 1 - progress
        let to = around(size.center, turnAboutX(10 * degree * flying).then(turnAboutY(-45 * degree * flying))
            .then(.translation(x: 320 * unit * flying, y: -40 * unit * flying, z: 150 * unit * flying))
            .then(turnInPlane(5 * degree * flying)))
            .then(viewedFrom(500 * unit, center: size.center))
        expectPlacement(layers(of: .from, in: list)[0].transform, from)
        expectPlacement(layers(of: .to, in: list)[0].transform, to)
        #expect(list.layers.last?.screen == .to)
    }
}
