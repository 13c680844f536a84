/// Every transition the lab offers, under stable names.
public enum TransitionRegistry {
    /// All transitions in the order the window cycles through them: VCTransitionsLibrary's,
    /// then swiftui-navigation-transitions', then MDTransitioning's.
    public static let all: [any Transition] = [
        CrossfadeTransition(),
        PanTransition(),
        CardsTransition(),
        FlipTransition(),
        TurnTransition(),
        CubeTransition(),
        FoldTransition(),
        PortalTransition(),
        ExplodeTransition(),
        NatGeoTransition(),
        SystemPushTransition(),
        SlideTransition(axis: .horizontal),
        SlideTransition(axis: .vertical),
        FadeTransition(.in),
        FadeTransition(.out),
        FadeTransition(.cross),
        SwingTransition(),
        ZoomTransition(),
        ScaleNavigationTransition(),
    ]

    /// The stable names, in order.
    public static var names: [String] { all.map(\.name) }

    /// The transition called `name`, if there is one.
    public static func named(_ name: String) -> (any Transition)? {
        all.first { $0.name == name }
    }
}
