/// swiftui-navigation-transitions' `fade(_:)`: the to-screen fades in over the from-screen,
/// the from-screen fades out over the to-screen, or both cross-fade.
public struct FadeTransition: NavigationTransition {
    /// Which screen fades.
    public enum Style: String, Hashable, Sendable, CaseIterable {
        /// The to-screen fades in on top.
        case `in`
        /// The from-screen, brought to the front, fades out.
        case out
        /// Both fade: the from-screen out, the to-screen in.
        case cross
    }

    /// Which screen fades.
    public var style: Style

    /// Creates a fade.
    public init(_ style: Style) {
        self.style = style
    }

    /// `fade-in`, `fade-out` or `fade-cross`.
    public var name: String { "fade-\(style.rawValue)" }

    /// Opacity on insertion, on removal (brought to the front), or on both.
    public var body: AtomicTransition {
        switch style {
        case .in: return .onInsertion(.opacity)
        case .out: return .onRemoval(.group(.bringToFront, .opacity))
        case .cross: return .opacity
        }
    }
}
