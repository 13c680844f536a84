import Engine
import Interaction

/// Writes the UIKit test: an XCUITest whose every gesture is what XCTest can express of it
/// (``XCTestGesture``): a press, a straight drag at one speed and a hold, or a pinch.
struct XCUITestWriter {
    var header: TestFileHeader

    var text: String {
        let language = CodeLanguage.swift
        let number = { (value: Double) in DecimalFormat.string(value, decimals: 6) }
        var lines = header.lines
        lines += [
            "",
            "import XCTest",
            "",
            "/// What the app decided for one release: \"finish\" or \"cancel\", and the release velocity in",
            "/// points per second towards finishing (nil: not asserted).",
            "struct GestureLabRelease {",
            "    var decision: String",
            "    var velocity: Double?",
            "",
            "    init(_ decision: String, _ velocity: Double?) {",
            "        self.decision = decision",
            "        self.velocity = velocity",
            "    }",
            "}",
            "",
            "final class GestureLabReplayTests: XCTestCase {",
            "    static let velocityToleranceAbsolute: Double = \(number(header.tolerance.absolute)) // points per second",
            "    static let velocityToleranceRelative: Double = \(number(header.tolerance.relative))",
        ]
        for (index, trace) in header.traces.enumerated() {
            lines.append("")
            lines += TestFileHeader.traceComment(trace, language: language, indent: "    ")
            lines += ["    @MainActor func test\(index + 1)_\(CodeLanguage.identifier(trace.name))() {",
                      "        let trace = \(language.stringLiteral(trace.name))",
                      "        let element = GestureLabApp.launch(trace: trace)"]
            for (gestureIndex, gesture) in trace.gestures.enumerated() {
                lines.append(TestFileHeader.releaseComment(gesture, number: gestureIndex + 1, language: language, indent: "        "))
                switch gesture.xctest {
                case .drag(let from, let to, let press, let speed, let hold):
                    lines.append("        drag(element, from: (\(number(from.x)), \(number(from.y))), to: (\(number(to.x)), \(number(to.y))), press: \(number(press)), pointsPerSecond: \(number(speed)), hold: \(number(hold)))")
                case .press(let at, let duration):
                    lines.append("        point(element, \(number(at.x)), \(number(at.y))).press(forDuration: \(number(duration)))")
                case .pinch(let scale, let velocity):
                    lines.append("        // XCTest spreads the fingers as it likes: the span velocity the app sees is not the recording's, so it is not asserted.")
                    lines.append("        element.pinch(withScale: \(number(scale)), velocity: \(number(velocity)))")
                case nil:
                    break
                }
                let releases = gesture.releases.map { release in
                    "GestureLabRelease(\"\(release.decision.rawValue)\", \(release.velocity.map(number) ?? "nil"))"
                }
                lines.append("        check(trace + \": gesture \(gestureIndex + 1)\", GestureLabApp.releases(trace: trace, gesture: \(gestureIndex + 1)), [\(releases.joined(separator: ", "))])")
            }
            lines.append("    }")
        }
        lines += [
            "",
            "    /// The point `x`, `y` points from the element's top-left corner.",
            "    @MainActor private func point(_ element: XCUIElement, _ x: Double, _ y: Double) -> XCUICoordinate {",
            "        element.coordinate(withNormalizedOffset: CGVector(dx: 0, dy: 0)).withOffset(CGVector(dx: x, dy: y))",
            "    }",
            "",
            "    /// Presses, drags in a straight line at one speed (XCTest takes pixels per second), holds, lifts.",
            "    @MainActor private func drag(_ element: XCUIElement, from: (Double, Double), to: (Double, Double), press: TimeInterval,",
            "                                 pointsPerSecond: Double, hold: TimeInterval) {",
            "        let pixelsPerSecond = CGFloat(pointsPerSecond) * UIScreen.main.scale",
            "        point(element, from.0, from.1).press(forDuration: press, thenDragTo: point(element, to.0, to.1),",
            "                                             withVelocity: XCUIGestureVelocity(rawValue: pixelsPerSecond), thenHoldForDuration: hold)",
            "    }",
            "",
            "    private func check(_ place: String, _ got: [GestureLabRelease], _ lab: [GestureLabRelease]) {",
            "        XCTAssertEqual(got.map(\\.decision), lab.map(\\.decision), \"\\(place): the decisions of the app and of gesture-lab\")",
            "        for (index, (release, labRelease)) in zip(got, lab).enumerated() {",
            "            guard let velocity = release.velocity, let labVelocity = labRelease.velocity else { continue }",
            "            let allowed = max(Self.velocityToleranceAbsolute, Self.velocityToleranceRelative * abs(labVelocity))",
            "            XCTAssertEqual(velocity, labVelocity, accuracy: allowed, \"\\(place), release \\(index + 1): velocity in points per second\")",
            "        }",
            "    }",
            "}",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
