import CPixels

/// A box of a screen's texels, inclusive: the rows and columns some pixels of a layer sample.
package struct TexelBox: Equatable {
    private(set) var lowU: Int
    private(set) var highU: Int
    private(set) var lowV: Int
    private(set) var highV: Int

    /// The box holding only the texel at 16.16 fixed-point position `texel`.
    init(_ texel: (u: Int, v: Int)) {
        lowU = texel.u >> 16
        highU = lowU
        lowV = texel.v >> 16
        highV = lowV
    }

    /// The box grown to hold the texel at 16.16 fixed-point position `texel` too.
    func including(_ texel: (u: Int, v: Int)) -> TexelBox {
        var box = self
        box.lowU = min(lowU, texel.u >> 16)
        box.highU = max(highU, texel.u >> 16)
        box.lowV = min(lowV, texel.v >> 16)
        box.highV = max(highV, texel.v >> 16)
        return box
    }

    /// The box's cache lines of `screen` that `known` does not hold, row after row and each
    /// row's lines in address order: the start of every line, for asking that it be read in.
    func lines(of screen: PixelImage, except known: TexelBox?, _ body: (UnsafeRawPointer) -> Void) {
        for v in lowV...highV {
            let row = UnsafeRawPointer(screen.row(v))
            guard let known, v >= known.lowV, v <= known.highV else {
                Self.lines(row, columns: lowU...highU, body)
                continue
            }
            if lowU < known.lowU { Self.lines(row, columns: lowU...(known.lowU - 1), body) }
            if highU > known.highU { Self.lines(row, columns: (known.highU + 1)...highU, body) }
        }
    }

    /// Asks for the cache lines of `screen` holding the box's texels that `known` does not
    /// hold, in address order, a stream the hardware can follow.
    func prefetch(_ screen: PixelImage, except known: TexelBox?) {
        lines(of: screen, except: known) { gesture_lab_prefetch($0) }
    }

    /// Bytes in a cache line.
    static let lineBytes = 64

    /// The start of each cache line holding one of `columns` of the row of 32-bit texels at `row`.
    private static func lines(_ row: UnsafeRawPointer, columns: ClosedRange<Int>, _ body: (UnsafeRawPointer) -> Void) {
        let first = UInt(bitPattern: row + columns.lowerBound * 4) & ~UInt(lineBytes - 1)
        let last = UInt(bitPattern: row + columns.upperBound * 4)
        for address in stride(from: first, through: last, by: lineBytes) {
            if let line = UnsafeRawPointer(bitPattern: address) { body(line) }
        }
    }
}
