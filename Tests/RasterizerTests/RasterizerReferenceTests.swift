import Engine
@testable import Rasterizer
import Testing

/// The rasteriser draws only what nearer opaque layers leave visible, fetches texels ahead and
/// steps its spans in pieces; the pictures must be those the rasteriser drew before, pixel for
/// pixel (``ReferenceRasterizer``, the previous code).
@Suite("Rasteriser against the previous one")
struct RasterizerReferenceTests {
    @Test(arguments: [(width: 160, height: 100, scale: 1.0), (width: 143, height: 97, scale: 1.0), (width: 240, height: 150, scale: 2.0)])
    func everyTransitionDrawsThePixelsThePreviousRasteriserDrew(_ frame: (width: Int, height: Int, scale: Double)) {
        let size = Size(width: Double(frame.width) / frame.scale, height: Double(frame.height) / frame.scale)
        let (from, to) = RasterizerThreadsTests.screens(width: frame.width, height: frame.height)
        let rasterizer = SoftwareRasterizer(from: from, to: to)
        let reference = ReferenceRasterizer(from: from, to: to)
        let drawn = PixelBuffer(width: frame.width, height: frame.height)
        let expected = PixelBuffer(width: frame.width, height: frame.height)
        var framesCompared = 0
        for transition in TransitionRegistry.all {
            for progress in [0.02, 0.25, 0.5, 0.6, 0.9, 0.98] {
                for direction in [TransitionDirection.forward, .backward] {
                    let list = transition.displayList(progress: progress, direction: direction, size: size)
                    rasterizer.draw(list, into: drawn.image, scale: frame.scale, threads: 2)
                    reference.draw(list, into: expected.image, scale: frame.scale)
                    framesCompared += 1
                    #expect(PixelComparison.samePixels(drawn, expected, width: frame.width, height: frame.height),
                            "\(transition.name) \(direction) at \(progress), \(frame.width)×\(frame.height) ×\(frame.scale): \(PixelComparison.firstDifference(drawn, expected, width: frame.width, height: frame.height))")
                }
            }
        }
        #expect(framesCompared == TransitionRegistry.all.count * 12)
    }

    /// Layers placed at random (seeded): moved, scaled, turned in perspective, mirrored,
    /// translucent, shaded, partly off the target, hidden behind others or seen from the back,
    /// drawn offset on the target.
    @Test func randomLayersDrawThePixelsThePreviousRasteriserDrew() {
        let width = 160, height = 120
        let size = Size(width: Double(width), height: Double(height))
        let (from, to) = RasterizerThreadsTests.screens(width: width, height: height)
        let rasterizer = SoftwareRasterizer(from: from, to: to)
        let reference = ReferenceRasterizer(from: from, to: to)
        let drawn = PixelBuffer(width: width, height: height)
        let expected = PixelBuffer(width: width, height: height)
        var generator = SplitMix64(seed: 32)
        var layersDrawn = 0
        for list in 0..<80 {
            var layers: [Layer] = []
            for _ in 0..<(1 + Int(generator.next() % 6)) {
                layers.append(Self.randomLayer(&generator, size: size))
            }
            let displayList = DisplayList(size: size, layers: layers)
            layersDrawn += layers.count
            let origin = list % 3 == 0 ? (x: generator.nextDouble(in: -40...40), y: generator.nextDouble(in: -40...40)) : (x: 0.0, y: 0.0)
            rasterizer.draw(displayList, into: drawn.image, scale: 1, originX: origin.x, originY: origin.y, threads: 1 + list % 3)
            reference.draw(displayList, into: expected.image, scale: 1, originX: origin.x, originY: origin.y)
            #expect(PixelComparison.samePixels(drawn, expected, width: width, height: height),
                    "random list \(list): \(PixelComparison.firstDifference(drawn, expected, width: width, height: height))")
        }
        #expect(layersDrawn > 200)
    }

    /// A layer of a random rectangle of either screen, moved, scaled or turned (in perspective
    /// half the time), opaque or not, shaded or not.
    static func randomLayer(_ generator: inout SplitMix64, size: Size) -> Layer {
        let screen: ScreenRole = generator.next() % 2 == 0 ? .from : .to
        let whole = generator.next() % 3 == 0
        let x = whole ? 0 : generator.nextDouble(in: 0...(size.width * 0.7))
        let y = whole ? 0 : generator.nextDouble(in: 0...(size.height * 0.7))
        let source = whole ? Rect(covering: size)
            : Rect(x: x, y: y, width: generator.nextDouble(in: 8...(size.width - x)), height: generator.nextDouble(in: 8...(size.height - y)))
        var transform = Transform3D.translation(x: generator.nextDouble(in: -80...80), y: generator.nextDouble(in: -60...60))
        switch generator.next() % 4 {
        case 0:
            break
        case 1:
            transform = Transform3D.about(source.center, .scale(x: generator.nextDouble(in: 0.3...1.8), y: generator.nextDouble(in: 0.3...1.8)))
                .then(transform)
        case 2:
            transform = Transform3D.about(source.center, .rotation(angle: generator.nextDouble(in: -3.2...3.2), x: 0, y: 0, z: 1)).then(transform)
        default:
            let axis = (x: generator.nextDouble(in: -1...1), y: generator.nextDouble(in: -1...1), z: generator.nextDouble(in: -0.3...0.3))
            transform = Transform3D.about(source.center, .rotation(angle: generator.nextDouble(in: -1.4...1.4), x: axis.x, y: axis.y, z: axis.z))
                .then(transform)
                .seen(fromDistance: generator.nextDouble(in: 150...900), center: size.center)
        }
        let opaque = generator.next() % 2 == 0
        return Layer(screen: screen, sourceRect: source, transform: transform,
                     opacity: opaque ? 1 : generator.nextDouble(in: 0.05...0.99),
                     shade: generator.next() % 3 == 0 ? generator.nextDouble(in: 0...1) : 0,
                     zOrder: generator.nextDouble(in: 0...3), isDoubleSided: generator.next() % 4 == 0)
    }
}

