/// VCTransitionsLibrary's crossfade: the from-screen fades out over the to-screen.
public struct CrossfadeTransition: Transition {
    /// `crossfade`.
    public let name = "crossfade"

    /// Creates the crossfade.
    public init() {}

    /// The to-screen fully opaque underneath, the from-screen on top with opacity 1 − p.
    public func forwardLayers(progress: Double, size: Size) -> [Layer] {
        let whole = Rect(covering: size)
        return [
            Layer(screen: .to, sourceRect: whole, opacity: 1, zOrder: 0),
            Layer(screen: .from, sourceRect: whole, opacity: 1 - progress, zOrder: 1),
        ]
    }
}
