/// MDTransitioning's scale navigation (`MDScaleNavigationAnimationController`): the to-screen
/// slides in from the right over the from-screen, which shrinks to `scale` about its centre
/// and darkens under a black overlay of opacity `dimming`.
public struct ScaleNavigationTransition: Transition {
    /// `scale-navigation`.
    public let name = "scale-navigation"
    /// The from-screen's final scale (0.95: 20 points off a phone-sized screen).
    public var scale: Double
    /// The from-screen's final darkening, 0…1 (the original's overlay: black at 0.2).
    public var dimming: Double

    /// Creates the scale navigation.
    public init(scale: Double = 0.95, dimming: Double = 0.2) {
        self.scale = scale
        self.dimming = dimming
    }

    /// The from-screen scaled by `1 + p · (scale − 1)` and shaded by `p · dimming`; the
    /// to-screen on top, `(1 − p) · width` to the right.
    public func forwardLayers(progress: Double, size: Size) -> [Layer] {
        let whole = Rect(covering: size)
        let factor = 1 + progress * (scale - 1)
        return [
            Layer(screen: .from, sourceRect: whole, transform: .about(size.center, .scale(x: factor, y: factor)),
                  shade: progress.clampedToUnitInterval * dimming, zOrder: 0),
            Layer(screen: .to, sourceRect: whole, transform: .translation(x: (1 - progress) * size.width, y: 0), zOrder: 1),
        ]
    }
}
