@testable import Engine
import Foundation
import Testing

@Suite("Fold")
struct FoldTransitionTests {
    let size = Size(width: 800, height: 600)

    /// The strip `index` (of 2·folds, each `width` wide) of an accordion folded by `angle` and
    /// squeezed against the right edge (`pinnedRight`) or the left, written from the geometry:
    /// hinges on each fold's outer edges, placed at `start + hinge · cos angle`.
    func strip(_ index: Int, width: Double, angle: Double, pinnedRight: Bool) -> Transform3D {
        let leftOfFold = index % 2 == 0
        let hinge = Double(leftOfFold ? index : index + 1) * width
        let start = pinnedRight ? 800 * (1 - cos(angle)) : 0
        return around(Point(x: hinge, y: 300), turnAboutY(leftOfFold ? angle : -angle))
            .then(.translation(x: start + hinge * cos(angle) - hinge, y: 0))
            .then(viewedFrom(200, center: size.center))
    }

    @Test(arguments: [0.25, 0.5, 0.75], [1, 2, 3])
    func foldsTheFromScreenRightAndUnfoldsTheToScreenFromTheLeft(progress: Double, folds: Int) {
        let list = FoldTransition(folds: folds).forwardLayers(progress: progress, size: size)
        let width = 800 / Double(2 * folds)
        let from = list.filter { $0.screen == .from }
        let to = list.filter { $0.screen == .to }
        #expect(from.count == 2 * folds && to.count == 2 * folds)
        for index in 0..<(2 * folds) {
            let source = Rect(x: Double(index) * width, y: 0, width: width, height: 600)
            #expect(from[index].sourceRect == source && to[index].sourceRect == source)
            expectPlacement(from[index].transform, strip(index, width: width, angle: Double.pi / 2 * progress, pinnedRight: true))
            expectPlacement(to[index].transform, strip(index, width: width, angle: Double.pi / 2 * (1 - progress), pinnedRight: false))
            expectClose(from[index].shade, 0.5 * progress)
            expectClose(to[index].shade, 0.5 * (1 - progress))
            // Drawn far to near: each strip's middle recedes by half its width times sin(angle).
            expectClose(from[index].zOrder, -width / 2 * sin(Double.pi / 2 * progress))
        }
    }

    @Test func everyAccordionStaysInOnePieceAndKeepsItsEnd() {
        let list = FoldTransition(folds: 3).forwardLayers(progress: 0.4, size: size)
        for screen in [ScreenRole.from, .to] {
            let strips = list.filter { $0.screen == screen }
            for (left, right) in zip(strips, strips.dropFirst()) {
                for y in [0.0, 300, 600] {
                    let a = left.transform.project(Point(x: left.sourceRect.maxX, y: y))
                    let b = right.transform.project(Point(x: right.sourceRect.minX, y: y))
                    expectClose(a.x, b.x, tolerance: 1e-9)
                    expectClose(a.y, b.y, tolerance: 1e-9)
                }
            }
        }
        let lastFrom = list.filter { $0.screen == .from }.last
        let pinned = lastFrom?.transform.project(Point(x: 800, y: 300))
        expectClose(pinned?.x ?? 0, 800, tolerance: 1e-9)
        let firstTo = list.first { $0.screen == .to }
        expectClose(firstTo?.transform.project(Point(x: 0, y: 300)).x ?? 1, 0, tolerance: 1e-9)
    }
}
