@testable import Engine
import Testing

/// The properties every registered transition must have.
@Suite("Every registered transition")
struct TransitionRegistryTests {
    static let names = TransitionRegistry.names

    @Test func namesAreStableUniqueAndLowercaseHyphenated() {
        #expect(Self.names == [
            "crossfade", "pan", "cards", "flip", "turn", "cube", "fold", "portal", "explode", "natgeo",
            "system-push", "slide", "slide-vertical", "fade-in", "fade-out", "fade-cross", "swing", "zoom",
            "scale-navigation",
        ])
        #expect(Set(Self.names).count == Self.names.count)
        for name in Self.names {
            let words = name.split(separator: "-", omittingEmptySubsequences: false)
            #expect(words.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isLowercase || $0.isNumber } }, "\(name)")
            #expect(TransitionRegistry.named(name)?.name == name)
        }
        #expect(TransitionRegistry.named("no-such-transition") == nil)
    }

    @Test(arguments: names)
    func startsOnTheFromScreenAndEndsOnTheToScreen(name: String) throws {
        let transition = try #require(TransitionRegistry.named(name))
        for size in testSizes {
            #expect(transition.displayList(progress: 0, direction: .forward, size: size).soleVisibleScreen == .from)
            #expect(transition.displayList(progress: 1, direction: .forward, size: size).soleVisibleScreen == .to)
            #expect(transition.displayList(progress: 0, direction: .backward, size: size).soleVisibleScreen == .from)
            #expect(transition.displayList(progress: 1, direction: .backward, size: size).soleVisibleScreen == .to)
            for progress in [0.25, 0.5, 0.75] {
                #expect(transition.displayList(progress: progress, direction: .forward, size: size).soleVisibleScreen == nil,
                        "at \(progress) on \(size)")
            }
        }
    }

    @Test(arguments: names)
    func backwardAtPIsForwardAtOneMinusPWithTheScreensSwapped(name: String) throws {
        let transition = try #require(TransitionRegistry.named(name))
        let size = testSizes[0]
        for progress in [0.0, 0.1, 0.25, 0.5, 0.6, 0.75, 1.0] {
            let backward = transition.displayList(progress: progress, direction: .backward, size: size)
            let forward = transition.displayList(progress: 1 - progress, direction: .forward, size: size)
            let swapped = forward.layers.map { layer -> Layer in
                var mirrored = layer
                mirrored.screen = layer.screen.swapped
                return mirrored
            }
            #expect(backward.layers == swapped, "at \(progress)")
        }
    }

    @Test(arguments: names)
    func layersStayWithinTheirRangesEvenBeyondTheEnds(name: String) throws {
        let transition = try #require(TransitionRegistry.named(name))
        for progress in [-0.3, 0, 0.33, 0.5, 0.9, 1, 1.3] {
            for layer in transition.forwardLayers(progress: progress, size: testSizes[0]) {
                #expect((0...1).contains(layer.opacity), "opacity at \(progress)")
                #expect((0...1).contains(layer.shade), "shade at \(progress)")
                #expect(layer.transform.m.allSatisfy { $0.isFinite }, "transform at \(progress)")
                let whole = Rect(covering: testSizes[0])
                #expect(layer.sourceRect.minX >= whole.minX && layer.sourceRect.maxX <= whole.maxX + 1e-9)
                #expect(layer.sourceRect.minY >= whole.minY && layer.sourceRect.maxY <= whole.maxY + 1e-9)
            }
        }
    }

    /// Between consecutive progress steps of 0.001 no layer corner moves more than 20 points
    /// and no opacity or shade changes by more than 0.01, wherever the layers are the same.
    @Test(arguments: names)
    func movesWithoutJumps(name: String) throws {
        let transition = try #require(TransitionRegistry.named(name))
        let size = testSizes[0]
        let step = 0.001
        var previous = transition.forwardLayers(progress: 0, size: size)
        var comparedSteps = 0
        for index in 1...1000 {
            let progress = Double(index) * step
            let current = transition.forwardLayers(progress: progress, size: size)
            defer { previous = current }
            guard current.count == previous.count,
                  zip(current, previous).allSatisfy({ $0.screen == $1.screen && $0.sourceRect == $1.sourceRect }) else { continue }
            comparedSteps += 1
            for (now, before) in zip(current, previous) {
                #expect(abs(now.opacity - before.opacity) <= 0.01 + 1e-12, "opacity at \(progress)")
                #expect(abs(now.shade - before.shade) <= 0.01 + 1e-12, "shade at \(progress)")
                guard let cornersNow = now.projectedCorners(), let cornersBefore = before.projectedCorners() else { continue }
                let movement = zip(cornersNow, cornersBefore).map { ($0 - $1).length }.max() ?? 0
                #expect(movement <= 20, "a corner moved \(movement) points at \(progress)")
            }
        }
        // Only the two steps touching the ends may change the layers (pieces for whole screens).
        #expect(comparedSteps >= 998)
    }

    /// Where a transition swaps whole screens for pieces at its ends, the first and last steps
    /// still show the same thing at every sample point, give or take the pieces' edges.
    @Test(arguments: names)
    func theFirstAndLastStepsLookLikeTheEnds(name: String) throws {
        let transition = try #require(TransitionRegistry.named(name))
        let size = testSizes[0]
        for (end, near) in [(0.0, 0.001), (1.0, 0.999)] {
            let endList = transition.displayList(progress: end, direction: .forward, size: size)
            let nearList = transition.displayList(progress: near, direction: .forward, size: size)
            var mismatches = 0
            for row in 0..<23 {
                for column in 0..<29 {
                    let point = Point(x: (Double(column) + 0.37) * size.width / 29, y: (Double(row) + 0.61) * size.height / 23)
                    let atEnd = hit(endList, at: point)
                    let nearEnd = hit(nearList, at: point)
                    if let atEnd, let nearEnd, atEnd.screen == nearEnd.screen, (atEnd.source - nearEnd.source).length <= 2 { continue }
                    if atEnd == nil && nearEnd == nil { continue }
                    // A point within a few points of a piece's edge may fall either side of it.
                    let nearAnEdge = [atEnd, nearEnd].compactMap { $0 }.contains { found in
                        let rect = found.layer.sourceRect
                        return min(found.source.x - rect.minX, rect.maxX - found.source.x,
                                   found.source.y - rect.minY, rect.maxY - found.source.y) < 3
                    }
                    if !nearAnEdge { mismatches += 1 }
                }
            }
            #expect(mismatches == 0, "\(mismatches) sample points differ between \(end) and \(near)")
        }
    }
}
