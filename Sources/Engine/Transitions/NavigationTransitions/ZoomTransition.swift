/// The "zoom" of swiftui-navigation-transitions' demo: both screens scale, the from-screen
/// shrinking to `scale` while the to-screen grows from it to full size, fading in on top.
public struct ZoomTransition: NavigationTransition {
    /// `zoom`.
    public let name = "zoom"
    /// The scale the from-screen shrinks to and the to-screen grows from (0.5).
    public var scale: Double

    /// Creates the zoom.
    public init(scale: Double = 0.5) {
        self.scale = scale
    }

    /// Scale on both screens; on insertion also lifted to the front and faded in.
    public var body: AtomicTransition {
        .group(.scale(scale), .onInsertion(.group(.zPosition(1), .opacity)))
    }
}
