import Engine
@testable import Rasterizer
import Testing

/// The rasteriser deals a frame's bands to several threads; the picture must not depend on it.
@Suite("Rasteriser threads")
struct RasterizerThreadsTests {
    /// Two screens of seeded random pixels, so every texel a layer samples is told apart.
    static func screens(width: Int, height: Int) -> (from: PixelBuffer, to: PixelBuffer) {
        var generator = SplitMix64(seed: 18)
        let from = PixelBuffer(width: width, height: height)
        let to = PixelBuffer(width: width, height: height)
        for buffer in [from, to] {
            for y in 0..<height {
                for x in 0..<width { buffer.image.row(y)[x] = 0xFF00_0000 | UInt32(truncatingIfNeeded: generator.next()) & 0x00FF_FFFF }
            }
        }
        return (from, to)
    }

    @Test func everyTransitionDrawsTheSamePixelsOnOneThreadAsOnSeveral() {
        let size = Size(width: 400, height: 300)
        let (from, to) = Self.screens(width: 400, height: 300)
        let rasterizer = SoftwareRasterizer(from: from, to: to)
        let single = PixelBuffer(width: 400, height: 300)
        let several = PixelBuffer(width: 400, height: 300)
        var layersDrawn = 0
        for transition in TransitionRegistry.all {
            for progress in [0.2, 0.55, 0.9] {
                let list = transition.displayList(progress: progress, direction: .forward, size: size)
                layersDrawn += list.layers.count
                rasterizer.draw(list, into: single.image, scale: 1, threads: 1)
                rasterizer.draw(list, into: several.image, scale: 1, threads: 3)
                let same = (0..<300).allSatisfy { y in (0..<400).allSatisfy { x in single.image.row(y)[x] == several.image.row(y)[x] } }
                #expect(same, "\(transition.name) at \(progress) differs when drawn on three threads")
            }
        }
        #expect(layersDrawn > 3 * TransitionRegistry.all.count)
    }
}

/// Bands are handed out from both ends, so each thread draws neighbouring bands.
@Suite("Band counter")
struct BandCounterTests {
    @Test func bandsTakenFromBothEndsAreEachHandedOutOnceAndNeighboursFollowEachOther() {
        let counter = SoftwareRasterizer.BandCounter(count: 7)
        var fromTop: [Int] = []
        var fromBottom: [Int] = []
        // Two takes from the bottom for each from the top, until both ends say there are none.
        var topDone = false
        var bottomDone = false
        while !(topDone && bottomDone) {
            if !topDone { if let band = counter.take(fromTop: true) { fromTop.append(band) } else { topDone = true } }
            for _ in 0..<2 where !bottomDone {
                if let band = counter.take(fromTop: false) { fromBottom.append(band) } else { bottomDone = true }
            }
        }
        #expect(fromTop == [0, 1, 2])
        #expect(fromBottom == [6, 5, 4, 3])
    }

    @Test func oneEndAloneTakesEveryBandInOrder() {
        let counter = SoftwareRasterizer.BandCounter(count: 4)
        #expect([counter.take(fromTop: false), counter.take(fromTop: false), counter.take(fromTop: false), counter.take(fromTop: false),
                 counter.take(fromTop: false)] == [3, 2, 1, 0, nil])
        #expect(counter.take(fromTop: true) == nil)
    }
}

/// The texels a band of a layer in perspective will read are asked for row by row, in address order.
@Suite("Texel box")
struct TexelBoxTests {
    @Test func theLinesOfABoxAreThoseOfItsTexelsLessThoseAKnownBoxHoldsInAddressOrderEachOnce() {
        let screen = PixelBuffer(width: 100, height: 8)
        // Columns 3…70 of rows 2…4, less columns 10…40 of rows 3…6.
        let box = TexelBox((u: 3 << 16, v: 2 << 16)).including((u: 70 << 16, v: 4 << 16))
        let known = TexelBox((u: 10 << 16, v: 3 << 16)).including((u: 40 << 16, v: 6 << 16))
        var lines: [UInt] = []
        box.lines(of: screen.image, except: known) { lines.append(UInt(bitPattern: $0)) }
        var expected: [UInt] = []
        for v in 2...4 {
            for u in 3...70 where !(v >= 3 && (10...40).contains(u)) {
                let line = UInt(bitPattern: screen.image.row(v) + u) & ~UInt(TexelBox.lineBytes - 1)
                if expected.last != line { expected.append(line) }
            }
        }
        #expect(lines == expected)
        #expect(lines == lines.sorted())
    }

    @Test func aBoxWithNothingKnownGivesEveryLineOfEveryRow() {
        let screen = PixelBuffer(width: 64, height: 3)
        let box = TexelBox((u: 0, v: 0)).including((u: 63 << 16, v: 2 << 16))
        var count = 0
        box.lines(of: screen.image, except: nil) { _ in count += 1 }
        // 64 texels of 4 bytes are 4 lines, or 5 when the row does not start on a line.
        let rowsOnALine = (0..<3).filter { UInt(bitPattern: screen.image.row($0)) % UInt(TexelBox.lineBytes) == 0 }.count
        #expect(count == 4 * rowsOnALine + 5 * (3 - rowsOnALine))
    }
}
