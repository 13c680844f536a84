import Engine
import Testing

@Suite("Explode")
struct ExplodeTransitionTests {
    let size = Size(width: 800, height: 600)

    @Test func cutsTheScreenIntoSquaresColumnByColumn() {
        let pieces = ExplodeTransition().pieces(on: size)
        // 80-point squares: 10 columns of 8 rows, the last row 40 points high.
        #expect(pieces.count == 80)
        #expect(pieces[0].sourceRect == Rect(x: 0, y: 0, width: 80, height: 80))
        #expect(pieces[1].sourceRect == Rect(x: 0, y: 80, width: 80, height: 80))
        #expect(pieces[7].sourceRect == Rect(x: 0, y: 560, width: 80, height: 40))
        #expect(pieces[8].sourceRect == Rect(x: 80, y: 0, width: 80, height: 80))
        let area = pieces.map { $0.sourceRect.size.width * $0.sourceRect.size.height }.reduce(0, +)
        expectClose(area, 800 * 600)
    }

    @Test func theSameSeedGivesTheSamePiecesAndTheDrawsComeFromSplitMix64() {
        #expect(ExplodeTransition(seed: 7).pieces(on: size) == ExplodeTransition(seed: 7).pieces(on: size))
        #expect(ExplodeTransition(seed: 7).pieces(on: size) != ExplodeTransition(seed: 8).pieces(on: size))
        var generator = SplitMix64(seed: 7)
        let first = ExplodeTransition(seed: 7).pieces(on: size)[0]
        #expect(first.offset.x == generator.nextDouble(in: -100...100))
        #expect(first.offset.y == generator.nextDouble(in: -100...100))
        #expect(first.spin == generator.nextDouble(in: -10...10))
        for piece in ExplodeTransition(maximumOffset: 50, maximumSpin: 2).pieces(on: size) {
            #expect(abs(piece.offset.x) <= 50 && abs(piece.offset.y) <= 50 && abs(piece.spin) <= 2)
        }
    }

    @Test(arguments: [0.25, 0.5, 0.75])
    func eachPieceDriftsSpinsShrinksAndFades(progress: Double) {
        let transition = ExplodeTransition(seed: 3)
        let list = transition.displayList(progress: progress, direction: .forward, size: size)
        #expect(list.layers[0] == .fullScreen(.to, size: size))
        let pieces = transition.pieces(on: size)
        #expect(list.layers.count == pieces.count + 1)
        for (layer, piece) in zip(list.layers.dropFirst(), pieces) {
            #expect(layer.screen == .from && layer.sourceRect == piece.sourceRect)
            let remaining = 1 - progress
            let expected = around(piece.sourceRect.center, turnInPlane(piece.spin * progress).then(.scale(x: remaining, y: remaining)))
                .then(.translation(x: piece.offset.x * progress, y: piece.offset.y * progress))
            expectPlacement(layer.transform, expected)
            expectClose(layer.opacity, remaining)
        }
    }
}
