import Glibc

/// VCTransitionsLibrary's NatGeo (`CENatGeoAnimationController`): the from-screen swings away
/// like a page hinged on its left edge while the to-screen flies in from the right, tilted,
/// and settles flat.
///
/// The to-screen moves over the whole progress from its first pose (turned 10° about x and
/// −45° about y, moved by (320, −40, 150) points, turned 5° about z) to rest; the from-screen
/// waits for the first fifth, then by the end has moved 170 points right and 30 points back
/// and turned 80° about y about its left edge. Each is seen in perspective from 500 points
/// about its own anchor. The original's lengths were laid out on a 320-point-wide screen:
/// all of them, the eye distance included, scale with the width, so the scene keeps its shape.
public struct NatGeoTransition: Transition {
    /// `natgeo`.
    public let name = "natgeo"
    /// The screen width the original's lengths are laid out on, in points (320).
    public var referenceWidth: Double
    /// The share of the progress the from-screen waits before it moves (1 − 0.8).
    public var fromDelay: Double

    /// Creates the NatGeo transition.
    public init(referenceWidth: Double = 320, fromDelay: Double = 0.2) {
        self.referenceWidth = referenceWidth
        self.fromDelay = fromDelay
    }

    /// The from-screen hinged on its left edge, the to-screen flying in, both in perspective.
    public func forwardLayers(progress: Double, size: Size) -> [Layer] {
        let whole = Rect(covering: size)
        let unit = size.width / referenceWidth
        let degree = Double.pi / 180
        let eyeDistance = 500 * unit
        let away = KeyframeTrack(from: 0, to: 1, between: fromDelay, and: 1).value(at: progress)
        let hinge = Point(x: 0, y: size.height / 2)
        let swung = Transform3D.translation(x: 170 * unit * away, y: 0, z: -30 * unit * away)
            .then(.rotation(angle: 80 * degree * away, x: 0, y: 1, z: 0))
        let from = Transform3D.about(hinge, swung).seen(fromDistance: eyeDistance, center: hinge)
        let flying = 1 - progress.clampedToUnitInterval
        let tilted = Transform3D.rotation(angle: 10 * degree * flying, x: 1, y: 0, z: 0)
            .then(.rotation(angle: -45 * degree * flying, x: 0, y: 1, z: 0))
            .then(.translation(x: 320 * unit * flying, y: -40 * unit * flying, z: 150 * unit * flying))
            .then(.rotation(angle: 5 * degree * flying, x: 0, y: 0, z: 1))
        let to = Transform3D.about(size.center, tilted).seen(fromDistance: eyeDistance, center: size.center)
        return [
            Layer(screen: .from, sourceRect: whole, transform: from, zOrder: 0),
            Layer(screen: .to, sourceRect: whole, transform: to, zOrder: 1),
        ]
    }
}
