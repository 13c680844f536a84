/// VCTransitionsLibrary's pan (`CEPanAnimationController`): the to-screen slides in over the
/// from-screen from the right edge while the from-screen moves aside to the left by part of
/// its width (160 of 320 points in the original).
public struct PanTransition: Transition {
    /// `pan`.
    public let name = "pan"
    /// How far the from-screen moves left, as a share of the screen width (0.5 in the original).
    public var fromTravel: Double
    /// How dark the from-screen gets by the end, 0…1 (0 in the original; UIKit's own push dims).
    public var fromDimming: Double

    /// Creates the pan.
    public init(fromTravel: Double = 0.5, fromDimming: Double = 0) {
        self.fromTravel = fromTravel
        self.fromDimming = fromDimming
    }

    /// The from-screen moved left by `p · fromTravel · width` and dimmed by `p · fromDimming`;
    /// the to-screen on top, `(1 − p) · width` to the right.
    public func forwardLayers(progress: Double, size: Size) -> [Layer] {
        let width = size.width
        let whole = Rect(covering: size)
        return [
            Layer(screen: .from, sourceRect: whole, transform: .translation(x: -progress * fromTravel * width, y: 0),
                  shade: progress.clampedToUnitInterval * fromDimming, zOrder: 0),
            Layer(screen: .to, sourceRect: whole, transform: .translation(x: (1 - progress) * width, y: 0), zOrder: 1),
        ]
    }
}
