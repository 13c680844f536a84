import Engine
import Interaction

/// Writes the Flutter test: one `testWidgets` per trace, on a test view of the trace's window
/// and density, each gesture played with `TestGesture`s (`down`, `moveTo`, `up`, `cancel`, each
/// with its recorded `timeStamp`) while the test's clock is pumped by the recorded intervals.
struct FlutterTestWriter {
    var header: TestFileHeader

    var text: String {
        let language = CodeLanguage.dart
        let number = { (value: Double) in language.number(value) }
        var lines = header.lines
        lines += [
            "",
            "import 'dart:math' as math;",
            "",
            "import 'package:flutter/gestures.dart';",
            "import 'package:flutter/widgets.dart';",
            "import 'package:flutter_test/flutter_test.dart';",
            "",
            "import 'gesture_lab_app.dart';",
            "",
            "const double velocityToleranceAbsolute = \(number(header.tolerance.absolute)); // logical pixels per second",
            "const double velocityToleranceRelative = \(number(header.tolerance.relative));",
            "",
            "void main() {",
        ]
        for (index, trace) in header.traces.enumerated() {
            lines.append("  testWidgets(\(language.stringLiteral(trace.name)), (tester) => _replay(tester, _trace\(index + 1)));")
        }
        lines += [
            "}",
            "",
            "enum _Phase { down, move, up, cancel }",
            "",
        ]
        // Only the phases the data uses: an unused private constant is an analyzer warning (unused_element).
        let phases = PointerPhase.allCases.filter { phase in
            header.traces.contains { $0.gestures.contains { $0.events.contains { $0.phase == phase } } }
        }
        if !phases.isEmpty {
            lines += ["const " + phases.map { "_\($0.rawValue) = _Phase.\($0.rawValue)" }.joined(separator: ", ") + ";", ""]
        }
        lines += [
            "/// One recorded event: microseconds from the trace's first event, the finger (a TestGesture",
            "/// pointer, numbered from 1 as fingers go down), the phase, and the position in logical pixels.",
            "class _Event {",
            "  const _Event(this.micros, this.finger, this.phase, this.x, this.y);",
            "  final int micros;",
            "  final int finger;",
            "  final _Phase phase;",
            "  final double x;",
            "  final double y;",
            "}",
            "",
            "typedef _Release = ({String decision, double? velocity});",
            "",
            "class _Gesture {",
            "  const _Gesture(this.firstEvent, this.events, this.releases);",
            "  /// The trace's index of the gesture's first event.",
            "  final int firstEvent;",
            "  final List<_Event> events;",
            "  /// What gesture-lab decided for each release: 'finish' or 'cancel', velocity in logical px/s (null: not asserted).",
            "  final List<_Release> releases;",
            "}",
            "",
            "class _Trace {",
            "  const _Trace(this.name, this.width, this.height, this.density, this.gestures);",
            "  final String name;",
            "  final double width;",
            "  final double height;",
            "  final double density;",
            "  final List<_Gesture> gestures;",
            "}",
            "",
            "Future<void> _replay(WidgetTester tester, _Trace trace) async {",
            "  tester.view.physicalSize = Size(trace.width * trace.density, trace.height * trace.density);",
            "  tester.view.devicePixelRatio = trace.density;",
            "  addTearDown(tester.view.reset);",
            "  await tester.pumpWidget(gestureLabApp(trace.name));",
            "  await tester.pumpAndSettle();",
            "  for (var number = 1; number <= trace.gestures.length; number++) {",
            "    final gesture = trace.gestures[number - 1];",
            "    final fingers = <int, TestGesture>{};",
            "    var clock = Duration(microseconds: gesture.events.first.micros);",
            "    for (final event in gesture.events) {",
            "      final at = Duration(microseconds: event.micros);",
            "      if (at > clock) {",
            "        await tester.pump(at - clock);",
            "        clock = at;",
            "      }",
            "      final position = Offset(event.x, event.y);",
            "      switch (event.phase) {",
            "        case _Phase.down:",
            "          final finger = await tester.createGesture(pointer: event.finger, kind: PointerDeviceKind.touch);",
            "          await finger.down(position, timeStamp: at);",
            "          fingers[event.finger] = finger;",
            "        case _Phase.move:",
            "          await fingers[event.finger]!.moveTo(position, timeStamp: at);",
            "        case _Phase.up:",
            "          await fingers.remove(event.finger)!.up(timeStamp: at);",
            "        case _Phase.cancel:",
            "          await fingers.remove(event.finger)!.cancel(timeStamp: at);",
            "      }",
            "    }",
            "    await tester.pumpAndSettle();",
            "    _check('${trace.name}: gesture $number (trace event ${gesture.firstEvent})', await gestureLabReleases(tester, trace.name, number),",
            "        gesture.releases);",
            "  }",
            "}",
            "",
            "void _check(String where, List<_Release> got, List<_Release> lab) {",
            "  expect(got.map((r) => r.decision).toList(), lab.map((r) => r.decision).toList(),",
            "      reason: '$where: the decisions of the app (actual) and of gesture-lab (expected)');",
            "  for (var i = 0; i < got.length; i++) {",
            "    final velocity = got[i].velocity, labVelocity = lab[i].velocity;",
            "    if (velocity == null || labVelocity == null) continue;",
            "    final allowed = math.max(velocityToleranceAbsolute, velocityToleranceRelative * labVelocity.abs());",
            "    expect(velocity, closeTo(labVelocity, allowed), reason: '$where, release ${i + 1}: velocity in logical px/s');",
            "  }",
            "}",
        ]
        for (index, trace) in header.traces.enumerated() {
            lines.append("")
            lines += TestFileHeader.traceComment(trace, language: language, indent: "")
            lines += ["const _trace\(index + 1) = _Trace(",
                      "  \(language.stringLiteral(trace.name)),",
                      "  \(number(trace.window.width)), \(number(trace.window.height)), \(number(trace.density)),",
                      "  ["]
            var fingers: [Int: Int] = [:]
            var nextFinger = 1
            for (gestureIndex, gesture) in trace.gestures.enumerated() {
                lines.append(TestFileHeader.releaseComment(gesture, number: gestureIndex + 1, language: language, indent: "    "))
                lines.append("    _Gesture(\(gesture.firstEventIndex), [")
                for event in gesture.events {
                    if event.phase == .down {
                        fingers[event.pointerID] = nextFinger
                        nextFinger += 1
                    }
                    let finger = fingers[event.pointerID] ?? 0
                    lines.append("      _Event(\(Int((event.timestamp * 1_000_000).rounded())), \(finger), _\(event.phase.rawValue), \(number(event.position.x)), \(number(event.position.y))),")
                }
                let releases = gesture.releases.map { "(decision: '\($0.decision.rawValue)', velocity: \($0.velocity.map(number) ?? "null"))" }
                lines.append("    ], [\(releases.joined(separator: ", "))]),")
            }
            lines += ["  ],", ");"]
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
