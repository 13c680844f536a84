import Engine

/// A named release rule together with the completion timing its source library used.
///
/// Every preset reproduces its source exactly; ``named(_:)`` finds them by the names the
/// window and the command line use.
public struct ThresholdPolicy: Hashable, Sendable {
    /// The stable name (`vctransitions`, `mdtransitioning`, …).
    public var name: String
    /// The decision rule and its numbers.
    public var rule: ThresholdRule
    /// How the transition animates to its end after this policy decides.
    public var completionTiming: CompletionTiming
    /// The preset this is, unchanged, if it is one.
    public var preset: PresetPolicy?

    /// Creates a policy; `preset` when it is that preset, unchanged.
    public init(name: String, rule: ThresholdRule, completionTiming: CompletionTiming, preset: PresetPolicy? = nil) {
        self.name = name
        self.rule = rule
        self.completionTiming = completionTiming
        self.preset = preset
    }

    /// The name with the rule's numbers, e.g. `vctransitions (threshold=0.5)`; a custom rule's
    /// name already spells them. What the HUD shows.
    public var nameWithNumbers: String {
        name.contains(":") ? name : "\(name) (\(PolicySpec.parameterTexts(rule).map { "\($0.name)=\($0.value)" }.joined(separator: ", ")))"
    }

    /// True for VCTransitionsLibrary's own policy, whose swipe computes progress in Float32
    /// (`fminf`/`fmaxf`); every other rule, custom ones included, compares progress in double
    /// precision (``PresetPolicy/computesProgressInSinglePrecision``).
    public var computesProgressInSinglePrecision: Bool { preset?.computesProgressInSinglePrecision ?? false }

    /// Decides finish or cancel for `release`.
    public func decide(_ release: ReleaseMeasurement) -> ReleaseDecision { rule.decide(release) }

    /// VCTransitionsLibrary: finish iff progress > 0.5; completion speed 1 − p.
    public static let vcTransitions = ThresholdPolicy(
        name: PresetPolicy.vcTransitions.rawValue, rule: .position(threshold: 0.5), completionTiming: .vcTransitions(curve: .easeInOut), preset: .vcTransitions)
    /// MDTransitioning's edge pop: finish iff progress > 0.25; UIKit's completion.
    public static let mdTransitioning = ThresholdPolicy(
        name: PresetPolicy.mdTransitioning.rawValue, rule: .position(threshold: 0.25), completionTiming: .default, preset: .mdTransitioning)
    /// swiftui-navigation-transitions: finish iff v > 675 pt/s, or p ≥ 0.2 and v > −200 pt/s;
    /// completion speed scaled by the velocity.
    public static let swiftUINavigation = ThresholdPolicy(
        name: PresetPolicy.swiftUINavigation.rawValue,
        rule: .velocityAndPosition(finishVelocity: 675, positionThreshold: 0.2, cancelVelocity: -200),
        completionTiming: .velocityScaled(curve: .easeInOut), preset: .swiftUINavigation)
    /// Flutter's Cupertino back gesture (`_CupertinoBackGestureController.dragEnd`): a fling of
    /// at least 1 screen width per second goes its way, otherwise the page animates back only
    /// while `controller.value > 0.5`, so the pop finishes iff p ≥ 0.5; eased by Flutter's
    /// fastLinearToSlowEaseIn.
    public static let flutter = ThresholdPolicy(
        name: PresetPolicy.flutter.rawValue,
        rule: .fling(minimumVelocity: 1, unit: .screensPerSecond, positionThreshold: 0.5, comparison: .atOrAbove),
        completionTiming: .uikit(curve: .cubicBezier(CubicBezier(0.18, 1.0, 0.04, 1.0)), completionSpeed: 1), preset: .flutter)
    /// Jetpack Compose Foundation 1.8's `AnchoredDraggableState` between two anchors, as
    /// `Modifier.anchoredDraggable` settles with `AnchoredDraggableDefaults.flingBehavior`
    /// (`compose/foundation/foundation/src/commonMain/kotlin/androidx/compose/foundation/gestures/AnchoredDraggable.kt`:
    /// `DraggableAnchors.computeTarget`, `AnchoredDraggableMinFlingVelocity` = 125.dp,
    /// `AnchoredDraggableDefaults.PositionalThreshold` = half the distance): at an anchor it stays;
    /// at rest the nearer anchor, the end on a tie (so p = 0.5 finishes); |v| ≥ 125 pt/s (1 pt =
    /// 1 dp) goes its way; slower, forwards it finishes iff p ≥ 0.5 and backwards iff p > 0.5
    /// (1 − p < 0.5). Settles with a spring.
    public static let compose = ThresholdPolicy(
        name: PresetPolicy.compose.rawValue,
        rule: .anchoredDraggable(minimumVelocity: 125, positionThreshold: 0.5),
        completionTiming: .defaultSpring, preset: .compose)
    /// Projected end point: finish iff p + (v/1000)·r/(1 − r) > 0.5 with r = 0.998, never
    /// against a fling back faster than 200 pt/s; settles with a spring.
    public static let projected = ThresholdPolicy(
        name: PresetPolicy.projected.rawValue,
        rule: .projection(decelerationRate: ProjectionRule.scrollViewDecelerationRate, threshold: 0.5, backVelocity: 200),
        completionTiming: .defaultSpring, preset: .projected)

    /// Every preset, in the order the window cycles through them (``PresetPolicy``'s).
    public static let presets: [ThresholdPolicy] = PresetPolicy.allCases.map(\.policy)

    /// The preset called `name`, if any.
    public static func named(_ name: String) -> ThresholdPolicy? {
        PresetPolicy(rawValue: name)?.policy
    }
}
