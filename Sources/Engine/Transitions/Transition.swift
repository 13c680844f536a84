/// An animated change from one screen to another, written once for the forward direction.
///
/// As in Material Motion's transitioning, the backward direction is the forward one played
/// in reverse: backward at progress p is forward at 1 − p with the two screens' roles swapped.
public protocol Transition: Sendable {
    /// The stable name the registry, the window and the command line use.
    var name: String { get }
    /// The layers of the forward transition at `progress` (0 shows the from-screen, 1 the
    /// to-screen) for a screen of `size` points.
    func forwardLayers(progress: Double, size: Size) -> [Layer]
}

extension Transition {
    /// The display list at `progress` (0…1) in `direction` for a screen of `size` points.
    public func displayList(progress: Double, direction: TransitionDirection, size: Size) -> DisplayList {
        switch direction {
        case .forward:
            return DisplayList(size: size, layers: forwardLayers(progress: progress, size: size))
        case .backward:
            let layers = forwardLayers(progress: 1 - progress, size: size).map { layer -> Layer in
                var swapped = layer
                swapped.screen = layer.screen.swapped
                return swapped
            }
            return DisplayList(size: size, layers: layers)
        }
    }
}
