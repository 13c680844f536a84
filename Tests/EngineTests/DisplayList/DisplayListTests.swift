@testable import Engine
import Foundation
import Testing

@Suite("Display list")
struct DisplayListTests {
    let size = Size(width: 800, height: 600)

    func list(_ top: Layer) -> DisplayList {
        DisplayList(size: size, layers: [.fullScreen(.from, size: size), top])
    }

    @Test func sortsByZOrderKeepingListOrderForTies() {
        let a = Layer(screen: .from, sourceRect: Rect(covering: size), zOrder: 2)
        let b = Layer(screen: .to, sourceRect: Rect(covering: size), zOrder: 1)
        let c = Layer(screen: .from, sourceRect: Rect(x: 0, y: 0, width: 1, height: 1), zOrder: 1)
        #expect(DisplayList(size: size, layers: [a, b, c]).layers == [b, c, a])
    }

    @Test func aPlainFullScreenLayerOnTopIsShownAlone() {
        #expect(DisplayList(size: size, layers: [.fullScreen(.to, size: size), .fullScreen(.from, size: size, zOrder: 1)]).soleVisibleScreen == .from)
        var shaded = Layer.fullScreen(.to, size: size, zOrder: 1)
        shaded.shade = 0.1
        #expect(list(shaded).soleVisibleScreen == nil)
        var translucent = Layer.fullScreen(.from, size: size)
        translucent.opacity = 0.99
        #expect(DisplayList(size: size, layers: [translucent]).soleVisibleScreen == nil)
        #expect(DisplayList(size: size, layers: [Layer(screen: .from, sourceRect: Rect(x: 0, y: 0, width: 400, height: 600))]).soleVisibleScreen == nil)
    }

    @Test func layersAboveThatCannotBeSeenDoNotCount() {
        let whole = Rect(covering: size)
        let offRight = Layer(screen: .to, sourceRect: whole, transform: .translation(x: 800, y: 0), zOrder: 1)
        let offBelow = Layer(screen: .to, sourceRect: whole, transform: .translation(x: 0, y: 600), zOrder: 1)
        let transparent = Layer(screen: .to, sourceRect: whole, opacity: 0, zOrder: 1)
        let edgeOn = Layer(screen: .to, sourceRect: whole,
                           transform: .about(size.center, .rotation(angle: Double.pi / 2, x: 0, y: 1, z: 0)), zOrder: 1)
        let shrunk = Layer(screen: .to, sourceRect: whole, transform: .scale(x: 0, y: 0), zOrder: 1)
        let backFacing = Layer(screen: .to, sourceRect: whole,
                               transform: .about(size.center, .rotation(angle: Double.pi, x: 0, y: 1, z: 0)), zOrder: 1)
        for hidden in [offRight, offBelow, transparent, edgeOn, shrunk, backFacing] {
            #expect(!hidden.isVisible(on: size))
            #expect(list(hidden).soleVisibleScreen == .from)
        }
        var doubleSided = backFacing
        doubleSided.isDoubleSided = true
        let peeking = Layer(screen: .to, sourceRect: whole, transform: .translation(x: 799, y: 0), zOrder: 1)
        let behindTheEye = Layer(screen: .to, sourceRect: whole,
                                 transform: Transform3D.translation(x: 0, y: 0, z: 600).then(.perspective(eyeDistance: 500, center: size.center)), zOrder: 1)
        for shown in [doubleSided, peeking, behindTheEye] {
            #expect(shown.isVisible(on: size))
            #expect(list(shown).soleVisibleScreen == nil)
        }
    }
}
