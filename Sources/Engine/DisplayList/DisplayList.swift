/// What a transition shows at one instant: layers to draw, bottom to top. Nothing here knows
/// how it will be drawn.
public struct DisplayList: Hashable, Sendable {
    /// The size of the screen in points.
    public var size: Size
    /// The layers in drawing order (sorted by `zOrder`, stable).
    public private(set) var layers: [Layer]

    /// Creates a display list, ordering `layers` by their z-order (stable for ties).
    public init(size: Size, layers: [Layer]) {
        self.size = size
        self.layers = layers.enumerated()
            .sorted { $0.element.zOrder != $1.element.zOrder ? $0.element.zOrder < $1.element.zOrder : $0.offset < $1.offset }
            .map(\.element)
    }

    /// The screen the display shows unaltered and alone, if one full-screen opaque untransformed
    /// unshaded layer covers everything and nothing visible is drawn over it: every layer above
    /// it is transparent, edge-on, turned away or off the screen.
    public var soleVisibleScreen: ScreenRole? {
        guard let topIndex = layers.lastIndex(where: { $0.isPlainFullScreen(size) }) else { return nil }
        let above = layers[(topIndex + 1)...]
        guard above.allSatisfy({ !$0.isVisible(on: size) }) else { return nil }
        return layers[topIndex].screen
    }
}

extension Layer {
    /// True when the layer shows its whole screen unmoved, opaque and unshaded.
    func isPlainFullScreen(_ size: Size) -> Bool {
        sourceRect == Rect(covering: size) && transform.isIdentity(tolerance: 1e-9) && opacity >= 1 && shade <= 0
    }
}
