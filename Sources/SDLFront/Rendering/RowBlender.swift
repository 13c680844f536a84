/// Blends rows of ARGB8888 pixels onto others, eight pixels at a time as 16 lanes of 16 bits
/// (each lane one pixel's B and R bytes, or its G and A bytes, spread apart so that a byte
/// times a byte fits its lane), with the arithmetic of SDL's own blitters: colour modulated by
/// the shade's `level` (s·level/255), then over the destination with the layer's `alpha`
/// (s·alpha/255 + d·(255 − alpha)/255), each division truncating.
enum RowBlender {
    /// Alpha fully opaque in ARGB8888.
    static let opaqueAlpha: UInt32 = 0xFF00_0000
    private typealias Lanes = SIMD16<UInt16>
    /// Pixels per step.
    private static let width = 8

    /// `x / 255`, truncated, exactly for every product of two bytes (x ≤ 65,025).
    @inline(__always)
    private static func divideBy255(_ x: Lanes) -> Lanes { (x &+ 1 &+ (x &>> 8)) &>> 8 }

    @inline(__always)
    static func divideBy255(_ x: UInt32) -> UInt32 { (x + 1 + (x >> 8)) >> 8 }

    /// The even bytes (B, R) and odd bytes (G, A) of eight pixels, each in the low half of a lane.
    @inline(__always)
    private static func load(_ pixels: UnsafePointer<UInt32>) -> (even: Lanes, odd: Lanes) {
        let lanes = UnsafeRawPointer(pixels).loadUnaligned(as: Lanes.self)
        return (lanes & 0x00FF, lanes &>> 8)
    }

    @inline(__always)
    private static func store(even: Lanes, odd: Lanes, to pixels: UnsafeMutablePointer<UInt32>) {
        // Alpha (the odd byte of every second lane) becomes opaque.
        UnsafeMutableRawPointer(pixels).storeBytes(of: even | (odd &<< 8) | alphaLanes, as: Lanes.self)
    }

    /// Draws `count` pixels of `source` over `destination`, modulated by `level` (0…255, the
    /// brightness left by the layer's shade) and blended with `alpha` (0…255, its opacity).
    static func blend(_ source: UnsafePointer<UInt32>, over destination: UnsafeMutablePointer<UInt32>, count: Int,
                      alpha: UInt8, level: UInt8) {
        if alpha == 255 {
            modulate(source, into: destination, count: count, level: level)
            return
        }
        let colourScale = Lanes(repeating: UInt16(level))
        let alphaScale = Lanes(repeating: UInt16(alpha))
        let destinationScale = Lanes(repeating: 255 - UInt16(alpha))
        // Modulating by 255 gives every byte back exactly ((255·s)/255 = s with this division),
        // so an unshaded layer skips it: the same pixels, half the arithmetic.
        let modulates = level != 255
        var index = 0
        while index + width <= count {
            let source = load(source + index)
            let destination8 = load(destination + index)
            let sourceEven = modulates ? divideBy255(source.even &* colourScale) : source.even
            let sourceOdd = modulates ? divideBy255(source.odd &* colourScale) : source.odd
            let even = divideBy255(sourceEven &* alphaScale) &+ divideBy255(destination8.even &* destinationScale)
            let odd = divideBy255(sourceOdd &* alphaScale) &+ divideBy255(destination8.odd &* destinationScale)
            store(even: even, odd: odd, to: destination + index)
            index += width
        }
        while index < count {
            destination[index] = blendPixel(source[index], over: destination[index], alpha: UInt32(alpha), level: UInt32(level))
            index += 1
        }
    }

    /// Writes `count` pixels of `source` darkened to `level` (0…255) into `destination`:
    /// an opaque layer's shade, with nothing of the destination showing through.
    static func modulate(_ source: UnsafePointer<UInt32>, into destination: UnsafeMutablePointer<UInt32>, count: Int, level: UInt8) {
        let colourScale = Lanes(repeating: UInt16(level))
        var index = 0
        while index + width <= count {
            let source = load(source + index)
            store(even: divideBy255(source.even &* colourScale), odd: divideBy255(source.odd &* colourScale), to: destination + index)
            index += width
        }
        while index < count {
            destination[index] = blendPixel(source[index], over: 0, alpha: 255, level: UInt32(level))
            index += 1
        }
    }

    /// One pixel of ``blend(_:over:count:alpha:level:)``.
    @inline(__always)
    static func blendPixel(_ source: UInt32, over destination: UInt32, alpha: UInt32, level: UInt32) -> UInt32 {
        var result = opaqueAlpha
        for shift: UInt32 in [0, 8, 16] {
            let sourceChannel = divideBy255(((source >> shift) & 0xFF) * level)
            let channel = divideBy255(sourceChannel * alpha) + divideBy255(((destination >> shift) & 0xFF) * (255 - alpha))
            result |= channel << shift
        }
        return result
    }

    /// 0xFF in the high byte of every second lane: the alpha byte of each pixel.
    private static let alphaLanes = Lanes(0, 0xFF00, 0, 0xFF00, 0, 0xFF00, 0, 0xFF00, 0, 0xFF00, 0, 0xFF00, 0, 0xFF00, 0, 0xFF00)
}
