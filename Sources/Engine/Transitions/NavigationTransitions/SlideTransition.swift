/// swiftui-navigation-transitions' `slide(axis:)`: both screens move together, the to-screen
/// in from the trailing edge and the from-screen out through the leading one (bottom and top
/// when vertical).
public struct SlideTransition: NavigationTransition {
    /// The direction of the motion.
    public var axis: Axis

    /// Creates a slide along `axis`.
    public init(axis: Axis = .horizontal) {
        self.axis = axis
    }

    /// `slide`, or `slide-vertical`.
    public var name: String { axis == .horizontal ? "slide" : "slide-vertical" }

    /// Insertion moves in from the trailing (bottom) edge, removal out to the leading (top) one.
    public var body: AtomicTransition {
        switch axis {
        case .horizontal: return .group(.onInsertion(.move(edge: .trailing)), .onRemoval(.move(edge: .leading)))
        case .vertical: return .group(.onInsertion(.move(edge: .bottom)), .onRemoval(.move(edge: .top)))
        }
    }
}
