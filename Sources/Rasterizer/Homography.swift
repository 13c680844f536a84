/// A layer's four corners on the target, in pixels, in order around the quad (held inline, so
/// drawing a row copies no array).
package struct ProjectedQuad: Sendable {
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
package struct TexelClamp: Sendable {
    let lowU: Int
    let highU: Int
    let lowV: Int
    let highV: Int
}

/// A 3×3 projective map (row-major a…i) between a layer's plane and screen pixels.
package struct Homography: Sendable {
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
    func inverse() -> Homography? {
        let cofactorA = e * i - f * h
        let cofactorB = f * g - d * i
        let cofactorC = d * h - e * g
        let determinant = a * cofactorA + b * cofactorB + c * cofactorC
        guard abs(determinant) > 1e-12 else { return nil }
        let scale = 1 / determinant
        return Homography(cofactorA * scale, (c * h - b * i) * scale, (b * f - c * e) * scale,
                          cofactorB * scale, (a * i - c * g) * scale, (c * d - a * f) * scale,
                          cofactorC * scale, (b * g - a * h) * scale, (a * e - b * d) * scale)
    }
}

/// The texels under the pixels of one target row: a layer's inverse homography with the row's
/// own terms worked out once, giving each pixel position's texel in 16.16 fixed point, kept
/// inside the layer's source rectangle.
package struct RowTexelMap {
    private let a: Double, d: Double, g: Double
    private let c: Double, f: Double, i: Double
    /// The row's terms of the map's three rows (b·y, e·y, h·y).
    private let rowX: Double, rowY: Double, rowW: Double
    private let texelsPerPoint: Double
    private let lowU: Double, lowV: Double
    /// The last texel's far edge, just inside it.
    private let highU: Double, highV: Double

    /// The texels along the row whose pixel centres are at `y`, sampled through `inverse`
    /// (plane points per pixel) at `texelsPerPoint`, kept inside `clamp`.
    @inline(__always)
    init(_ inverse: Homography, y: Double, texelsPerPoint: Double, clamp: TexelClamp) {
        (a, d, g) = (inverse.a, inverse.d, inverse.g)
        (c, f, i) = (inverse.c, inverse.f, inverse.i)
        (rowX, rowY, rowW) = (inverse.b * y, inverse.e * y, inverse.h * y)
        self.texelsPerPoint = texelsPerPoint
        lowU = Double(clamp.lowU)
        lowV = Double(clamp.lowV)
        highU = Double(clamp.highU) + 0.999
        highV = Double(clamp.highV) + 0.999
    }

    /// The texel under pixel position `x` of the row, in 16.16 fixed point.
    @inline(__always)
    func texel(atX x: Double) -> (u: Int, v: Int) {
        let imageX = a * x + rowX + c
        let imageY = d * x + rowY + f
        let imageW = g * x + rowW + i
        let w = imageW == 0 ? 1e-12 : imageW
        // Written so that a NaN (a pixel at the horizon) lands on the lower bound.
        let rawU = imageX / w * texelsPerPoint
        let rawV = imageY / w * texelsPerPoint
        let u = rawU >= lowU ? min(rawU, highU) : lowU
        let v = rawV >= lowV ? min(rawV, highV) : lowV
        return (Self.integerPart(u * 65_536), Self.integerPart(v * 65_536))
    }

    /// 1.5 × 2⁵²: added to a number under 2³¹, it leaves the nearest integer in the low bits.
    private static let roundingBias = 6_755_399_441_055_744.0

    /// What `Int(x)` gives for 0 ≤ x < 2³¹ (a texel position in 16.16 fixed point, which the
    /// clamp keeps there), without its checks for numbers out of range: the nearest integer,
    /// less one when that is above x.
    @inline(__always)
    static func integerPart(_ x: Double) -> Int {
        let biased = x + roundingBias
        let nearest = Int(truncatingIfNeeded: biased.bitPattern & 0xFFFF_FFFF)
        return biased - roundingBias > x ? nearest &- 1 : nearest
    }
}
