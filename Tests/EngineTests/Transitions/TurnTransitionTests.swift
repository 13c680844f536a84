import Engine
import Testing

@Suite("Turn")
struct TurnTransitionTests {
    let size = Size(width: 800, height: 600)

    /// (progress, from-screen's angle, to-screen's angle), in degrees.
    static let angles: [(Double, Double, Double)] = [(0, 0, 90), (0.25, -45, 90), (0.5, -90, 90), (0.75, -90, 45), (1, -90, 0)]

    @Test(arguments: angles)
    func turnsAboutTheHorizontalCentreLineByDefault(angles: (Double, Double, Double)) {
        let (progress, fromAngle, toAngle) = angles
        let list = TurnTransition().displayList(progress: progress, direction: .forward, size: size)
        let expectedFrom = fromAngle == 0 ? .identity : around(size.center, turnAboutX(fromAngle * degree)).then(viewedFrom(500, center: size.center))
        let expectedTo = toAngle == 0 ? .identity : around(size.center, turnAboutX(toAngle * degree)).then(viewedFrom(500, center: size.center))
        expectPlacement(layers(of: .from, in: list)[0].transform, expectedFrom)
        expectPlacement(layers(of: .to, in: list)[0].transform, expectedTo)
    }

    @Test(arguments: angles)
    func turnsAboutTheVerticalCentreLineWhenAskedTo(angles: (Double, Double, Double)) {
        let (progress, fromAngle, toAngle) = angles
        let list = TurnTransition(flipDirection: .vertical).displayList(progress: progress, direction: .forward, size: size)
        expectPlacement(layers(of: .from, in: list)[0].transform,
                        around(size.center, turnAboutY(fromAngle * degree)).then(viewedFrom(500, center: size.center)))
        expectPlacement(layers(of: .to, in: list)[0].transform,
                        around(size.center, turnAboutY(toAngle * degree)).then(viewedFrom(500, center: size.center)))
    }
}
