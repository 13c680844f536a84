import Interaction

/// A platform `export-test` writes tests for, with the test framework it writes for.
package enum TestPlatform: String, CaseIterable, Sendable {
    /// A `testWidgets` test (flutter_test's `TestGesture`), in Dart.
    case flutter
    /// An instrumentation test injecting `MotionEvent`s through `UiAutomation`, in Kotlin.
    case android
    /// A Playwright test (Python) dispatching touches through the DevTools protocol.
    case web
    /// An XCUITest (XCTest's UI testing), in Swift.
    case uikit

    /// The language the test is written in.
    package var language: CodeLanguage {
        switch self {
        case .flutter: return .dart
        case .android: return .kotlin
        case .web: return .python
        case .uikit: return .swift
        }
    }

    /// How finely the app under test may see event times, beyond the rounding of the delivered
    /// ones (``TestDelivery/resolution(_:)``), in seconds: a page's `event.timeStamp` is
    /// Chromium's, coarsened to 100 µs (to 5 µs when the page is cross-origin isolated). The
    /// other platforms hand the app exactly the times delivered (Flutter's microseconds,
    /// Android's milliseconds); XCTest replays no sample's time at all.
    package var appClockResolution: Double { self == .web ? 0.000_1 : 0 }

    /// ``appClockResolution`` in words.
    package var appClockResolutionText: String { "\(DecimalFormat.string(appClockResolution * 1_000_000, decimals: 3)) µs" }

    /// How the lab's points become the platform's units, said in the test's header.
    package var units: String {
        switch self {
        case .flutter:
            return "positions in logical pixels (1 logical pixel = 1 point), on a test view of the trace's window at the trace's density (devicePixelRatio)."
        case .android:
            return "positions in dp (1 dp = 1 point) from the hook's origin, turned into the device's pixels with its displayMetrics.density when the test runs; velocities in dp per second."
        case .web:
            return "positions in CSS pixels (1 CSS px = 1 point) in a viewport of the trace's window at the trace's density (deviceScaleFactor); velocities in CSS px per second."
        case .uikit:
            return "positions in points from the top-left corner of the hook's element; velocities in points per second (XCTest documents a drag's velocity in pixels per second: it is passed as points per second times the screen's scale)."
        }
    }

    /// What the platform does with the recorded times, said in the test's header.
    package var timing: String {
        switch self {
        case .flutter:
            return "every event is dispatched with its recorded time (TestGesture's timeStamp, in microseconds) after the test's clock is pumped by the time since the event before, so VelocityTracker sees the recorded times exactly: the samples' timeStamps, and the time since the last sample (its stopped-pointer check reads the test's clock)."
        case .android:
            return "MotionEvent.obtain takes whole milliseconds: every event time is the recorded one rounded to the millisecond (at most 0.5 ms off), and each event is injected when its time comes (UiAutomation.injectInputEvent, waiting for it to be handled); the decisions asserted are the lab's for the rounded times."
        case .web:
            return "every touch is dispatched when its time comes with its recorded time as the event's timestamp (Input.dispatchTouchEvent); Chromium gives a page event.timeStamp to \(appClockResolutionText), or to 5 µs when the page is cross-origin isolated (served with COOP and COEP headers); a release whose velocity or decision turns on that resolution is said in its trace's notes (\"delivered: ...\")."
        case .uikit:
            return "XCTest cannot replay recorded samples: each one-finger gesture becomes one press, one straight drag at one constant speed and one hold, and each pinch one pinch(withScale:velocity:) about the element's centre. The path between the first and last positions, the speed changes along it, the times of single samples, a pinch's finger positions and its span velocity (XCTest picks the fingers' spread; a pinch's velocity is not asserted) are NOT reproduced; the press and hold durations, the first and last positions and the release speed are (each gesture's drag line gives them)."
        }
    }

    /// The hook the user writes, said in the test's header.
    package var hook: [String] {
        switch self {
        case .flutter:
            return ["Put your app in gesture_lab_app.dart beside this file (regenerating this file keeps it):",
                    "  Widget gestureLabApp(String trace) — the widget under test, on a test view of the trace's window;",
                    "  Future<List<({String decision, double? velocity})>> gestureLabReleases(WidgetTester tester, String trace, int gesture)",
                    "    — after each gesture (the app settled): what the app decided for each release in it, 'finish' or 'cancel',",
                    "    and the release velocity in logical pixels per second towards finishing (null: not asserted)."]
        case .android:
            return ["Put your app in GestureLabApp.kt in this package (regenerating this file keeps it):",
                    "  object GestureLabApp {",
                    "    fun launch(trace: String)  — start the activity under test (e.g. ActivityScenario.launch);",
                    "    fun originPx(): FloatArray  — the screen position, in pixels, of the trace's (0, 0) (e.g. your view's getLocationOnScreen);",
                    "    fun releases(trace: String, gesture: Int): List<GestureLabRelease>  — after each gesture: what the app decided",
                    "      for each release in it, \"finish\" or \"cancel\", and the release velocity in dp per second towards finishing (null: not asserted)",
                    "  }"]
        case .web:
            return ["Put your page in gesture_lab_app.py beside this file (regenerating this file keeps it):",
                    "  open(page, trace)  — load the page under test (e.g. page.goto(URL));",
                    "  releases(page, trace, gesture)  — after each gesture: [(decision, velocity), ...], one per release in it:",
                    "    'finish' or 'cancel', and the release velocity in CSS px per second towards finishing (None: not asserted);",
                    "  finished(page, trace)  — optional, called after a trace's last gesture (or the check that failed).",
                    "Run it with pytest; GESTURE_LAB_CHROMIUM names a Chromium to use instead of Playwright's own."]
        case .uikit:
            return ["Put your app in GestureLabApp.swift in this UI test target (regenerating this file keeps it):",
                    "  enum GestureLabApp {",
                    "    static func launch(trace: String) -> XCUIElement  — launch the app; the element whose top-left corner is the trace's (0, 0);",
                    "    static func releases(trace: String, gesture: Int) -> [GestureLabRelease]  — after each gesture: what the app",
                    "      decided for each release in it, \"finish\" or \"cancel\", and the release velocity in points per second towards finishing (nil: not asserted)",
                    "  }"]
        }
    }

    /// The file name a test of this platform is usually given.
    package var suggestedFileName: String {
        switch self {
        case .flutter: return "gesture_lab_test.dart"
        case .android: return "GestureLabReplayTest.kt"
        case .web: return "test_gesture_lab.py"
        case .uikit: return "GestureLabReplayTests.swift"
        }
    }
}
