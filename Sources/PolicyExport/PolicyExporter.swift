import Interaction

/// Writes a release rule as a short snippet of platform code that decides exactly as the lab
/// does, with the platform's own gesture types and units: `shouldFinish` computes in 64-bit
/// floating point in every language, as the lab does. The one exception is Compose's own rule,
/// which Compose's `AnchoredDraggableState` decides in Float (its header says so).
///
/// Every snippet has two parts: `shouldFinish`, the rule itself in the platform's language, and
/// the glue that feeds it the progress and the release velocity from the platform's gesture
/// API, converted to the lab's units (points, or their equivalents dp and logical pixels, per
/// second). Positive velocity is towards finishing, as in the lab.
package struct PolicyExporter {
    /// A platform a rule can be exported for.
    package enum Platform: String, CaseIterable {
        case uikit, swiftui, compose, flutter, android, web

        /// The language its snippets are written in.
        package var language: Language {
            switch self {
            case .uikit, .swiftui: return .swift
            case .compose, .android: return .kotlin
            case .flutter: return .dart
            case .web: return .javascript
            }
        }

        /// Which unit conversion the snippet uses, said in its header.
        package var units: String {
            switch self {
            case .uikit:
                return "UIKit measures in points and UIPanGestureRecognizer.velocity(in:) in points per second, the lab's units: no conversion."
            case .swiftui:
                return "DragGesture.Value gives points and (iOS 17) velocity in points per second, the lab's units: no conversion."
            case .compose:
                return "onDragStopped gives pixels per second; divided by LocalDensity's density to dp per second (1 dp = 1 pt), in Double."
            case .flutter:
                return "DragEndDetails.velocity is in logical pixels per second; 1 logical pixel = 1 pt: no conversion."
            case .android:
                return "VelocityTracker.computeCurrentVelocity(1000) gives pixels per second; divided by displayMetrics.density to dp per second (1 dp = 1 pt), in Double."
            case .web:
                return "Pointer Events give CSS pixels (1 CSS px = 1 pt) and event.timeStamp in milliseconds: velocity in CSS px per second, no conversion."
            }
        }
    }

    /// The languages the platforms use.
    package enum Language: DecisionSpelling {
        case swift, kotlin, dart, javascript

        /// `value` as a literal of the snippet's floating-point type: 64-bit in every language
        /// (Kotlin's and Dart's with a decimal point or exponent, so never an integer).
        package func literal(_ value: Double) -> String {
            var text = PolicySpec.numberText(value)
            if (self == .dart || self == .kotlin) && !text.contains(".") && !text.contains("e") { text += ".0" }
            return text
        }

        /// A local constant.
        package func constant(_ name: String, _ expression: String) -> String {
            switch self {
            case .swift: return "let \(name) = \(expression)"
            case .kotlin: return "val \(name) = \(expression)"
            case .dart: return "final \(name) = \(expression);"
            case .javascript: return "const \(name) = \(expression);"
            }
        }

        /// `return value` when `condition` holds.
        package func returnIf(_ condition: String, _ value: String) -> String {
            switch self {
            case .swift: return "if \(condition) { return \(value) }"
            case .kotlin: return "if (\(condition)) return \(value)"
            case .dart, .javascript: return "if (\(condition)) return \(value);"
            }
        }

        /// `return value`.
        package func returning(_ value: String) -> String { self == .dart || self == .javascript ? "return \(value);" : "return \(value)" }

        /// The magnitude of `expression`.
        package func magnitude(_ expression: String) -> String {
            switch self {
            case .dart: return "\(expression).abs()"
            case .javascript: return "Math.abs(\(expression))"
            case .swift, .kotlin: return "abs(\(expression))"
            }
        }
    }

    /// The rule exported.
    package let spec: PolicySpec

    /// An exporter of `spec`.
    package init(spec: PolicySpec) { self.spec = spec }

    /// Compose's own fling threshold (`AnchoredDraggableMinFlingVelocity`), in dp per second.
    package static let composeFlingVelocity = 125.0

    /// The position threshold when the rule is exactly what Compose's `AnchoredDraggableState`
    /// decides by itself: its own boundaries with its fixed 125 dp/s fling threshold.
    private var composeOwnPosition: Double? {
        guard case .anchoredDraggable(let rule) = spec.rule, rule.minimumVelocity == Self.composeFlingVelocity else { return nil }
        return rule.positionThreshold
    }

    /// How the snippet's arithmetic compares with the lab's, which decides in double precision
    /// except under VCTransitionsLibrary's own preset, whose progress it rounds to Float32.
    package func precisionNote(for platform: Platform) -> String {
        if platform == .compose && composeOwnPosition != nil {
            // No shouldFinish: AnchoredDraggableState decides, in its own Float arithmetic.
            return "Compose's AnchoredDraggableState makes this decision itself, in 32-bit Float pixels (offset against "
                + "distance × threshold, velocity against 125 dp/s converted to pixels): a release within about 1e-7 (relative) "
                + "of either threshold can be decided the other way from the lab, which computes in 64-bit doubles."
        }
        let arithmetic: String
        switch platform.language {
        case .swift: arithmetic = "CGFloat is a 64-bit Double on every 64-bit device, as the lab computes: the same decision for every gesture."
        case .dart: arithmetic = "Dart's double is 64-bit, as the lab computes: the same decision for every gesture."
        case .javascript: arithmetic = "JavaScript numbers are 64-bit doubles, as the lab computes: the same decision for every gesture."
        case .kotlin: arithmetic = "shouldFinish computes in 64-bit Double, as the lab does: the same decision for the same progress and velocity. "
            + "The platform hands over Float (progress, pixels per second, density); each is widened to Double, which is exact, "
            + "before any arithmetic, so only the platform's own Float measurement differs from the lab's."
        }
        let seed: String
        if !spec.policy.computesProgressInSinglePrecision {
            seed = ""
        } else if platform.language == .kotlin {
            seed = " Under this preset the lab rounds progress to Float32 first, as VCTransitionsLibrary's fminf/fmaxf do; the Float progress widened here is such a value."
        } else {
            seed = " Under this preset the lab rounds progress to Float32 first, as VCTransitionsLibrary's fminf/fmaxf do; pass progress through Float to decide exactly as it does."
        }
        return arithmetic + seed
    }

    /// The decision function's parameters beyond progress and velocity.
    private var extraParameters: [(name: String, meaning: String)] {
        spec.rule.family.decisionInputs.map { ($0.rawValue, $0.meaning) }
    }

    /// The body of `shouldFinish`: the rule's own decision steps (its family's file), in `language`.
    private func decisionLines(_ language: Language) -> [String] {
        spec.rule.family.decisionSteps(language).map { step in
            switch step {
            case .constant(let name, let expression): return language.constant(name, expression)
            case .returnIf(let condition, let value): return language.returnIf(condition, value)
            case .returning(let value): return language.returning(value)
            }
        }
    }

    /// The `shouldFinish` function in `language`, indented by `indent`: the rule as code, the one
    /// the snippets and the capture page run.
    package func decisionFunction(_ language: Language, unit: String, indent: String) -> [String] {
        let extras = extraParameters
        let signature: String
        switch language {
        case .swift:
            signature = "func shouldFinish(progress: CGFloat, velocity: CGFloat" + extras.map { ", \($0.name): CGFloat" }.joined() + ") -> Bool {"
        case .kotlin:
            signature = "fun shouldFinish(progress: Double, velocity: Double" + extras.map { ", \($0.name): Double" }.joined() + "): Boolean {"
        case .dart:
            signature = "bool shouldFinish(double progress, double velocity" + extras.map { ", double \($0.name)" }.joined() + ") {"
        case .javascript:
            signature = "function shouldFinish(progress, velocity" + extras.map { ", \($0.name)" }.joined() + ") {"
        }
        let summary = "\(spec.explicit): progress 0…1, velocity in \(unit) towards finishing"
            + extras.map { ", \($0.name) (\($0.meaning)) in \(unit.replacing(" per second", with: ""))" }.joined() + "."
        var lines = [language == .kotlin || language == .javascript ? "/** \(summary) */" : "/// \(summary)", signature]
        lines += decisionLines(language).map { "    " + $0 }
        lines.append("}")
        return lines.map { indent + $0 }
    }

    /// The names of `shouldFinish`'s parameters beyond progress and velocity, in order:
    /// `distance` (points per unit of progress), `screenWidth` (points).
    package var extraParameterNames: [String] { extraParameters.map(\.name) }

    /// The arguments `shouldFinish` is called with beyond progress and velocity.
    private func extraArguments(_ language: Language, distance: String, screenWidth: String) -> String {
        extraParameters.map { parameter in
            let value = parameter.name == "distance" ? distance : screenWidth
            return language == .swift ? ", \(parameter.name): \(value)" : ", \(value)"
        }.joined()
    }

    /// The snippet for `platform`, headed by the command that made it.
    package func snippet(for platform: Platform) -> String {
        let language = platform.language
        let comment = "//"
        var lines = [
            "\(comment) gesture-lab export-policy '\(spec.canonical)' --for \(platform.rawValue)",
            "\(comment) Units: \(platform.units)",
            "\(comment) Precision: \(precisionNote(for: platform))",
            "\(comment) Progress grows as the finger moves right; positive velocity is towards finishing.",
        ]
        switch platform {
        case .uikit:
            lines += [
                "import UIKit",
                "",
                "final class SwipeInteraction: UIPercentDrivenInteractiveTransition {",
                "    /// Points of travel for progress 1.",
                "    var distance: CGFloat = 200",
                "",
                "    @objc func handlePan(_ pan: UIPanGestureRecognizer) {",
                "        guard let view = pan.view else { return }",
                "        let progress = min(max(pan.translation(in: view).x / distance, 0), 1)",
                "        switch pan.state {",
                "        case .changed:",
                "            update(progress)",
                "        case .ended:",
                "            let velocity = pan.velocity(in: view).x",
                "            if shouldFinish(progress: progress, velocity: velocity\(extraArguments(language, distance: "distance", screenWidth: "view.bounds.width"))) { finish() } else { cancel() }",
                "        case .cancelled, .failed:",
                "            cancel()",
                "        default:",
                "            break",
                "        }",
                "    }",
                "",
            ] + decisionFunction(language, unit: "points per second", indent: "    ") + ["}"]
        case .swiftui:
            lines += [
                "import SwiftUI",
                "",
                "struct SwipeToFinish: ViewModifier {",
                "    @Binding var progress: CGFloat",
                "    /// Points of travel for progress 1.",
                "    var distance: CGFloat = 200",
                "    var onFinish: () -> Void",
                "    var onCancel: () -> Void",
                "",
                "    func body(content: Content) -> some View {",
                "        GeometryReader { geometry in",
                "            content.gesture(",
                "                DragGesture()",
                "                    .onChanged { value in progress = min(max(value.translation.width / distance, 0), 1) }",
                "                    .onEnded { value in",
                "                        let released = min(max(value.translation.width / distance, 0), 1)",
                "                        if shouldFinish(progress: released, velocity: value.velocity.width\(extraArguments(language, distance: "distance", screenWidth: "geometry.size.width"))) { onFinish() } else { onCancel() }",
                "                    })",
                "        }",
                "    }",
                "",
            ] + decisionFunction(language, unit: "points per second", indent: "    ") + ["}"]
        case .compose where composeOwnPosition != nil:
            // positionalThreshold is Compose's own (Float) -> Float lambda.
            let position = PolicySpec.numberText(composeOwnPosition ?? 0.5) + "f"
            lines[1] = "// Units: Compose flings past its fixed 125 dp/s (AnchoredDraggableMinFlingVelocity), this rule's 125 pt/s (1 dp = 1 pt); the distance in dp becomes pixels through LocalDensity."
            lines += [
                "import androidx.compose.foundation.gestures.AnchoredDraggableDefaults",
                "import androidx.compose.foundation.gestures.AnchoredDraggableState",
                "import androidx.compose.foundation.gestures.DraggableAnchors",
                "import androidx.compose.foundation.gestures.Orientation",
                "import androidx.compose.foundation.gestures.anchoredDraggable",
                "import androidx.compose.runtime.Composable",
                "import androidx.compose.runtime.SideEffect",
                "import androidx.compose.ui.Modifier",
                "import androidx.compose.ui.platform.LocalDensity",
                "import androidx.compose.ui.unit.Dp",
                "import androidx.compose.ui.unit.dp",
                "",
                "enum class Page { Shown, Dismissed }",
                "",
                "/**",
                " * \(spec.explicit): Compose's own rule. Drags between Shown (progress 0) and Dismissed",
                " * (progress 1, `distance` away); a release at either stays there; at rest it settles on the",
                " * nearer (Dismissed on a tie); a fling of at least 125 dp/s goes its way; a slower release",
                " * settles on the anchor ahead once \(PolicySpec.numberText(composeOwnPosition ?? 0.5)) of the distance from the one behind is covered.",
                " */",
                "@Composable",
                "fun Modifier.swipeToDismiss(state: AnchoredDraggableState<Page>, distance: Dp = 200.dp): Modifier {",
                "    val distancePx = with(LocalDensity.current) { distance.toPx() }",
                "    // Dismissed declared last: a release at rest exactly halfway settles on it (closestAnchor keeps the last of equals).",
                "    SideEffect { state.updateAnchors(DraggableAnchors { Page.Shown at 0f; Page.Dismissed at distancePx }) }",
                "    return anchoredDraggable(",
                "        state = state,",
                "        orientation = Orientation.Horizontal,",
                "        flingBehavior = AnchoredDraggableDefaults.flingBehavior(state, positionalThreshold = { totalDistance -> totalDistance * \(position) }),",
                "    )",
                "}",
            ]
        case .compose:
            lines[1] += " AnchoredDraggable flings past a fixed 125 dp/s since Foundation 1.8, so this rule decides in onDragStopped."
            lines += [
                "import androidx.compose.foundation.gestures.Orientation",
                "import androidx.compose.foundation.gestures.draggable",
                "import androidx.compose.foundation.gestures.rememberDraggableState",
                "import androidx.compose.runtime.Composable",
                "import androidx.compose.ui.Modifier",
                "import androidx.compose.ui.platform.LocalConfiguration",
                "import androidx.compose.ui.platform.LocalDensity",
                "import kotlin.math.abs",
                "",
                "/** Drives `progress` (0…1) over `distanceDp` dp of horizontal drag and settles with the rule. */",
                "@Composable",
                "fun Modifier.swipeToFinish(distanceDp: Float = 200f, progress: () -> Float, onProgress: (Float) -> Unit,",
                "                           onFinish: () -> Unit, onCancel: () -> Unit): Modifier {",
                "    val density = LocalDensity.current.density",
                "    val screenWidthDp = LocalConfiguration.current.screenWidthDp.toDouble()",
                "    return draggable(",
                "        state = rememberDraggableState { deltaPx -> onProgress((progress() + deltaPx / density / distanceDp).coerceIn(0f, 1f)) },",
                "        orientation = Orientation.Horizontal,",
                "        onDragStopped = { velocityPxPerSecond ->",
                "            // Widened to Double before any arithmetic: shouldFinish decides as the lab does.",
                "            val velocityDp = velocityPxPerSecond.toDouble() / density",
                "            if (shouldFinish(progress().toDouble(), velocityDp\(extraArguments(language, distance: "distanceDp.toDouble()", screenWidth: "screenWidthDp")))) onFinish() else onCancel()",
                "        }",
                "    )",
                "}",
                "",
            ] + decisionFunction(language, unit: "dp per second", indent: "")
        case .flutter:
            lines += [
                "import 'package:flutter/widgets.dart';",
                "",
                "/// Settles `controller` (value = progress 0…1) when the horizontal drag ends.",
                "void handleDragEnd(DragEndDetails details, AnimationController controller, BuildContext context,",
                "    {double distance = 200}) {",
                "  final velocity = details.velocity.pixelsPerSecond.dx;",
                "  final screenWidth = MediaQuery.sizeOf(context).width;",
                "  if (shouldFinish(controller.value, velocity\(extraArguments(language, distance: "distance", screenWidth: "screenWidth")))) {",
                "    controller.forward();",
                "  } else {",
                "    controller.reverse();",
                "  }",
                "}",
                "",
            ] + decisionFunction(language, unit: "logical pixels per second", indent: "").map { $0.replacing("    ", with: "  ") }
        case .android:
            lines += [
                "import android.view.MotionEvent",
                "import android.view.VelocityTracker",
                "import android.view.View",
                "import kotlin.math.abs",
                "",
                "/** Call on ACTION_UP with the tracker that saw the gesture's moves; true to finish. */",
                "fun decideOnRelease(view: View, event: MotionEvent, tracker: VelocityTracker, progress: Float, distanceDp: Float = 200f): Boolean {",
                "    tracker.addMovement(event)",
                "    tracker.computeCurrentVelocity(1000)",
                "    val metrics = view.resources.displayMetrics",
                "    // Widened to Double before any arithmetic: shouldFinish decides as the lab does.",
                "    val velocityDp = tracker.xVelocity.toDouble() / metrics.density",
                "    val screenWidthDp = metrics.widthPixels.toDouble() / metrics.density",
                "    return shouldFinish(progress.toDouble(), velocityDp\(extraArguments(language, distance: "distanceDp.toDouble()", screenWidth: "screenWidthDp")))",
                "}",
                "",
            ] + decisionFunction(language, unit: "dp per second", indent: "")
        case .web:
            let arguments = extraArguments(language, distance: "distance", screenWidth: "window.innerWidth")
            lines += [
                "// At the pointer's release: progress 0…1 as shown, velocity in CSS px per second towards",
                "// finishing (from the pointer's samples, getCoalescedEvents() included). `gesture-lab",
                "// capture-page --policy` runs this same function live.",
                "// if (shouldFinish(progress, velocity\(arguments))) finish(); else cancel();",
                "",
            ] + decisionFunction(language, unit: "CSS pixels per second", indent: "").map { $0.replacing("    ", with: "  ") }
        }
        switch spec.rule {
        case .fling, .anchoredDraggable: break
        default: lines.removeAll { $0 == "import kotlin.math.abs" }
        }
        // The screen's width is read only by rules in screens per second.
        if !extraParameters.contains(where: { $0.name == "screenWidth" }) {
            lines.removeAll { $0.contains("val screenWidthDp = ") || $0.contains("final screenWidth = ") }
            lines = lines.map { $0.replacing("GeometryReader { geometry in", with: "Group {") }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
