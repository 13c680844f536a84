import Dispatch
import Engine
import Foundation
@testable import Rasterizer
import Synchronization

// The rasteriser as it was before rows were planned around opaque layers (commit e2807c3),
// kept word for word apart from its names: the pictures the rasteriser draws must stay these.

/// Draws an Engine display list into pixels this program owns, without SDL's software
/// triangle rasteriser, which costs tens of milliseconds per full-screen layer.
///
/// A layer only moved and scaled is a copy, stepped like SDL's nearest-neighbour stretch
/// (rows copied whole when the scale is one). Any other layer is filled scanline by scanline:
/// each row of the layer's projected quad is one span whose source position is
/// perspective-correct every ``perspectiveStep`` pixels and affine in between. Opaque
/// unshaded layers are written without blending; the others are sampled into a row and
/// blended with ``RowBlender``.
final class ReferenceRasterizer {
    /// Pixels between two perspective-correct source positions along a span: the affine error
    /// over 16 pixels of a screen turned in perspective stays well under a texel.
    static let perspectiveStep = 16
    /// Fixed-point source positions: 16 fractional bits.
    private static let fractionBits = 16
    private static let one = 1 << fractionBits

    private let from: PixelBuffer
    private let to: PixelBuffer
    /// One row of sampled pixels waiting to be blended, for each thread that draws bands.
    private var scratches: [UnsafeMutablePointer<UInt32>]
    private var scratchCount: Int

    /// A rasteriser sampling the two screens' pixels.
    init(from: PixelBuffer, to: PixelBuffer) {
        self.from = from
        self.to = to
        scratchCount = max(from.image.width, to.image.width, 1)
        scratches = Self.scratchRows(width: scratchCount)
    }

    deinit { scratches.forEach { $0.deallocate() } }

    /// The most threads that draw one frame's bands.
    static let maximumThreads = 4
    /// Threads that draw a frame's bands: one per core, at most ``maximumThreads``.
    static let threads = min(max(ProcessInfo.processInfo.activeProcessorCount, 1), maximumThreads)
    /// Frames smaller than this many pixels are drawn on one thread (handing bands to another
    /// costs more than it saves on a thumbnail).
    static let parallelPixels = 256 * 256

    /// Draws `list` into `target`, at `scale` pixels per point offset by (`originX`, `originY`)
    /// pixels, over opaque black.
    ///
    /// The frame is drawn in bands of ``bandRows`` rows, every layer's rows of one band before
    /// the next band: a band of the target stays in cache while all its layers are laid on it,
    /// rather than the whole frame being written by one layer and read back from memory by the
    /// next. ``threads`` threads take the bands one at a time, each the next not yet taken, and
    /// write rows no other touches: a thread the system holds up delays the frame by one band at
    /// most, as the others take the rest. Each pixel still receives its layers in the same
    /// order, so the picture is the same however many threads draw it (`threads`, at most
    /// ``threads``, is for tests).
    func draw(_ list: DisplayList, into target: PixelImage, scale: Double, originX: Double = 0, originY: Double = 0,
              threads: Int = 1) {
        ensureScratch(target.width)
        let visible = list.layers.filter { $0.opacity > 0 }
        // A first layer that covers the whole target opaquely makes clearing a wasted write.
        let clears = !(visible.first.map { coversTarget($0, list: list, target: target, scale: scale, originX: originX, originY: originY) } ?? false)
        let fills: [LayerFill] = visible.compactMap { layer in
            let screen = (layer.screen == .from ? from : to).image
            if Self.isCopy(layer) {
                return flatFill(layer, screen: screen, screenSize: list.size, into: target, scale: scale, originX: originX, originY: originY)
            }
            return projectedFill(layer, screen: screen, screenSize: list.size, into: target, scale: scale, originX: originX, originY: originY)
        }
        let bandCount = (target.height + Self.bandRows - 1) / Self.bandRows
        let parts = target.width * target.height >= Self.parallelPixels ? max(1, min(threads, scratches.count, bandCount)) : 1
        let scratches = ScratchRows(rows: self.scratches)
        let bands = BandCounter()
        let drawBands = { @Sendable (part: Int) in
            while true {
                let band = bands.take()
                guard band < bandCount else { return }
                Self.drawBand(band, fills: fills, clears: clears, into: target, scratch: scratches.rows[part])
            }
        }
        if parts > 1 {
            DispatchQueue.concurrentPerform(iterations: parts, execute: drawBands)
        } else {
            drawBands(0)
        }
    }

