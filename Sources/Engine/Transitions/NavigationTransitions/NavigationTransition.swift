/// A transition written, as in swiftui-navigation-transitions, as one ``AtomicTransition``
/// applied to both screens: as a removal to the from-screen and as an insertion to the
/// to-screen.
public protocol NavigationTransition: Transition {
    /// The atomic transition both screens follow.
    var body: AtomicTransition { get }
}

extension NavigationTransition {
    /// The layers of ``body`` at `progress`.
    public func forwardLayers(progress: Double, size: Size) -> [Layer] {
        body.forwardLayers(progress: progress, size: size)
    }
}

/// A navigation transition made on the spot from a name and an atomic transition.
public struct CustomNavigationTransition: NavigationTransition {
    /// The stable name.
    public let name: String
    /// The atomic transition both screens follow.
    public let body: AtomicTransition

    /// Creates a transition called `name` in which both screens follow `body`.
    public init(name: String, body: AtomicTransition) {
        self.name = name
        self.body = body
    }
}
