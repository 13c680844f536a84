import Glibc

/// The "swing" of swiftui-navigation-transitions' README and demo: a horizontal slide in which
/// the to-screen swings in from further right, turned back by `angle`, half size and
/// transparent, above the from-screen, which swings out the other way.
public struct SwingTransition: NavigationTransition {
    /// `swing`.
    public let name = "swing"
    /// The turn, in radians (70°).
    public var angle: Double
    /// The extra horizontal offset, in points (150).
    public var offset: Double
    /// The to-screen's starting scale (0.5).
    public var scale: Double

    /// Creates the swing.
    public init(angle: Double = 70 * Double.pi / 180, offset: Double = 150, scale: Double = 0.5) {
        self.angle = angle
        self.offset = offset
        self.scale = scale
    }

    /// Slide, plus a turn, offset, fade and scale on insertion and the opposite turn and
    /// offset on removal.
    public var body: AtomicTransition {
        .group(
            SlideTransition(axis: .horizontal).body,
            .onInsertion(.group(.zPosition(1), .rotate(angle: -angle), .offset(x: offset, y: 0), .opacity, .scale(scale))),
            .onRemoval(.group(.rotate(angle: angle), .offset(x: -offset, y: 0)))
        )
    }
}
