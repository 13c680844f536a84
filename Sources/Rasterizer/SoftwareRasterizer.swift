import CPixels
import Dispatch
import Engine
import FoundationEssentials
import Glibc
import Synchronization

/// Draws an Engine display list into pixels this program owns, without SDL's software
/// triangle rasteriser, which costs tens of milliseconds per full-screen layer.
///
/// A layer only moved and scaled is a copy, stepped like SDL's nearest-neighbour stretch
/// (rows copied whole when the scale is one). Any other layer is filled scanline by scanline:
/// each row of the layer's projected quad is one span whose source position is
/// perspective-correct every ``perspectiveStep`` pixels and affine in between. Opaque
/// unshaded layers are written without blending; the others are sampled into a row and
/// blended with ``RowBlender``. On each row a layer is drawn only where no nearer layer of
/// full opacity covers it (``RowCoverage``), and the background is cleared only where no such
/// layer does: every pixel ends as drawing every layer in order would leave it.
package final class SoftwareRasterizer {
    /// Pixels between two perspective-correct source positions along a span: the affine error
    /// over 16 pixels of a screen turned in perspective stays well under a texel.
    static let perspectiveStep = 1 << perspectiveStepShift
    /// Projected coordinates beyond this many pixels mean the layer is grazing the eye: such a
    /// layer is left out, here and by the SDL mesh path alike.
    package static let coordinateLimit = 32_768.0
    /// ``perspectiveStep`` as a power of two.
    private static let perspectiveStepShift = 4
    /// Fixed-point source positions: 16 fractional bits.
    private static let fractionBits = 16

    private let from: PixelBuffer
    private let to: PixelBuffer
    /// What each thread that draws bands works with: its scratch row and its band's plan.
    private let workspaces: [BandWorkspace]

    /// A rasteriser sampling the two screens' pixels.
    package init(from: PixelBuffer, to: PixelBuffer) {
        self.from = from
        self.to = to
        let width = max(from.image.width, to.image.width, 1)
        workspaces = (0..<Self.maximumThreads).map { _ in BandWorkspace(width: width) }
    }

    /// The most threads that draw one frame's bands.
    static let maximumThreads = 4
    /// Threads that draw a frame's bands: one per core, at most ``maximumThreads``.
    static let threads = min(max(ProcessInfo.processInfo.activeProcessorCount, 1), maximumThreads)
    /// Frames smaller than this many pixels are drawn on one thread (handing bands to another
    /// costs more than it saves on a thumbnail).
    static let parallelPixels = 256 * 256
    /// Rows per band: 32 rows of a 1280-pixel target are 160 KiB, which stays in a core's L2 cache.
    static let bandRows = 32

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
    /// ``maximumThreads``, is for tests).
    package func draw(_ list: DisplayList, into target: PixelImage, scale: Double, originX: Double = 0, originY: Double = 0,
              threads: Int = SoftwareRasterizer.threads) {
        for workspace in workspaces { workspace.ensureScratch(target.width) }
        let fills: [LayerFill] = list.layers.filter { $0.opacity > 0 }.compactMap { layer in
            let screen = (layer.screen == .from ? from : to).image
            if Self.isCopy(layer) {
                return flatFill(layer, screen: screen, screenSize: list.size, into: target, scale: scale, originX: originX, originY: originY)
            }
            return projectedFill(layer, screen: screen, screenSize: list.size, into: target, scale: scale, originX: originX, originY: originY)
        }
        let outlines = fills.map(\.outline)
        let bandCount = (target.height + Self.bandRows - 1) / Self.bandRows
        let parts = target.width * target.height >= Self.parallelPixels ? max(1, min(threads, workspaces.count, bandCount)) : 1
        let workspaces = Workspaces(all: self.workspaces)
        let bands = BandCounter(count: bandCount)
        let drawBands = { @Sendable (part: Int) in
            let workspace = workspaces.all[part]
            // Taken out while drawing, so the plan is a local value (no exclusivity checks).
            var plan = workspace.takePlan()
            // The texels this thread last asked for, layer by layer.
            var asked = [TexelBox?](repeating: nil, count: fills.count)
            while let band = bands.take(fromTop: part % 2 == 0) {
                Self.drawBand(band, fills: fills, outlines: outlines, into: target, plan: &plan, asked: &asked, scratch: workspace.scratch,
                              boundaries: workspace.boundaries, boundaryStride: workspace.boundaryStride)
            }
            workspace.keepPlan(plan)
        }
        if parts > 1 {
            DispatchQueue.concurrentPerform(iterations: parts, execute: drawBands)
        } else {
            drawBands(0)
        }
    }

    /// Draws rows `band × bandRows` up to the next band: first which columns of each row each
    /// layer shows (what nearer opaque layers leave of it), clearing the columns no opaque layer
    /// covers, then each layer's pieces of the band's rows, layer after layer (a layer's texels
    /// for neighbouring rows are neighbours too). `asked` holds, by layer, the texels the thread
    /// asked for last (in its band before, whose texels it still holds), and is kept up to date.
    private static func drawBand(_ band: Int, fills: [LayerFill], outlines: [LayerOutline], into target: PixelImage, plan: inout BandPlan,
                                 asked: inout [TexelBox?], scratch: UnsafeMutablePointer<UInt32>, boundaries: UnsafeMutablePointer<(u: Int, v: Int)>,
                                 boundaryStride: Int) {
        let rows = band * bandRows..<min((band + 1) * bandRows, target.height)
        plan.make(rows: rows, outlines: outlines, width: target.width) { y, gap in
            (target.row(y) + gap.lowerBound).update(repeating: RowBlender.opaqueAlpha, count: gap.count)
        }
        let layers = plan.layers.count
        for (k, index) in plan.layers.enumerated() {
            let layerRows = rows.clamped(to: outlines[index].rows)
            guard !layerRows.isEmpty else { continue }
            switch fills[index] {
            case .flat(let copy):
                for y in layerRows {
                    for piece in plan.pieceRanges[(y - rows.lowerBound) * layers + k] {
                        copy.draw(row: y, columns: plan.pieces[piece], into: target, scratch: scratch)
                    }
                }
            case .projected(let spans):
                // Rows seen in perspective read texels in an order the hardware's prefetcher cannot
                // follow; when the screens have left the cache (another program's work, the
                // present), asking first for the band's new texel rows in address order streams
                // them in.
                let box = spans.texelBox(rows: layerRows)
                box?.prefetch(spans.screen, except: asked[index])
                asked[index] = box
                // Each row's texels are worked out, and their lines fetched, while the row before
                // is drawn.
                func columns(ofRow y: Int) -> Range<Int>? {
                    let pieces = plan.pieceRanges[(y - rows.lowerBound) * layers + k]
                    guard let first = pieces.first, let last = pieces.last else { return nil }
                    return plan.pieces[first].lowerBound..<plan.pieces[last].upperBound
                }
                func nextRow(after y: Int) -> Int? { (y + 1..<layerRows.upperBound).first { columns(ofRow: $0) != nil } }
                var next = (layerRows.lowerBound..<layerRows.upperBound).first { columns(ofRow: $0) != nil }
                var buffers = (boundaries, boundaries + boundaryStride)
                var firstSegment = 0
                if let y = next, let reach = columns(ofRow: y) {
                    firstSegment = spans.prepare(row: y, span: plan.spans[(y - rows.lowerBound) * layers + k], columns: reach, boundaries: buffers.0)
                }
                while let y = next {
                    let slot = (y - rows.lowerBound) * layers + k
                    let drawing = (buffers.0, firstSegment)
                    next = nextRow(after: y)
                    if let following = next, let reach = columns(ofRow: following) {
                        firstSegment = spans.prepare(row: following, span: plan.spans[(following - rows.lowerBound) * layers + k], columns: reach,
                                                     boundaries: buffers.1)
                        buffers = (buffers.1, buffers.0)
                    }
                    for piece in plan.pieceRanges[slot] {
                        spans.draw(row: y, span: plan.spans[slot], columns: plan.pieces[piece], boundaries: drawing.0, firstSegment: drawing.1,
                                   into: target, scratch: scratch)
                    }
                }
            }
        }
    }

    /// The bands of one frame handed out from both ends, each to the first thread that asks:
    /// threads taking from the top go down, the others up, so each thread draws neighbouring
    /// bands (whose texels overlap, still in its own cache) until they meet.
    final class BandCounter: Sendable {
        /// Bands taken from the top (low 32 bits) and from the bottom (high 32 bits).
        private let taken = Atomic<Int>(0)
        private let count: Int

        /// Hands out bands 0..<`count`.
        init(count: Int) {
            self.count = count
        }

        /// The next band not yet taken from the top (or the bottom); nil when every band is.
        func take(fromTop: Bool) -> Int? {
            let before = taken.wrappingAdd(fromTop ? 1 : 1 << 32, ordering: .relaxed).oldValue
            let fromTopTaken = before & 0xFFFF_FFFF
            let fromBottomTaken = before >> 32
            // Each band is claimed once: whichever end's claim comes second sees the first's.
            let band = fromTop ? fromTopTaken : count - 1 - fromBottomTaken
            return band >= fromTopTaken && band < count - fromBottomTaken ? band : nil
        }
    }

    /// The band-drawing threads' workspaces, handed to the threads (each uses only its own).
    private struct Workspaces: @unchecked Sendable {
        let all: [BandWorkspace]
    }

    /// A layer ready to draw row by row.
    private enum LayerFill: Sendable {
        case flat(FlatCopy)
        case projected(ProjectedSpans)

        /// Where it lies on the target.
        var outline: LayerOutline {
            switch self {
            case .flat(let copy): return LayerOutline(rows: copy.rows, covers: copy.alpha == 255, columns: copy.columns, quad: nil)
            case .projected(let spans): return LayerOutline(rows: spans.rows, covers: spans.alpha == 255, columns: 0..<0, quad: spans.quad)
            }
        }
    }

    /// Where a layer lies on the target, for planning rows without its drawing state.
    private struct LayerOutline: Sendable {
        /// The rows it draws on.
        let rows: Range<Int>
        /// True when drawing writes every pixel of its span without reading what was there
        /// (full opacity, shaded or not), so it hides whatever farther layers drew there.
        let covers: Bool
        /// The columns a moved or scaled layer draws on each of its rows.
        let columns: Range<Int>
        /// A rotated or perspective layer's corners.
        let quad: ProjectedQuad?

        /// The target columns the layer draws on row `y`, one of its ``rows`` (empty when none):
        /// for a projected quad, those whose pixel centres lie inside it.
        @inline(__always)
        func span(row y: Int, width: Int) -> Range<Int> {
            guard let quad else { return columns }
            guard let span = quad.span(atY: Double(y) + 0.5) else { return 0..<0 }
            let firstColumn = max(0, Int((span.left - 0.5).rounded(.up)))
            let endColumn = min(width, Int((span.right - 0.5).rounded(.up)))
            return firstColumn < endColumn ? firstColumn..<endColumn : 0..<0
        }
    }

    /// Which columns of each row of a band each of its layers shows: for row r of the band and
    /// the band's k-th layer (``layers``), at r × layers.count + k, the layer's span on the row
    /// and the pieces of it no nearer layer of full opacity covers.
    private struct BandPlan {
        private var coverage = RowCoverage()
        /// The layers (indices in drawing order) that reach into the band.
        private(set) var layers: [Int] = []
        /// Every piece of the band, indexed by ``pieceRanges``.
        private(set) var pieces: [Range<Int>] = []
        /// The span of each of the band's layers on each row.
        private(set) var spans: [Range<Int>] = []
        /// The pieces of each of the band's layers on each row, in ``pieces``.
        private(set) var pieceRanges: [Range<Int>] = []
        /// The columns of a row no opaque layer covers.
        private var gaps: [Range<Int>] = []

        /// Plans `rows` for the layers `outlines` (in drawing order) on a target `width` pixels
        /// wide, and hands `clear` each row's columns that no layer of full opacity covers.
        mutating func make(rows: Range<Int>, outlines: [LayerOutline], width: Int, clear: (Int, Range<Int>) -> Void) {
            layers.removeAll(keepingCapacity: true)
            for index in outlines.indices where outlines[index].rows.overlaps(rows) { layers.append(index) }
            pieces.removeAll(keepingCapacity: true)
            spans.removeAll(keepingCapacity: true)
            pieceRanges.removeAll(keepingCapacity: true)
            for y in rows {
                let base = spans.count
                for index in layers {
                    let outline = outlines[index]
                    spans.append(outline.rows.contains(y) ? outline.span(row: y, width: width) : 0..<0)
                    pieceRanges.append(0..<0)
                }
                coverage.reset()
                for k in stride(from: layers.count - 1, through: 0, by: -1) {
                    let span = spans[base + k]
                    guard !span.isEmpty else { continue }
                    let first = pieces.count
                    coverage.uncovered(span, into: &pieces)
                    pieceRanges[base + k] = first..<pieces.count
                    if outlines[layers[k]].covers { coverage.cover(span) }
                }
                gaps.removeAll(keepingCapacity: true)
                coverage.uncovered(0..<width, into: &gaps)
                for gap in gaps { clear(y, gap) }
            }
        }
    }

    /// One band-drawing thread's scratch row and, between frames, its band plan's storage.
    private final class BandWorkspace {
        /// One row of sampled pixels waiting to be blended.
        private(set) var scratch: UnsafeMutablePointer<UInt32>
        /// The texels at the ends of two rows' perspective steps (one more than a row has steps),
        /// the second row's ``boundaryStride`` after the first's.
        private(set) var boundaries: UnsafeMutablePointer<(u: Int, v: Int)>
        private var scratchWidth: Int
        private var plan = BandPlan()

        init(width: Int) {
            scratchWidth = width
            scratch = .allocate(capacity: width)
            boundaries = .allocate(capacity: 2 * Self.boundaryCount(width: width))
        }

        /// Where the second row's step ends start in ``boundaries``.
        var boundaryStride: Int { Self.boundaryCount(width: scratchWidth) }

        deinit {
            scratch.deallocate()
            boundaries.deallocate()
        }

        /// Step ends along a row `width` pixels wide: its steps, and the far end.
        private static func boundaryCount(width: Int) -> Int { width / SoftwareRasterizer.perspectiveStep + 2 }

        /// Makes the scratch row hold at least `width` pixels.
        func ensureScratch(_ width: Int) {
            guard width > scratchWidth else { return }
            scratch.deallocate()
            boundaries.deallocate()
            scratchWidth = width
            scratch = .allocate(capacity: width)
            boundaries = .allocate(capacity: 2 * Self.boundaryCount(width: width))
        }

        /// The plan's storage, handed over for a frame (its arrays keep their capacity).
        func takePlan() -> BandPlan {
            defer { plan = BandPlan() }
            return plan
        }

        /// Keeps the plan's storage for the next frame.
        func keepPlan(_ plan: BandPlan) {
            self.plan = plan
        }
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
        let limit = Float(Self.coordinateLimit)
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

        /// The columns it covers on each of its rows.
        var columns: Range<Int> { firstColumn..<(firstColumn + count) }

        /// Draws `columns` (within ``columns``) of row `y` (one of ``rows``).
        @inline(__always)
        func draw(row y: Int, columns: Range<Int>, into target: PixelImage, scratch: UnsafeMutablePointer<UInt32>) {
            let sourceRow = sameSize ? sourceY + y - top : sourceY + Int(((stepY / 2) + (y - top) * stepY) >> 16)
            let destination = target.row(y) + columns.lowerBound
            let source = screen.row(min(sourceRow, screen.height - 1))
            let count = columns.count
            if sameSize {
                let start = source + sourceX + columns.lowerBound - left
                if opaque {
                    destination.update(from: start, count: count)
                } else {
                    RowBlender.blend(start, over: destination, count: count, alpha: alpha, level: level)
                }
                return
            }
            let row = opaque ? destination : scratch
            var position = stepX / 2 + (columns.lowerBound - left) * stepX
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
        let forward = Homography(
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
            guard abs(point.x) < Self.coordinateLimit, abs(point.y) < Self.coordinateLimit else { return nil }
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
        let quad = ProjectedQuad(xs: SIMD4(projected.map(\.x)), ys: SIMD4(ys))
        return .projected(ProjectedSpans(screen: screen, rows: firstRow..<endRow, quad: quad, inverse: inverse,
                                         texelsPerPoint: texelsPerPoint, clamp: TexelClamp(lowU: lowU, highU: highU, lowV: lowV, highV: highV),
                                         alpha: Self.byte(layer.opacity), level: Self.byte(1 - layer.shade),
                                         affine: inverse.g == 0 && inverse.h == 0))
    }

    /// One rotated or perspective layer, filled a row (one span) at a time.
    private struct ProjectedSpans: Sendable {
        let screen: PixelImage
        let rows: Range<Int>
        /// The layer's corners on the target, in pixels.
        let quad: ProjectedQuad
        let inverse: Homography
        let texelsPerPoint: Double
        let clamp: TexelClamp
        let alpha: UInt8
        let level: UInt8
        /// True when the map has no perspective, so one step serves a whole span.
        let affine: Bool
        var opaque: Bool { alpha == 255 && level == 255 }

        /// The texels the layer's pixels on `rows` sample: the box around the image of the
        /// quad's part between the rows' pixel centres, whose corners are where those two rows
        /// cross the quad and the quad's own corners between them. Nil when the rows miss it.
        func texelBox(rows: Range<Int>) -> TexelBox? {
            let rows = rows.clamped(to: self.rows)
            guard !rows.isEmpty else { return nil }
            let top = Double(rows.lowerBound) + 0.5
            let bottom = Double(rows.upperBound - 1) + 0.5
            var box: TexelBox?
            func include(x: Double, y: Double) {
                let texel = RowTexelMap(inverse, y: y, texelsPerPoint: texelsPerPoint, clamp: clamp).texel(atX: x)
                box = box?.including(texel) ?? TexelBox(texel)
            }
            if let span = quad.span(atY: top) { include(x: span.left, y: top); include(x: span.right, y: top) }
            if let span = quad.span(atY: bottom) { include(x: span.left, y: bottom); include(x: span.right, y: bottom) }
            for corner in 0..<4 where quad.ys[corner] >= top && quad.ys[corner] <= bottom { include(x: quad.xs[corner], y: quad.ys[corner]) }
            return box
        }

        /// Works out the texels at the ends of the perspective steps of row `y`'s `span` that
        /// `columns` (within it) touches, into `boundaries` (the span's two ends when affine), and
        /// asks for the cache lines of the texels the row will read, a few per step, so that they
        /// are on their way while the row before is drawn. Returns the first step worked out.
        @inline(__always)
        func prepare(row y: Int, span: Range<Int>, columns: Range<Int>, boundaries: UnsafeMutablePointer<(u: Int, v: Int)>) -> Int {
            let map = RowTexelMap(inverse, y: Double(y) + 0.5, texelsPerPoint: texelsPerPoint, clamp: clamp)
            if affine {
                let head = map.texel(atX: Double(span.lowerBound) + 0.5)
                let tail = map.texel(atX: Double(span.upperBound - 1) + 0.5)
                boundaries[0] = head
                boundaries[1] = tail
                let steps = max(span.count - 1, 1)
                let stepU = (tail.u &- head.u) / steps
                let stepV = (tail.v &- head.v) / steps
                let offset = columns.lowerBound &- span.lowerBound
                var texel = (u: head.u &+ offset &* stepU, v: head.v &+ offset &* stepV)
                let spacing = SoftwareRasterizer.prefetchSpacing(stepU: stepU, stepV: stepV)
                let stride = (u: stepU &* spacing, v: stepV &* spacing)
                for _ in Swift.stride(from: 0, to: columns.count, by: spacing) {
                    gesture_lab_prefetch(screen.texelAddress(u: texel.u, v: texel.v))
                    texel = (texel.u &+ stride.u, texel.v &+ stride.v)
                }
                return 0
            }
            let step = SoftwareRasterizer.perspectiveStep
            let firstSegment = (columns.lowerBound &- span.lowerBound) &>> SoftwareRasterizer.perspectiveStepShift
            let endSegment = ((columns.upperBound &- 1 &- span.lowerBound) &>> SoftwareRasterizer.perspectiveStepShift) &+ 1
            var previous = (u: 0, v: 0)
            for segment in firstSegment...endSegment {
                let texel = map.texel(atX: Double(min(span.lowerBound &+ segment &* step, span.upperBound)) + 0.5)
                boundaries[segment &- firstSegment] = texel
                gesture_lab_prefetch(screen.texelAddress(u: texel.u, v: texel.v))
                if segment > firstSegment {
                    // Along the step as sampling will go, about one point a cache line it reads
                    // (1, 2, 4 or 8 points: near enough, and shifts rather than divides).
                    let delta = (u: texel.u &- previous.u, v: texel.v &- previous.v)
                    let lines = (abs(delta.v) &+ abs(delta.u) &>> 4) &>> fractionBits
                    let shift = lines < 2 ? 0 : lines < 4 ? 1 : lines < 8 ? 2 : 3
                    var point = previous
                    for _ in 1..<(1 << shift) {
                        point = (point.u &+ delta.u &>> shift, point.v &+ delta.v &>> shift)
                        gesture_lab_prefetch(screen.texelAddress(u: point.u, v: point.v))
                    }
                    if shift == 0 { gesture_lab_prefetch(screen.texelAddress(u: (previous.u &+ texel.u) &>> 1, v: (previous.v &+ texel.v) &>> 1)) }
                }
                previous = texel
            }
            return firstSegment
        }

        /// Draws `columns` of row `y`'s `span` (``LayerOutline/span(row:width:)``) from the
        /// `boundaries` ``prepare(row:span:columns:boundaries:)`` worked out for a range of
        /// columns holding these, from step `firstSegment`. The texels are those the whole span
        /// would sample: perspective-correct at every ``perspectiveStep``-th pixel from the span's
        /// start (once at each end when affine), stepped in fixed point in between, whichever
        /// piece of it is drawn.
        @inline(__always)
        func draw(row y: Int, span: Range<Int>, columns: Range<Int>, boundaries: UnsafeMutablePointer<(u: Int, v: Int)>, firstSegment: Int,
                  into target: PixelImage, scratch: UnsafeMutablePointer<UInt32>) {
            let destination = target.row(y) + columns.lowerBound
            let row = opaque ? destination : scratch
            if affine {
                let head = boundaries[0]
                let tail = boundaries[1]
                let steps = max(span.count - 1, 1)
                let stepU = (tail.u &- head.u) / steps
                let stepV = (tail.v &- head.v) / steps
                let offset = columns.lowerBound - span.lowerBound
                SoftwareRasterizer.sample(screen, from: (head.u &+ offset &* stepU, head.v &+ offset &* stepV), stepU: stepU, stepV: stepV,
                                          into: row, count: columns.count)
            } else {
                let step = SoftwareRasterizer.perspectiveStep
                var segment = (columns.lowerBound &- span.lowerBound) &>> SoftwareRasterizer.perspectiveStepShift
                var start = span.lowerBound &+ segment &* step
                var column = columns.lowerBound
                while column < columns.upperBound {
                    let head = boundaries[segment &- firstSegment]
                    let tail = boundaries[segment &- firstSegment &+ 1]
                    if column == start && start &+ step <= columns.upperBound && start &+ step <= span.upperBound {
                        // A whole step inside the piece: a fixed count, unrolled.
                        SoftwareRasterizer.sampleStep(screen, from: head, stepU: SoftwareRasterizer.quotient(tail.u &- head.u, step),
                                                      stepV: SoftwareRasterizer.quotient(tail.v &- head.v, step), into: row + (column &- columns.lowerBound))
                        start &+= step
                        column = start
                        segment &+= 1
                        continue
                    }
                    let length = min(step, span.upperBound &- start)
                    let stepU = SoftwareRasterizer.quotient(tail.u &- head.u, length)
                    let stepV = SoftwareRasterizer.quotient(tail.v &- head.v, length)
                    let offset = column &- start
                    let end = min(columns.upperBound, start &+ length)
                    SoftwareRasterizer.sample(screen, from: (head.u &+ offset &* stepU, head.v &+ offset &* stepV), stepU: stepU, stepV: stepV,
                                              into: row + (column &- columns.lowerBound), count: end &- column)
                    start &+= length
                    column = end
                    segment &+= 1
                }
            }
            if !opaque { RowBlender.blend(scratch, over: destination, count: columns.count, alpha: alpha, level: level) }
        }
    }

    /// Pixels between the cache lines asked for ahead along an affine row stepping (`stepU`,
    /// `stepV`) texels a pixel (16.16): about one a cache line the row reads, a new one at each
    /// new texel row or every 16 texels along one, between one and ``perspectiveStep`` pixels apart.
    @inline(__always)
    private static func prefetchSpacing(stepU: Int, stepV: Int) -> Int {
        let linesPerPixel = abs(stepV) &+ abs(stepU) &>> 4
        guard linesPerPixel > 0 else { return perspectiveStep }
        return min(perspectiveStep, max(1, (1 << fractionBits) / linesPerPixel))
    }

    /// `difference / steps`, truncated towards zero as `/` does, for a span's step of 1…16
    /// pixels: a whole ``perspectiveStep`` (nearly every step) by shifting rather than dividing.
    @inline(__always)
    private static func quotient(_ difference: Int, _ steps: Int) -> Int {
        guard steps == perspectiveStep else { return difference / steps }
        // Negative numbers are rounded up first, so the shift truncates towards zero too.
        return (difference &+ ((difference &>> (Int.bitWidth - 1)) & (perspectiveStep - 1))) &>> perspectiveStepShift
    }

    /// ``perspectiveStep`` nearest-neighbour samples of `screen` along a line of 16.16
    /// fixed-point texel positions: ``sample(_:from:stepU:stepV:into:count:)`` for a whole step.
    @inline(__always)
    private static func sampleStep(_ screen: PixelImage, from start: (u: Int, v: Int), stepU: Int, stepV: Int,
                                   into output: UnsafeMutablePointer<UInt32>) {
        let base = screen.base
        let stride = screen.stride
        var u = start.u
        var v = start.v
        for index in 0..<perspectiveStep {
            output[index] = base[(v &>> fractionBits) &* stride &+ (u &>> fractionBits)]
            u &+= stepU
            v &+= stepV
        }
    }

    /// Nearest-neighbour samples of `screen` along a line of 16.16 fixed-point texel positions.
    @inline(__always)
    private static func sample(_ screen: PixelImage, from start: (u: Int, v: Int), stepU: Int, stepV: Int,
                               into output: UnsafeMutablePointer<UInt32>, count: Int) {
        var u = start.u
        var v = start.v
        // A line that stays on one row of texels (v moves steadily from one end to the other)
        // reads that row alone.
        if v &>> fractionBits == (v &+ (count &- 1) &* stepV) &>> fractionBits {
            let row = screen.row(v &>> fractionBits)
            for index in 0..<count {
                output[index] = row[u &>> fractionBits]
                u &+= stepU
            }
            return
        }
        let base = screen.base
        let stride = screen.stride
        for index in 0..<count {
            output[index] = base[(v &>> fractionBits) &* stride &+ (u &>> fractionBits)]
            u &+= stepU
            v &+= stepV
        }
    }

    /// 0…1 as a byte, rounded as the SDL copies were given their modulation.
    private static func byte(_ value: Double) -> UInt8 { UInt8(max(0, min(255, (value * 255).rounded()))) }
}
