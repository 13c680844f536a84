@testable import Engine
import Foundation
import Testing

/// The screen sizes the transition tests use, in points: the lab's window and a phone.
let testSizes = [Size(width: 800, height: 600), Size(width: 375, height: 667)]

/// The progress values every transition is checked at.
let checkpoints = [0.0, 0.25, 0.5, 0.75, 1.0]

/// One degree in radians.
let degree = Double.pi / 180

/// The entries of a transform that act on a layer, whose points all have z = 0: rows x, y
/// and w by columns x, y and 1. Two transforms with the same entries draw a layer identically.
func planarEntries(_ transform: Transform3D) -> [Double] {
    [0, 1, 3, 4, 5, 7, 12, 13, 15].map { transform.m[$0] }
}

/// Records an issue unless `actual` places a layer as `expected` does, entry by entry.
func expectPlacement(_ actual: Transform3D, _ expected: Transform3D, tolerance: Double = 1e-9,
                     _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
    let difference = zip(planarEntries(actual), planarEntries(expected)).map { abs($0 - $1) }.max() ?? 0
    #expect(difference <= tolerance, comment, sourceLocation: sourceLocation)
}

/// Records an issue unless `actual` is `expected` within `tolerance`.
func expectClose(_ actual: Double, _ expected: Double, tolerance: Double = 1e-9,
                 _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(abs(actual - expected) <= tolerance, comment, sourceLocation: sourceLocation)
}

/// A quarter turn about the y axis by `angle` radians, written out (CATransform3DMakeRotation's
/// matrix for column vectors).
func turnAboutY(_ angle: Double) -> Transform3D {
    Transform3D(rowMajor: [cos(angle), 0, sin(angle), 0, 0, 1, 0, 0, -sin(angle), 0, cos(angle), 0, 0, 0, 0, 1])
}

/// A turn about the x axis by `angle` radians, written out.
func turnAboutX(_ angle: Double) -> Transform3D {
    Transform3D(rowMajor: [1, 0, 0, 0, 0, cos(angle), -sin(angle), 0, 0, sin(angle), cos(angle), 0, 0, 0, 0, 1])
}

/// A turn in the screen's plane by `angle` radians (clockwise on screen), written out.
func turnInPlane(_ angle: Double) -> Transform3D {
    Transform3D(rowMajor: [cos(angle), -sin(angle), 0, 0, sin(angle), cos(angle), 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
}

/// `transform` about `anchor` (and `depth` on z), written out as shift · transform · unshift.
func around(_ anchor: Point, depth: Double = 0, _ transform: Transform3D) -> Transform3D {
    Transform3D.translation(x: -anchor.x, y: -anchor.y, z: -depth).then(transform).then(.translation(x: anchor.x, y: anchor.y, z: depth))
}

/// Perspective from `distance` points in front of `center`: w = 1 − (z)/distance, written out.
func viewedFrom(_ distance: Double, center: Point) -> Transform3D {
    around(center, Transform3D(rowMajor: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, -1 / distance, 1]))
}

/// The layers of `list` showing `screen`, bottom to top.
func layers(of screen: ScreenRole, in list: DisplayList) -> [Layer] {
    list.layers.filter { $0.screen == screen }
}

/// The one layer of each screen in a display list of whole-screen layers.
func wholeScreens(_ list: DisplayList) -> (from: Layer, to: Layer) {
    (layers(of: .from, in: list)[0], layers(of: .to, in: list)[0])
}

/// What a display list shows at one screen point: the top layer there that is mostly opaque,
/// faces the viewer (or is double-sided) and covers the point, with the point of its screen
/// that lands there. Nil where only the background shows.
func hit(_ list: DisplayList, at point: Point) -> (screen: ScreenRole, source: Point, layer: Layer)? {
    for layer in list.layers.reversed() where layer.opacity >= 0.5 {
        guard let corners = layer.projectedCorners() else { continue }
        var doubleArea = 0.0
        for index in 0..<4 {
            doubleArea += corners[index].x * corners[(index + 1) % 4].y - corners[(index + 1) % 4].x * corners[index].y
        }
        guard abs(doubleArea) > 1e-6, layer.isDoubleSided || doubleArea > 0 else { continue }
        // Invert the layer's plane-to-screen homography at `point`.
        let e = planarEntries(layer.transform)
        let (a, b, c, d, f, g, h, i, j) = (e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7], e[8])
        let (u, v) = (point.x, point.y)
        // Solve (a − h·u)x + (b − i·u)y = j·u − c and (d − h·v)x + (f − i·v)y = j·v − g.
        let m11 = a - h * u, m12 = b - i * u, r1 = j * u - c
        let m21 = d - h * v, m22 = f - i * v, r2 = j * v - g
        let determinant = m11 * m22 - m12 * m21
        guard abs(determinant) > 1e-12 else { continue }
        let x = (r1 * m22 - m12 * r2) / determinant
        let y = (m11 * r2 - r1 * m21) / determinant
        let rect = layer.sourceRect
        guard x >= rect.minX, x <= rect.maxX, y >= rect.minY, y <= rect.maxY else { continue }
        guard h * x + i * y + j > 0 else { continue }
        return (layer.screen, Point(x: x, y: y), layer)
    }
    return nil
}
