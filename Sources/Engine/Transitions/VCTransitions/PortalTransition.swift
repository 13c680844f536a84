/// VCTransitionsLibrary's portal (`CEPortalAnimationController`): the from-screen splits down
/// the middle into two doors that slide apart off the sides, uncovering the to-screen as it
/// grows from `zoomScale` to full size behind them.
public struct PortalTransition: Transition {
    /// `portal`.
    public let name = "portal"
    /// The to-screen's starting scale about its centre (0.8 in the original).
    public var zoomScale: Double

    /// Creates the portal.
    public init(zoomScale: Double = 0.8) {
        self.zoomScale = zoomScale
    }

    /// The to-screen scaled behind; the from-screen's halves moved out by `p` half-widths.
    public func forwardLayers(progress: Double, size: Size) -> [Layer] {
        if let resting = restingLayers(progress: progress, size: size) { return resting }
        let half = size.width / 2
        let scale = zoomScale + (1 - zoomScale) * progress
        return [
            Layer(screen: .to, sourceRect: Rect(covering: size),
                  transform: .about(size.center, .scale(x: scale, y: scale)), zOrder: 0),
            Layer(screen: .from, sourceRect: Rect(x: 0, y: 0, width: half, height: size.height),
                  transform: .translation(x: -half * progress, y: 0), zOrder: 1),
            Layer(screen: .from, sourceRect: Rect(x: half, y: 0, width: half, height: size.height),
                  transform: .translation(x: half * progress, y: 0), zOrder: 1),
        ]
    }
}
