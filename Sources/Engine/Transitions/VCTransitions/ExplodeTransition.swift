/// VCTransitionsLibrary's explode (`CEExplodeAnimationController`): the from-screen breaks
/// into a grid of square pieces, each of which drifts by a random offset while it spins by a
/// random angle, shrinks to nothing and fades out, over the to-screen.
///
/// The random values come from ``SplitMix64`` seeded with `seed`, drawn piece by piece in
/// column order (offset x, offset y, spin), so one seed always gives the same explosion.
public struct ExplodeTransition: Transition {
    /// One piece of the from-screen and where the explosion sends it.
    public struct Piece: Hashable, Sendable {
        /// The part of the from-screen it shows, in points.
        public let sourceRect: Rect
        /// How far it has drifted at the end, in points.
        public let offset: Point
        /// How far it has turned at the end, in radians (clockwise on screen).
        public let spin: Double
    }

    /// `explode`.
    public let name = "explode"
    /// Pieces across the width (10 in the original); pieces are square, so the rows follow.
    public var columns: Int
    /// Largest drift along each axis, in points (100).
    public var maximumOffset: Double
    /// Largest spin either way, in radians (10).
    public var maximumSpin: Double
    /// The seed of the piece generator.
    public var seed: UInt64

    /// Creates the explosion.
    public init(columns: Int = 10, maximumOffset: Double = 100, maximumSpin: Double = 10, seed: UInt64 = 0) {
        self.columns = max(columns, 1)
        self.maximumOffset = maximumOffset
        self.maximumSpin = maximumSpin
        self.seed = seed
    }

    /// The pieces for a screen of `size`: columns of squares, the last row cut at the bottom edge.
    public func pieces(on size: Size) -> [Piece] {
        let side = size.width / Double(columns)
        let rows = Int((size.height / side).rounded(.up))
        var generator = SplitMix64(seed: seed)
        var pieces: [Piece] = []
        for column in 0..<columns {
            for row in 0..<rows {
                let top = Double(row) * side
                let source = Rect(x: Double(column) * side, y: top, width: side, height: min(side, size.height - top))
                let offset = Point(x: generator.nextDouble(in: -maximumOffset...maximumOffset),
                                   y: generator.nextDouble(in: -maximumOffset...maximumOffset))
                let spin = generator.nextDouble(in: -maximumSpin...maximumSpin)
                pieces.append(Piece(sourceRect: source, offset: offset, spin: spin))
            }
        }
        return pieces
    }

    /// The to-screen underneath; each piece turned by `p · spin` and scaled by `1 − p` about
    /// its centre, moved by `p · offset`, at opacity `1 − p`. The whole screen at each end.
    public func forwardLayers(progress: Double, size: Size) -> [Layer] {
        if let resting = restingLayers(progress: progress, size: size) { return resting }
        let remaining = 1 - progress
        return [.fullScreen(.to, size: size)] + pieces(on: size).map { piece in
            let spun = Transform3D.rotation(angle: piece.spin * progress, x: 0, y: 0, z: 1)
                .then(.scale(x: remaining, y: remaining))
            let transform = Transform3D.about(piece.sourceRect.center, spun)
                .then(.translation(x: piece.offset.x * progress, y: piece.offset.y * progress))
            return Layer(screen: .from, sourceRect: piece.sourceRect, transform: transform, opacity: remaining, zOrder: 1)
        }
    }
}
