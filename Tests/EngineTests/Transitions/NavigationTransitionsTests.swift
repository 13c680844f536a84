import Engine
import Foundation
import Testing

@Suite("swiftui-navigation-transitions library")
struct NavigationTransitionsTests {
    let size = Size(width: 800, height: 600)

    /// A whole-screen placement: turned by `rotation` radians and scaled by `scale` about the
    /// centre, then moved by (x, y), written out.
    func pose(x: Double = 0, y: Double = 0, rotation: Double = 0, scale: Double = 1) -> Transform3D {
        around(size.center, turnInPlane(rotation).then(.scale(x: scale, y: scale, z: scale))).then(.translation(x: x, y: y))
    }

    @Test(arguments: checkpoints)
    func slideMovesBothScreensTogether(progress: Double) {
        let horizontal = SlideTransition().displayList(progress: progress, direction: .forward, size: size)
        expectPlacement(layers(of: .from, in: horizontal)[0].transform, pose(x: -800 * progress))
        expectPlacement(layers(of: .to, in: horizontal)[0].transform, pose(x: 800 * (1 - progress)))
        let vertical = SlideTransition(axis: .vertical).displayList(progress: progress, direction: .forward, size: size)
        expectPlacement(layers(of: .from, in: vertical)[0].transform, pose(y: -600 * progress))
        expectPlacement(layers(of: .to, in: vertical)[0].transform, pose(y: 600 * (1 - progress)))
        #expect(horizontal.layers.last?.screen == .to)
    }

    @Test(arguments: checkpoints)
    func fadesInOutOrAcross(progress: Double) {
        let fadeIn = FadeTransition(.in).displayList(progress: progress, direction: .forward, size: size)
        #expect(fadeIn.layers.map(\.screen) == [.from, .to])
        #expect(fadeIn.layers.map(\.opacity) == [1, progress])
        let fadeOut = FadeTransition(.out).displayList(progress: progress, direction: .forward, size: size)
        #expect(fadeOut.layers.map(\.screen) == [.to, .from])
        #expect(fadeOut.layers.map(\.opacity) == [1, 1 - progress])
        let cross = FadeTransition(.cross).displayList(progress: progress, direction: .forward, size: size)
        #expect(cross.layers.map(\.screen) == [.from, .to])
        #expect(cross.layers.map(\.opacity) == [1 - progress, progress])
        for list in [fadeIn, fadeOut, cross] { #expect(list.layers.allSatisfy { $0.transform == .identity }) }
    }

    @Test(arguments: checkpoints)
    func swingTurnsTheScreensInAndOut(progress: Double) {
        let list = SwingTransition().displayList(progress: progress, direction: .forward, size: size)
        let (from, to) = wholeScreens(list)
        let angle = 70 * degree
        let remaining = 1 - progress
        expectPlacement(from.transform, pose(x: (-800 - 150) * progress, rotation: angle * progress))
        expectPlacement(to.transform, pose(x: (800 + 150) * remaining, rotation: -angle * remaining, scale: 1 - 0.5 * remaining))
        expectClose(to.opacity, progress)
        #expect(from.opacity == 1)
        #expect(list.layers.last == to)
    }

    @Test(arguments: checkpoints)
    func zoomScalesBothAndFadesTheToScreenInOnTop(progress: Double) {
        let list = ZoomTransition().displayList(progress: progress, direction: .forward, size: size)
        let (from, to) = wholeScreens(list)
        expectPlacement(from.transform, pose(scale: 1 - 0.5 * progress))
        expectPlacement(to.transform, pose(scale: 0.5 + 0.5 * progress))
        expectClose(to.opacity, progress)
        #expect(list.layers.last == to)
    }

    @Test(arguments: checkpoints)
    func scaleNavigationShrinksAndDimsTheFromScreen(progress: Double) {
        let list = ScaleNavigationTransition().displayList(progress: progress, direction: .forward, size: size)
        let (from, to) = wholeScreens(list)
        let scale = 1 - 0.05 * progress
        expectPlacement(from.transform, around(size.center, .scale(x: scale, y: scale)))
        expectClose(from.shade, 0.2 * progress)
        expectPlacement(to.transform, .translation(x: 800 * (1 - progress), y: 0))
        #expect(list.layers.last == to)
    }
}

@Suite("Atomic transition vocabulary")
struct AtomicTransitionTests {
    let size = Size(width: 800, height: 600)

    func layer(_ body: AtomicTransition, _ screen: ScreenRole, at progress: Double) -> Layer? {
        CustomNavigationTransition(name: "test", body: body)
            .displayList(progress: progress, direction: .forward, size: size).layers.first { $0.screen == screen }
    }

    @Test func insertionStartsChangedAndRemovalEndsChanged() {
        let body = AtomicTransition.offset(x: 40, y: -20)
        expectPlacement(layer(body, .to, at: 0.25)?.transform ?? .identity, .translation(x: 30, y: -15))
        expectPlacement(layer(body, .from, at: 0.25)?.transform ?? .identity, .translation(x: 10, y: -5))
        #expect(layer(body, .to, at: 1)?.transform == .identity)
        #expect(layer(body, .from, at: 0)?.transform == .identity)
    }