    /// Draws rows `band × bandRows` up to the next band of every layer in `fills`, in order.
    private static func drawBand(_ band: Int, fills: [LayerFill], clears: Bool, into target: PixelImage, scratch: UnsafeMutablePointer<UInt32>) {
        let rows = band * bandRows..<min((band + 1) * bandRows, target.height)
        if clears {
            for y in rows { target.row(y).update(repeating: RowBlender.opaqueAlpha, count: target.width) }
        }
        for fill in fills {
            let layerRows = rows.clamped(to: fill.rows)
            switch fill {
            case .flat(let copy): for y in layerRows { copy.drawRow(y, into: target, scratch: scratch) }
            case .projected(let span): for y in layerRows { span.drawRow(y, into: target, scratch: scratch) }
            }
        }
    }

    /// The bands of one frame handed out in order, each to the first thread that asks.
    private final class BandCounter: Sendable {
        private let next = Atomic<Int>(0)

        /// The next band not yet taken.
        func take() -> Int {
            next.wrappingAdd(1, ordering: .relaxed).oldValue
        }
    }

    /// Each band-drawing thread's scratch row, handed to the threads (each uses only its own).
    private struct ScratchRows: @unchecked Sendable {
        let rows: [UnsafeMutablePointer<UInt32>]
    }

    /// Rows per band: 32 rows of a 1280-pixel target are 160 KiB, which stays in a core's L2 cache.
    static let bandRows = 32

    /// A layer ready to draw row by row.
    private enum LayerFill: Sendable {
        case flat(FlatCopy)
        case projected(ProjectedSpans)

        var rows: Range<Int> {
            switch self {
            case .flat(let copy): return copy.rows
            case .projected(let spans): return spans.rows
            }
        }
    }

    private func ensureScratch(_ width: Int) {
        guard width > scratchCount else { return }
        scratches.forEach { $0.deallocate() }
        scratchCount = width
        scratches = Self.scratchRows(width: width)
    }

    /// A scratch row of `width` pixels for each thread that may draw bands.
    private static func scratchRows(width: Int) -> [UnsafeMutablePointer<UInt32>] {
        (0..<maximumThreads).map { _ in .allocate(capacity: width) }
    }

    private func coversTarget(_ layer: Layer, list: DisplayList, target: PixelImage, scale: Double, originX: Double, originY: Double) -> Bool {
        guard layer.opacity >= 1, layer.shade <= 0, layer.transform.isIdentity(tolerance: 0),
              layer.sourceRect == Rect(covering: list.size), originX <= 0, originY <= 0 else { return false }
        return originX + list.size.width * scale >= Double(target.width) && originY + list.size.height * scale >= Double(target.height)
    }

    // MARK: Moved and scaled layers

    /// True when the layer is only moved and scaled (no rotation, mirror or perspective), so
    /// it is drawn as a copy rather than resampled through its homography.
    static func isCopy(_ layer: Layer) -> Bool {
        let m = layer.transform.m
        return !layer.transform.hasPerspective && m[1] == 0 && m[4] == 0 && m[0] > 0 && m[5] > 0
    }

