import Glibc

/// A 4×4 homogeneous transform acting on column vectors (x, y, z, 1), in points.
///
/// Like `CATransform3D`, but with the perspective written as its own factor
/// (``perspective(eyeDistance:center:)``), so a layer's transform maps a point of its source
/// rectangle, in the screen's own coordinates, straight to where it lands on screen.
public struct Transform3D: Hashable, Sendable {
    /// The sixteen entries in row-major order: `m[row * 4 + column]`.
    public var m: [Double]

    /// Creates a transform from sixteen row-major entries.
    public init(rowMajor entries: [Double]) {
        precondition(entries.count == 16, "a 4×4 transform has 16 entries")
        m = entries
    }

    /// The transform that changes nothing.
    public static let identity = Transform3D(rowMajor: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])

    /// A translation by (x, y, z) points.
    public static func translation(x: Double, y: Double, z: Double = 0) -> Transform3D {
        Transform3D(rowMajor: [1, 0, 0, x, 0, 1, 0, y, 0, 0, 1, z, 0, 0, 0, 1])
    }

    /// A scale by (x, y, z) about the origin.
    public static func scale(x: Double, y: Double, z: Double = 1) -> Transform3D {
        Transform3D(rowMajor: [x, 0, 0, 0, 0, y, 0, 0, 0, 0, z, 0, 0, 0, 0, 1])
    }

    /// A rotation by `angle` radians about the axis (x, y, z) through the origin
    /// (right-handed, y pointing down the screen as in UIKit).
    public static func rotation(angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0 else { return .identity }
        let (ux, uy, uz) = (x / length, y / length, z / length)
        let c = cos(angle)
        let s = sin(angle)
        let t = 1 - c
        return Transform3D(rowMajor: [
            t * ux * ux + c, t * ux * uy - s * uz, t * ux * uz + s * uy, 0,
            t * ux * uy + s * uz, t * uy * uy + c, t * uy * uz - s * ux, 0,
            t * ux * uz - s * uy, t * uy * uz + s * ux, t * uz * uz + c, 0,
            0, 0, 0, 1,
        ])
    }

    /// A perspective projection seen from `eyeDistance` points in front of the screen plane,
    /// centred on `center`: the equivalent of `m34 = −1/eyeDistance`.
    public static func perspective(eyeDistance: Double, center: Point) -> Transform3D {
        let projection = Transform3D(rowMajor: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, -1 / eyeDistance, 1])
        return translation(x: -center.x, y: -center.y).then(projection).then(translation(x: center.x, y: center.y))
    }

    /// This transform seen through ``perspective(eyeDistance:center:)``; unchanged when it
    /// keeps the screen plane flat (z stays 0 for every point with z = 0), where a perspective
    /// would change no point a layer has, so that a resting layer stays exactly the identity.
    public func seen(fromDistance eyeDistance: Double, center: Point) -> Transform3D {
        if m[8] == 0 && m[9] == 0 && m[11] == 0 { return self }
        return then(.perspective(eyeDistance: eyeDistance, center: center))
    }

    /// `transform` applied about `anchor` instead of the origin.
    public static func about(_ anchor: Point, _ transform: Transform3D, anchorZ: Double = 0) -> Transform3D {
        translation(x: -anchor.x, y: -anchor.y, z: -anchorZ).then(transform).then(translation(x: anchor.x, y: anchor.y, z: anchorZ))
    }

    /// This transform followed by `next` (the matrix product next · self).
    public func then(_ next: Transform3D) -> Transform3D {
        var product = [Double](repeating: 0, count: 16)
        for row in 0..<4 {
            for column in 0..<4 {
                var sum = 0.0
                for k in 0..<4 { sum += next.m[row * 4 + k] * m[k * 4 + column] }
                product[row * 4 + column] = sum
            }
        }
        return Transform3D(rowMajor: product)
    }

    /// The homogeneous image of (x, y, z, 1).
    public func apply(x: Double, y: Double, z: Double = 0) -> (x: Double, y: Double, z: Double, w: Double) {
        (m[0] * x + m[1] * y + m[2] * z + m[3],
         m[4] * x + m[5] * y + m[6] * z + m[7],
         m[8] * x + m[9] * y + m[10] * z + m[11],
         m[12] * x + m[13] * y + m[14] * z + m[15])
    }

    /// Where the screen point `point` lands after the perspective divide, in points.
    public func project(_ point: Point) -> Point {
        let image = apply(x: point.x, y: point.y)
        let w = image.w == 0 ? 1e-9 : image.w
        return Point(x: image.x / w, y: image.y / w)
    }

    /// True when every entry differs from `other`'s by at most `tolerance`.
    public func isApproximately(_ other: Transform3D, tolerance: Double = 1e-9) -> Bool {
        zip(m, other.m).allSatisfy { abs($0 - $1) <= tolerance }
    }

    /// True when the bottom row is not (0, 0, 0, 1): points are divided by a w that changes
    /// across a layer, so the layer is seen in perspective.
    public var hasPerspective: Bool { m[12] != 0 || m[13] != 0 || m[14] != 0 || m[15] != 1 }

    /// True when this is the identity to within `tolerance`.
    public func isIdentity(tolerance: Double = 1e-9) -> Bool { isApproximately(.identity, tolerance: tolerance) }
}