    @Test(arguments: Edge.allCases)
    func moveEntersFromAndLeavesTowardsItsEdge(edge: Edge) {
        let displacement: (Double, Double) = switch edge {
        case .top: (0, -600)
        case .leading: (-800, 0)
        case .bottom: (0, 600)
        case .trailing: (800, 0)
        }
        let body = AtomicTransition.move(edge: edge)
        expectPlacement(layer(body, .to, at: 0)?.transform ?? .identity, .translation(x: displacement.0, y: displacement.1))
        expectPlacement(layer(body, .from, at: 0.5)?.transform ?? .identity, .translation(x: displacement.0 / 2, y: displacement.1 / 2))
    }

    @Test func onInsertionAndOnRemovalLimitASide() {
        let insertion = AtomicTransition.onInsertion(.opacity)
        expectClose(layer(insertion, .to, at: 0.3)?.opacity ?? 0, 0.3, tolerance: 1e-15)
        #expect(layer(insertion, .from, at: 0.3)?.opacity == 1)
        let removal = AtomicTransition.onRemoval(.opacity)
        #expect(layer(removal, .to, at: 0.3)?.opacity == 1)
        #expect(layer(removal, .from, at: 0.3)?.opacity == 0.7)
    }

    @Test func groupsAndCombinationsAccumulate() {
        let twice = AtomicTransition.group(.offset(x: 10, y: 0), .offset(x: 5, y: 2), .scale(0.5), .scale(0.5))
        // At progress 0 the inserted screen carries everything: offsets add, scales multiply.
        expectPlacement(layer(twice, .to, at: 0)?.transform ?? .identity,
                        around(size.center, .scale(x: 0.25, y: 0.25, z: 0.25)).then(.translation(x: 15, y: 2)))
        #expect(AtomicTransition.opacity.combined(with: .scale(2)) == .group([.opacity, .scale(2)]))
    }

    @Test func rotate3DTurnsInPerspectiveFromTheLongerSide() {
        let body = AtomicTransition.rotate3D(angle: Double.pi / 3, axis: .vertical, perspective: 2)
        // Insertion at 0.5: half the angle; eye at max(800, 600) / 2 = 400 points.
        expectPlacement(layer(body, .to, at: 0.5)?.transform ?? .identity,
                        around(size.center, turnAboutY(Double.pi / 6)).then(viewedFrom(400, center: size.center)))
        #expect(layer(body, .to, at: 1)?.transform == .identity)
    }

    @Test func zPositionAndStackingDecideTheOrder() {
        func order(_ body: AtomicTransition) -> [ScreenRole] {
            CustomNavigationTransition(name: "test", body: body).displayList(progress: 0.5, direction: .forward, size: size).layers.map(\.screen)
        }
        #expect(order(.identity) == [.from, .to])
        #expect(order(.onRemoval(.bringToFront)) == [.to, .from])
        #expect(order(.onInsertion(.sendToBack)) == [.to, .from])
        #expect(order(.onRemoval(.zPosition(1))) == [.to, .from])
        #expect(order(.group(.onRemoval(.bringToFront), .onInsertion(.zPosition(1)))) == [.from, .to])
    }

    @Test func mirroredIsTheOppositeMotion() {
        #expect(AtomicTransition.move(edge: .leading).mirrored() == .move(edge: .trailing))
        #expect(AtomicTransition.move(edge: .top).mirrored() == .move(edge: .bottom))
        #expect(AtomicTransition.offset(x: 3, y: -4).mirrored() == .offset(x: -3, y: 4))
        #expect(AtomicTransition.rotate(angle: 0.5).mirrored() == .rotate(angle: -0.5))
        #expect(AtomicTransition.rotate3D(angle: 1, axis: .horizontal, perspective: 1).mirrored() == .rotate3D(angle: -1, axis: .horizontal, perspective: 1))
        for unchanged in [AtomicTransition.opacity, .scale(0.3), .zPosition(2), .bringToFront, .sendToBack, .identity] {
            #expect(unchanged.mirrored() == unchanged)
        }
        #expect(SwingTransition().body.mirrored().mirrored() == SwingTransition().body)
        #expect(AtomicTransition.onInsertion(.move(edge: .trailing)).mirrored() == .onInsertion(.move(edge: .leading)))
        #expect(AtomicTransition.onRemoval(.group(.offset(x: 1, y: 0))).mirrored() == .onRemoval(.group(.offset(x: -1, y: 0))))
    }

    @Test func swingAndZoomAreTheDemosFewLines() {
        #expect(SwingTransition().body == .group(
            .group(.onInsertion(.move(edge: .trailing)), .onRemoval(.move(edge: .leading))),
            .onInsertion(.group(.zPosition(1), .rotate(angle: -70 * degree), .offset(x: 150, y: 0), .opacity, .scale(0.5))),
            .onRemoval(.group(.rotate(angle: 70 * degree), .offset(x: -150, y: 0)))))
        #expect(ZoomTransition().body == .group(.scale(0.5), .onInsertion(.group(.zPosition(1), .opacity))))
    }
}