    /// A layer only moved and scaled (no rotation, mirror or perspective), drawn as SDL's
    /// `SDL_RenderCopyF` draws it in software: the destination rectangle truncated to whole
    /// pixels, and nearest-neighbour steps of (source / destination) in 16.16 fixed point
    /// starting half a step in. Nil when nothing of it lands on the target.
    private func flatFill(_ layer: Layer, screen: PixelImage, screenSize: Size, into target: PixelImage, scale: Double,
                          originX: Double, originY: Double) -> LayerFill? {
        let m = layer.transform.m
        let rect = layer.sourceRect
        let texelsPerPoint = Double(screen.width) / screenSize.width
        // The same rounding, in the same precision, as the SDL copy the pictures were made with.
        var sourceX = Int((rect.minX * texelsPerPoint).rounded())
        var sourceY = Int((rect.minY * texelsPerPoint).rounded())
        var sourceWidth = Int((rect.size.width * texelsPerPoint).rounded())
        var sourceHeight = Int((rect.size.height * texelsPerPoint).rounded())
        let destinationX = Float(originX + (m[0] * rect.minX + m[3]) * scale)
        let destinationY = Float(originY + (m[5] * rect.minY + m[7]) * scale)
        let destinationWidth = Float(m[0] * rect.size.width * scale)
        let destinationHeight = Float(m[5] * rect.size.height * scale)
        let limit = Float(SoftwareRasterizer.coordinateLimit)
        guard abs(destinationX) < limit, abs(destinationY) < limit, abs(destinationWidth) < limit, abs(destinationHeight) < limit else { return nil }
        // SDL clips the source rectangle to the texture before anything else.
        let clippedX = max(sourceX, 0)
        let clippedY = max(sourceY, 0)
        sourceWidth = min(sourceX + sourceWidth, screen.width) - clippedX
        sourceHeight = min(sourceY + sourceHeight, screen.height) - clippedY
        sourceX = clippedX
        sourceY = clippedY
        let left = Int(destinationX)
        let top = Int(destinationY)
        let width = Int(destinationWidth)
        let height = Int(destinationHeight)
        guard sourceWidth > 0, sourceHeight > 0, width > 0, height > 0 else { return nil }
        let firstColumn = max(left, 0)
        let endColumn = min(left + width, target.width)
        let firstRow = max(top, 0)
        let endRow = min(top + height, target.height)
        guard firstColumn < endColumn, firstRow < endRow else { return nil }
        let alpha = Self.byte(layer.opacity)
        let level = Self.byte(1 - layer.shade)
        return .flat(FlatCopy(screen: screen, rows: firstRow..<endRow, firstColumn: firstColumn, count: endColumn - firstColumn,
                              left: left, top: top, sourceX: sourceX, sourceY: sourceY, sourceWidth: sourceWidth,
                              sameSize: sourceWidth == width && sourceHeight == height,
                              stepX: (sourceWidth << 16) / width, stepY: (sourceHeight << 16) / height, alpha: alpha, level: level))
    }

    /// One moved or scaled layer, drawn a row at a time.
    private struct FlatCopy: Sendable {
        let screen: PixelImage
        let rows: Range<Int>
        let firstColumn: Int
        let count: Int
        let left: Int
        let top: Int
        let sourceX: Int
        let sourceY: Int
        let sourceWidth: Int
        let sameSize: Bool
        let stepX: Int
        let stepY: Int
        let alpha: UInt8
        let level: UInt8
        var opaque: Bool { alpha == 255 && level == 255 }

        @inline(__always)
        func drawRow(_ y: Int, into target: PixelImage, scratch: UnsafeMutablePointer<UInt32>) {
            let sourceRow = sameSize ? sourceY + y - top : sourceY + Int(((stepY / 2) + (y - top) * stepY) >> 16)
            let destination = target.row(y) + firstColumn
            let source = screen.row(min(sourceRow, screen.height - 1))
            if sameSize {
                let start = source + sourceX + firstColumn - left
                if opaque {
                    destination.update(from: start, count: count)
                } else {
                    RowBlender.blend(start, over: destination, count: count, alpha: alpha, level: level)
                }
                return
            }
            let row = opaque ? destination : scratch
            var position = stepX / 2 + (firstColumn - left) * stepX
            let lastTexel = sourceX + sourceWidth - 1
            for index in 0..<count {
                row[index] = source[min(sourceX + (position >> 16), lastTexel)]
                position += stepX
            }
            if !opaque { RowBlender.blend(scratch, over: destination, count: count, alpha: alpha, level: level) }
        }
    }

    // MARK: Rotated and perspective layers

