/// Which reference's rules turn a pointer into an edge pan: where it must go down, when the pan is
/// recognised, and what a pointer cancel does. The policy's own reference unless one is named
/// (`--edge-recognizer`, a trace header's `edge_recognizer`).
public enum EdgeRecognizerName: String, CaseIterable, Hashable, Sendable {
    /// MDTransitioning's pan: the zone is tested where the pan is recognised (`allowSwipe`), a
    /// cancel is decided like a lift.
    case md
    /// UIKit's `UIScreenEdgePanGestureRecognizer`, as swiftui-navigation-transitions uses it: the
    /// touch must go down in the zone, a cancel cancels.
    case uikitScreenEdge = "uikit-screen-edge"
    /// Flutter's Cupertino back gesture: pointers that go down in the strip are given to a
    /// horizontal drag, which a cancel ends like a lift.
    case flutterCupertino = "flutter-cupertino"
    /// Android's system back gesture (`EdgeBackGestureHandler`): down in the edge, past a reduced
    /// slop horizontally before a long press, a cancel cancels.
    case androidBack = "android-back"

    /// The recogniser of the reference `policy` comes from: MDTransitioning's for
    /// `mdtransitioning`, UIKit's screen-edge pan for `swiftui-navigation`, Flutter's for
    /// `flutter`, Android's for `compose`. `vctransitions`, which has no edge pan, keeps
    /// MDTransitioning's (the lab's first); `projected`, UIKit's scroll-view projection, takes
    /// UIKit's own, the recogniser of `UINavigationController.interactivePopGestureRecognizer`. A
    /// family takes the recogniser of the preset whose numbers it starts from (`fling`: Compose's).
    public init(for policy: PolicySpec) {
        switch policy.base {
        case .preset(.vcTransitions), .preset(.mdTransitioning), .family(.position): self = .md
        case .preset(.swiftUINavigation), .preset(.projected), .family(.velocityPosition), .family(.projection): self = .uikitScreenEdge
        case .preset(.flutter): self = .flutterCupertino
        case .preset(.compose), .family(.fling): self = .androidBack
        }
    }
}
