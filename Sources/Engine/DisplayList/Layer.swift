/// Which of the two screens a layer shows.
public enum ScreenRole: String, Hashable, Sendable {
    /// The screen the transition leaves.
    case from
    /// The screen the transition arrives at.
    case to

    /// The other screen.
    public var swapped: ScreenRole { self == .from ? .to : .from }
}

/// One textured quad of a display list: a rectangle of one screen, placed by a transform.
public struct Layer: Hashable, Sendable {
    /// The screen whose content this layer shows.
    public var screen: ScreenRole
    /// The part of that screen shown, in the screen's points (the whole screen for most
    /// transitions; a slice or a piece for flip, fold, portal and explode). The layer sits on
    /// that same rectangle before `transform` moves it.
    public var sourceRect: Rect
    /// Maps a point of `sourceRect` (in screen points) to where it is drawn.
    public var transform: Transform3D
    /// Opacity 0…1.
    public var opacity: Double
    /// Darkening 0…1 drawn over the layer (0 leaves it as it is, 1 is black).
    public var shade: Double
    /// Drawing order: higher values are drawn later, on top. Ties keep list order.
    public var zOrder: Double
    /// True when the layer is drawn even when turned to face away from the viewer; false
    /// (the default) hides its back, as `CALayer.isDoubleSided = false` does.
    public var isDoubleSided: Bool

    /// Creates a layer.
    public init(screen: ScreenRole, sourceRect: Rect, transform: Transform3D = .identity,
                opacity: Double = 1, shade: Double = 0, zOrder: Double = 0, isDoubleSided: Bool = false) {
        self.screen = screen
        self.sourceRect = sourceRect
        self.transform = transform
        self.opacity = opacity
        self.shade = shade
        self.zOrder = zOrder
        self.isDoubleSided = isDoubleSided
    }
}