@Suite("Texel positions")
struct TexelPositionTests {
    /// The rounding trick gives what `Int(x)` gives over the whole range a texel position in
    /// 16.16 fixed point can take (0 up to 8192 texels): integers, halves (where rounding to
    /// nearest ties to even), the numbers just either side of them, and seeded random ones.
    @Test func theIntegerPartIsWhatIntGivesForEveryTexelPosition() {
        var samples: [Double] = [0, -0.0, 0.5, 1.5, 2.5, 0.4999999999, 0.5000000001, 8192 * 65_536 + 65_535.999]
        for integer in [1.0, 2, 3, 255, 256, 65_535, 65_536, 65_537, 1_000_000, 536_870_911, 536_870_912] {
            samples += [integer, integer.nextDown, integer.nextUp, integer + 0.5, (integer + 0.5).nextDown, (integer + 0.5).nextUp, integer - 0.5]
        }
        var generator = SplitMix64(seed: 16)
        for _ in 0..<20_000 { samples.append(generator.nextDouble(in: 0...(8193 * 65_536))) }
        let mismatches = samples.filter { RowTexelMap.integerPart($0) != Int($0) }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }
}

@Suite("Row coverage")
struct RowCoverageTests {
    @Test func spansCoveredInAnyOrderMergeIntoSortedIntervals() {
        var coverage = RowCoverage()
        coverage.cover(50..<60)
        coverage.cover(10..<20)
        coverage.cover(30..<40)
        #expect(coverage.intervals == [10..<20, 30..<40, 50..<60])
        // Touching merges, overlapping merges across several.
        coverage.cover(20..<25)
        #expect(coverage.intervals == [10..<25, 30..<40, 50..<60])
        coverage.cover(35..<55)
        #expect(coverage.intervals == [10..<25, 30..<60])
        coverage.cover(0..<100)
        #expect(coverage.intervals == [0..<100])
        coverage.cover(5..<5)
        #expect(coverage.intervals == [0..<100])
    }

    @Test func theUncoveredPiecesOfASpanAreWhatNoIntervalHolds() {
        var coverage = RowCoverage()
        coverage.cover(10..<20)
        coverage.cover(30..<40)
        var pieces: [Range<Int>] = []
        coverage.uncovered(0..<50, into: &pieces)
        #expect(pieces == [0..<10, 20..<30, 40..<50])
        pieces = []
        coverage.uncovered(12..<35, into: &pieces)
        #expect(pieces == [20..<30])
        pieces = []
        coverage.uncovered(32..<38, into: &pieces)
        #expect(pieces == [])
        pieces = []
        coverage.uncovered(40..<45, into: &pieces)
        #expect(pieces == [40..<45])
        coverage.reset()
        pieces = []
        coverage.uncovered(3..<7, into: &pieces)
        #expect(pieces == [3..<7])
    }
}
