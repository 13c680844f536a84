import Glibc

/// VCTransitionsLibrary's cube (`CECubeAnimationController`): the two screens are adjacent
/// faces of a cube that turns a quarter turn, the from-face leaving to the right (downwards
/// when vertical) as the to-face arrives from the left (from the top), each darkened by up
/// to `shadeOpacity` while it faces away (the original's black overlay at 0.8).
///
/// The cube's edge is the screen's width (height when vertical) and its axis lies half an
/// edge behind the screen. The original's perspective, m34 = −1/200 on a 320-point-wide
/// screen, is kept in proportion: the eye is 200/320 of an edge away.
public struct CubeTransition: Transition {
    /// `cube`.
    public let name = "cube"
    /// The original's `cubeAnimationWay`: `.horizontal` turns about a vertical axis,
    /// `.vertical` about a horizontal one.
    public var axis: Axis
    /// Distance from the eye to the screen, in cube edges (200/320).
    public var eyeDistanceInEdges: Double
    /// Darkening of a face turned fully away, 0…1 (0.8).
    public var shadeOpacity: Double

    /// Creates the cube.
    public init(axis: Axis = .horizontal, eyeDistanceInEdges: Double = 200.0 / 320, shadeOpacity: Double = 0.8) {
        self.axis = axis
        self.eyeDistanceInEdges = eyeDistanceInEdges
        self.shadeOpacity = shadeOpacity
    }

    /// Both faces turned about the cube's axis by a quarter turn times the progress.
    public func forwardLayers(progress: Double, size: Size) -> [Layer] {
        let whole = Rect(covering: size)
        let edge = axis == .horizontal ? size.width : size.height
        let quarterTurn = Double.pi / 2
        // A positive turn about y moves the front face right; about x, a negative one moves it down.
        let sense = axis == .horizontal ? 1.0 : -1.0
        func turned(_ angle: Double) -> Transform3D {
            let rotation = axis == .horizontal
                ? Transform3D.rotation(angle: angle, x: 0, y: 1, z: 0)
                : Transform3D.rotation(angle: angle, x: 1, y: 0, z: 0)
            return Transform3D.about(size.center, rotation, anchorZ: -edge / 2)
                .seen(fromDistance: eyeDistanceInEdges * edge, center: size.center)
        }
        let turn = progress.clampedToUnitInterval
        return [
            Layer(screen: .from, sourceRect: whole, transform: turned(sense * quarterTurn * progress),
                  shade: shadeOpacity * turn, zOrder: 0),
            Layer(screen: .to, sourceRect: whole, transform: turned(sense * quarterTurn * (progress - 1)),
                  shade: shadeOpacity * (1 - turn), zOrder: 1),
        ]
    }
}
