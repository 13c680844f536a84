import Engine
import Foundation
import Testing

@Suite("Transform3D")
struct Transform3DTests {
    @Test func buildsTheMatricesItNames() {
        #expect(Transform3D.translation(x: 2, y: 3, z: 4).m == [1, 0, 0, 2, 0, 1, 0, 3, 0, 0, 1, 4, 0, 0, 0, 1])
        #expect(Transform3D.scale(x: 2, y: 3).m == [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
        let angle = 0.3
        #expect(Transform3D.rotation(angle: angle, x: 0, y: 1, z: 0).isApproximately(turnAboutY(angle), tolerance: 1e-15))
        #expect(Transform3D.rotation(angle: angle, x: 2, y: 0, z: 0).isApproximately(turnAboutX(angle), tolerance: 1e-15))
        #expect(Transform3D.rotation(angle: angle, x: 0, y: 0, z: 1).isApproximately(turnInPlane(angle), tolerance: 1e-15))
        #expect(Transform3D.rotation(angle: angle, x: 0, y: 0, z: 0) == .identity)
    }

    @Test func thenAppliesTheSecondTransformAfterTheFirst() {
        let moved = Transform3D.scale(x: 2, y: 2).then(.translation(x: 10, y: 0))
        #expect(moved.project(Point(x: 1, y: 1)) == Point(x: 12, y: 2))
        let scaledAfter = Transform3D.translation(x: 10, y: 0).then(.scale(x: 2, y: 2))
        #expect(scaledAfter.project(Point(x: 1, y: 1)) == Point(x: 22, y: 2))
    }

    @Test func turnsAboutAnAnchorAndSeesInPerspective() {
        let quarter = Transform3D.about(Point(x: 100, y: 50), .rotation(angle: Double.pi / 2, x: 0, y: 0, z: 1))
        let image = quarter.project(Point(x: 110, y: 50))
        expectClose(image.x, 100, tolerance: 1e-12)
        expectClose(image.y, 60, tolerance: 1e-12)
        // A point 100 points towards the viewer, seen from 500, is magnified by 500/400 about the centre.
        let lifted = Transform3D.translation(x: 0, y: 0, z: 100).then(.perspective(eyeDistance: 500, center: Point(x: 400, y: 300)))
        let seen = lifted.project(Point(x: 480, y: 300))
        expectClose(seen.x, 400 + 80 * 1.25, tolerance: 1e-12)
        #expect(Transform3D.perspective(eyeDistance: 500, center: .zero).m[14] == -1.0 / 500)
    }

    @Test func perspectiveIsLeftOutWhereItWouldChangeNothing() {
        let flat = Transform3D.scale(x: 0.5, y: 0.5).then(.translation(x: 3, y: 4))
        #expect(flat.seen(fromDistance: 500, center: Point(x: 1, y: 1)) == flat)
        let turned = Transform3D.rotation(angle: 0.2, x: 0, y: 1, z: 0)
        #expect(turned.seen(fromDistance: 500, center: .zero) == turned.then(.perspective(eyeDistance: 500, center: .zero)))
    }
}
