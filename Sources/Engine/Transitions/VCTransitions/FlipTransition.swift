import Glibc

/// VCTransitionsLibrary's flip (`CEFlipAnimationController`): a page turn. Both screens are
/// cut into left and right halves; the from-screen's left half turns up about the spine in
/// the middle until it stands edge-on at half time, uncovering the to-screen's left half,
/// then the to-screen's right half comes down from edge-on over the from-screen's right
/// half. Seen in perspective from 500 points (the original's m34 = −0.002); a shadow darkens
/// each turning page while it stands up.
public struct FlipTransition: Transition {
    /// `flip`.
    public let name = "flip"
    /// Distance from the eye to the screen, in points (500 in the original).
    public var eyeDistance: Double
    /// Darkening of a page standing edge-on, 0…1 (the original's gradient reaches 0.5).
    public var shadowOpacity: Double

    /// Creates the flip.
    public init(eyeDistance: Double = 500, shadowOpacity: Double = 0.5) {
        self.eyeDistance = eyeDistance
        self.shadowOpacity = shadowOpacity
    }

    /// Four half-screen layers between the ends; the whole screen at each end.
    public func forwardLayers(progress: Double, size: Size) -> [Layer] {
        if let resting = restingLayers(progress: progress, size: size) { return resting }
        let half = size.width / 2
        let left = Rect(x: 0, y: 0, width: half, height: size.height)
        let right = Rect(x: half, y: 0, width: half, height: size.height)
        let spine = Point(x: half, y: size.height / 2)
        func turned(_ angle: Double) -> Transform3D {
            Transform3D.about(spine, .rotation(angle: angle, x: 0, y: 1, z: 0)).seen(fromDistance: eyeDistance, center: size.center)
        }
        let quarterTurn = Double.pi / 2
        let rising = KeyframeTrack(from: 0, to: 1, between: 0, and: 0.5).value(at: progress)
        let falling = KeyframeTrack(from: 1, to: 0, between: 0.5, and: 1).value(at: progress)
        return [
            Layer(screen: .to, sourceRect: left, zOrder: 0),
            Layer(screen: .from, sourceRect: right, zOrder: 0),
            Layer(screen: .from, sourceRect: left, transform: turned(quarterTurn * rising),
                  shade: shadowOpacity * rising, zOrder: 1),
            Layer(screen: .to, sourceRect: right, transform: turned(-quarterTurn * falling),
                  shade: shadowOpacity * falling, zOrder: 2),
        ]
    }
}
