/// swiftui-navigation-transitions' `.default`: the system's own push, where the to-screen
/// slides in from the right over the from-screen, which moves left by 30 % of the width with
/// parallax and dims by 10 %.
public struct SystemPushTransition: Transition {
    /// `system-push`.
    public let name = "system-push"
    /// How far the from-screen moves left, as a share of the width (0.3).
    public var parallax: Double
    /// How dark the from-screen gets by the end, 0…1 (0.1).
    public var dimming: Double

    /// Creates the system push.
    public init(parallax: Double = 0.3, dimming: Double = 0.1) {
        self.parallax = parallax
        self.dimming = dimming
    }

    /// VCTransitionsLibrary's pan with the system's parallax and dimming.
    public func forwardLayers(progress: Double, size: Size) -> [Layer] {
        PanTransition(fromTravel: parallax, fromDimming: dimming).forwardLayers(progress: progress, size: size)
    }
}