    /// Prepares the layer's projected quad to be filled span by span, sampling its screen
    /// through the inverse of the layer's plane-to-screen homography. Nil when it is not drawn
    /// (behind the eye, edge-on, facing away, or off the target).
    private func projectedFill(_ layer: Layer, screen: PixelImage, screenSize: Size, into target: PixelImage, scale: Double,
                               originX: Double, originY: Double) -> LayerFill? {
        let m = layer.transform.m
        // The layer's plane (z = 0) to screen pixels: rows x, y and w of the 4×4, columns x, y and 1.
        let forward = ReferenceHomography(
            m[0] * scale + originX * m[12], m[1] * scale + originX * m[13], m[3] * scale + originX * m[15],
            m[4] * scale + originY * m[12], m[5] * scale + originY * m[13], m[7] * scale + originY * m[15],
            m[12], m[13], m[15])
        let rect = layer.sourceRect
        let corners = [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.maxX, rect.maxY), (rect.minX, rect.maxY)]
        var projected: [(x: Double, y: Double)] = []
        for corner in corners {
            let image = forward.apply(corner.0, corner.1)
            // Behind or grazing the eye: not drawn, as before.
            guard image.w > 1e-6 else { return nil }
            let point = (x: image.x / image.w, y: image.y / image.w)
            guard abs(point.x) < SoftwareRasterizer.coordinateLimit, abs(point.y) < SoftwareRasterizer.coordinateLimit else { return nil }
            projected.append(point)
        }
        var doubleArea = 0.0
        for index in 0..<4 {
            let a = projected[index]
            let b = projected[(index + 1) % 4]
            doubleArea += a.x * b.y - b.x * a.y
        }
        if abs(doubleArea) < 1e-9 || (!layer.isDoubleSided && doubleArea < 0) { return nil }
        guard let inverse = forward.inverse() else { return nil }

        let texelsPerPoint = Double(screen.width) / screenSize.width
        let lowU = max(0, Int((rect.minX * texelsPerPoint).rounded()))
        let highU = min(screen.width, Int((rect.maxX * texelsPerPoint).rounded())) - 1
        let lowV = max(0, Int((rect.minY * texelsPerPoint).rounded()))
        let highV = min(screen.height, Int((rect.maxY * texelsPerPoint).rounded())) - 1
        guard lowU <= highU, lowV <= highV else { return nil }
        let ys = projected.map(\.y)
        let firstRow = max(0, Int(((ys.min() ?? 0) - 0.5).rounded(.up)))
        let endRow = min(target.height, Int(((ys.max() ?? 0) - 0.5).rounded(.up)))
        guard firstRow < endRow else { return nil }
        let quad = ReferenceProjectedQuad(xs: SIMD4(projected.map(\.x)), ys: SIMD4(ys))
        return .projected(ProjectedSpans(screen: screen, rows: firstRow..<endRow, quad: quad, inverse: inverse,
                                         texelsPerPoint: texelsPerPoint, clamp: ReferenceTexelClamp(lowU: lowU, highU: highU, lowV: lowV, highV: highV),
                                         alpha: Self.byte(layer.opacity), level: Self.byte(1 - layer.shade),
                                         affine: inverse.g == 0 && inverse.h == 0))
    }

    /// One rotated or perspective layer, filled a row (one span) at a time.
    private struct ProjectedSpans: Sendable {
        let screen: PixelImage
        let rows: Range<Int>
        /// The layer's corners on the target, in pixels.
        let quad: ReferenceProjectedQuad
        let inverse: ReferenceHomography
        let texelsPerPoint: Double
        let clamp: ReferenceTexelClamp
        let alpha: UInt8
        let level: UInt8
        /// True when the map has no perspective, so one step serves a whole span.
        let affine: Bool
        var opaque: Bool { alpha == 255 && level == 255 }

        @inline(__always)
        func drawRow(_ y: Int, into target: PixelImage, scratch: UnsafeMutablePointer<UInt32>) {
            let centreY = Double(y) + 0.5
            guard let span = quad.span(atY: centreY) else { return }
            let firstColumn = max(0, Int((span.left - 0.5).rounded(.up)))
            let endColumn = min(target.width, Int((span.right - 0.5).rounded(.up)))
            guard firstColumn < endColumn else { return }
            let count = endColumn - firstColumn
            let destination = target.row(y) + firstColumn
            let row = opaque ? destination : scratch
            var start = firstColumn
            // Each span's far end is the next span's near end: one divide per span.
            var head = inverse.texel(Double(start) + 0.5, centreY, texelsPerPoint: texelsPerPoint, clamp: clamp)
            while start < endColumn {
                let length = affine ? endColumn - start : min(ReferenceRasterizer.perspectiveStep, endColumn - start)
                let tailX = affine ? Double(endColumn - 1) + 0.5 : Double(start + length) + 0.5
                let tail = inverse.texel(tailX, centreY, texelsPerPoint: texelsPerPoint, clamp: clamp)
                let steps = affine ? max(length - 1, 1) : length
                ReferenceRasterizer.sample(screen, from: head, stepU: (tail.u - head.u) / steps, stepV: (tail.v - head.v) / steps,
                                          into: row + (start - firstColumn), count: length)
                head = tail
                start += length
            }
            if !opaque { RowBlender.blend(scratch, over: destination, count: count, alpha: alpha, level: level) }
        }
    }

    /// Nearest-neighbour samples of `screen` along a line of 16.16 fixed-point texel positions.
    @inline(__always)
    private static func sample(_ screen: PixelImage, from start: (u: Int, v: Int), stepU: Int, stepV: Int,
                               into output: UnsafeMutablePointer<UInt32>, count: Int) {
        let base = screen.base
        let stride = screen.stride
        var u = start.u
        var v = start.v
        for index in 0..<count {
            output[index] = base[(v &>> fractionBits) &* stride &+ (u &>> fractionBits)]
            u &+= stepU
            v &+= stepV
        }
    }

    /// 0…1 as a byte, rounded as the SDL copies were given their modulation.
    private static func byte(_ value: Double) -> UInt8 { UInt8(max(0, min(255, (value * 255).rounded()))) }
}

