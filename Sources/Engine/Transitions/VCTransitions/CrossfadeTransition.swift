/// VCTransitionsLibrary's crossfade: the from-screen fades out over the to-screen.
public struct CrossfadeTransition: Transition {
    /// `crossfade`.
    public let name = "crossfade"

    /// Creates the crossfade.
    public init() {}

    /// The to-screen fully opaque underneath, the from-screen on top with opacity 1 − p
    /// (kept within 0…1 when a rubber band takes the progress outside).
    public func forwardLayers(progress: Double, size: Size) -> [Layer] {
        var from = Layer.fullScreen(.from, size: size, zOrder: 1)
        from.opacity = (1 - progress).clampedToUnitInterval
        return [.fullScreen(.to, size: size, zOrder: 0), from]
    }
}
