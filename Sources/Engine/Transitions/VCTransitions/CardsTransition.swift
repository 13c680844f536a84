import Glibc

/// VCTransitionsLibrary's cards (`CECardsAnimationController`): the from-screen tips back and
/// shrinks like a card pushed into a pile while it dims, then the to-screen rises from below,
/// overshoots and settles.
///
/// The original's keyframes, on the progress axis: the from-screen reaches its first pose
/// (perspective from 900 points, scale 0.95, tilted 15° about x) at 0.4 and its second
/// (scale 0.8, lifted by 8 % of the height, flat again) at 0.6, its opacity falling to 0.6
/// by 0.4; the to-screen waits below the screen until 0.6, rises to `overshoot` points above
/// its place at 0.8 and settles at 1.
public struct CardsTransition: Transition {
    /// `cards`.
    public let name = "cards"
    /// Distance from the eye to the screen for the tilt, in points (900 in the original).
    public var eyeDistance: Double
    /// The tilt of the first pose, in radians about the horizontal axis (15° in the original).
    public var tilt: Double
    /// The scale of the first pose (0.95 in the original).
    public var firstScale: Double
    /// The scale of the second pose (0.8 in the original).
    public var secondScale: Double
    /// How far the second pose is lifted, as a share of the screen height (0.08).
    public var lift: Double
    /// The from-screen's opacity once pushed back (0.6).
    public var pushedOpacity: Double
    /// How far the to-screen rises past its place before settling, in points (30).
    public var overshoot: Double

    /// Creates the cards transition.
    public init(eyeDistance: Double = 900, tilt: Double = 15 * Double.pi / 180, firstScale: Double = 0.95,
                secondScale: Double = 0.8, lift: Double = 0.08, pushedOpacity: Double = 0.6, overshoot: Double = 30) {
        self.eyeDistance = eyeDistance
        self.tilt = tilt
        self.firstScale = firstScale
        self.secondScale = secondScale
        self.lift = lift
        self.pushedOpacity = pushedOpacity
        self.overshoot = overshoot
    }

    /// The from-screen tilted, scaled and lifted about its centre and seen in perspective;
    /// the to-screen on top, moved down.
    public func forwardLayers(progress: Double, size: Size) -> [Layer] {
        let whole = Rect(covering: size)
        let center = size.center
        let angle = KeyframeTrack([(0, 0), (0.4, tilt), (0.6, 0)]).value(at: progress)
        let scale = KeyframeTrack([(0, 1), (0.4, firstScale), (0.6, secondScale)]).value(at: progress)
        let rise = KeyframeTrack([(0.4, 0), (0.6, -lift * size.height)]).value(at: progress)
        let opacity = KeyframeTrack(from: 1, to: pushedOpacity, between: 0, and: 0.4).value(at: progress)
        let drop = KeyframeTrack([(0.6, size.height), (0.8, -overshoot), (1, 0)]).value(at: progress)
        let pushed = Transform3D.about(center, Transform3D.rotation(angle: angle, x: 1, y: 0, z: 0).then(.scale(x: scale, y: scale)))
            .then(.translation(x: 0, y: rise))
            .seen(fromDistance: eyeDistance, center: center)
        return [
            Layer(screen: .from, sourceRect: whole, transform: pushed, opacity: opacity, zOrder: 0),
            Layer(screen: .to, sourceRect: whole, transform: .translation(x: 0, y: drop), zOrder: 1),
        ]
    }
}