/// A layer's four corners on the target, in pixels, in order around the quad (held inline, so
/// drawing a row copies no array).
struct ReferenceProjectedQuad: Sendable {
    let xs: SIMD4<Double>
    let ys: SIMD4<Double>

    /// Where the horizontal line at `y` crosses the convex quad; nil when it misses.
    @inline(__always)
    func span(atY y: Double) -> (left: Double, right: Double)? {
        var left = Double.infinity
        var right = -Double.infinity
        for index in 0..<4 {
            let next = (index + 1) & 3
            let (ax, ay, bx, by) = (xs[index], ys[index], xs[next], ys[next])
            guard (ay <= y && y < by) || (by <= y && y < ay) else { continue }
            let x = ax + (y - ay) * (bx - ax) / (by - ay)
            left = min(left, x)
            right = max(right, x)
        }
        return left <= right ? (left, right) : nil
    }
}

/// The texels a layer may sample: its source rectangle within its screen, inclusive.
struct ReferenceTexelClamp: Sendable {
    let lowU: Int
    let highU: Int
    let lowV: Int
    let highV: Int
}

/// A 3×3 projective map (row-major a…i) between a layer's plane and screen pixels.
struct ReferenceHomography: Sendable {
    let a: Double, b: Double, c: Double
    let d: Double, e: Double, f: Double
    let g: Double, h: Double, i: Double

    init(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double, _ g: Double, _ h: Double, _ i: Double) {
        (self.a, self.b, self.c, self.d, self.e, self.f, self.g, self.h, self.i) = (a, b, c, d, e, f, g, h, i)
    }

    /// The homogeneous image of (x, y, 1).
    @inline(__always)
    func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double, w: Double) {
        (a * x + b * y + c, d * x + e * y + f, g * x + h * y + i)
    }

    /// The inverse map; nil when the layer is seen edge-on.
    func inverse() -> ReferenceHomography? {
        let cofactorA = e * i - f * h
        let cofactorB = f * g - d * i
        let cofactorC = d * h - e * g
        let determinant = a * cofactorA + b * cofactorB + c * cofactorC
        guard abs(determinant) > 1e-12 else { return nil }
        let scale = 1 / determinant
        return ReferenceHomography(cofactorA * scale, (c * h - b * i) * scale, (b * f - c * e) * scale,
                          cofactorB * scale, (a * i - c * g) * scale, (c * d - a * f) * scale,
                          cofactorC * scale, (b * g - a * h) * scale, (a * e - b * d) * scale)
    }

    /// The texel under screen pixel position (x, y), in 16.16 fixed point, kept inside `clamp`.
    @inline(__always)
    func texel(_ x: Double, _ y: Double, texelsPerPoint: Double, clamp: ReferenceTexelClamp) -> (u: Int, v: Int) {
        let image = apply(x, y)
        let w = image.w == 0 ? 1e-12 : image.w
        // Written so that a NaN (a pixel at the horizon) lands on the lower bound.
        let rawU = image.x / w * texelsPerPoint
        let rawV = image.y / w * texelsPerPoint
        let u = rawU >= Double(clamp.lowU) ? min(rawU, Double(clamp.highU) + 0.999) : Double(clamp.lowU)
        let v = rawV >= Double(clamp.lowV) ? min(rawV, Double(clamp.highV) + 0.999) : Double(clamp.lowV)
        return (Int(u * 65_536), Int(v * 65_536))
    }
}
