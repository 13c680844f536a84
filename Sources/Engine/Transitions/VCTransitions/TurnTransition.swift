import Glibc

/// VCTransitionsLibrary's turn (`CETurnAnimationController`): the whole from-screen turns
/// about its centre line until it is edge-on at half time, then the to-screen turns on from
/// edge-on, like a card flipped over. Seen in perspective from 500 points (the original's
/// m34 = −0.002).
public struct TurnTransition: Transition {
    /// `turn`.
    public let name = "turn"
    /// The original's `flipDirection`: `.horizontal` turns about the horizontal centre line
    /// (the x axis, top edge towards the viewer first), `.vertical` about the vertical one
    /// (right edge first).
    public var flipDirection: Axis
    /// Distance from the eye to the screen, in points (500 in the original).
    public var eyeDistance: Double

    /// Creates the turn.
    public init(flipDirection: Axis = .horizontal, eyeDistance: Double = 500) {
        self.flipDirection = flipDirection
        self.eyeDistance = eyeDistance
    }

    /// The from-screen turned by −90° · 2p until half time, the to-screen from 90° to 0 after.
    public func forwardLayers(progress: Double, size: Size) -> [Layer] {
        let whole = Rect(covering: size)
        let quarterTurn = Double.pi / 2
        let fromAngle = KeyframeTrack(from: 0, to: -quarterTurn, between: 0, and: 0.5).value(at: progress)
        let toAngle = KeyframeTrack(from: quarterTurn, to: 0, between: 0.5, and: 1).value(at: progress)
        func turned(_ angle: Double) -> Transform3D {
            let rotation = flipDirection == .horizontal
                ? Transform3D.rotation(angle: angle, x: 1, y: 0, z: 0)
                : Transform3D.rotation(angle: angle, x: 0, y: 1, z: 0)
            return Transform3D.about(size.center, rotation).seen(fromDistance: eyeDistance, center: size.center)
        }
        return [
            Layer(screen: .from, sourceRect: whole, transform: turned(fromAngle), zOrder: 0),
            Layer(screen: .to, sourceRect: whole, transform: turned(toAngle), zOrder: 1),
        ]
    }
}
