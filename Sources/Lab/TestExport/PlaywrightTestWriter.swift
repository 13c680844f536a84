import Engine
import Interaction

/// Writes the web test: a Playwright test in Python (pytest) that dispatches each gesture's
/// touches through the DevTools protocol (`Input.dispatchTouchEvent`) when their recorded times
/// come, stamped with those times, in a viewport of the trace's window and density, and asserts
/// what the page decided against what the lab decided.
struct PlaywrightTestWriter {
    var header: TestFileHeader

    /// One `Input.dispatchTouchEvent`: its time in microseconds from the trace's first event,
    /// its type, and every touch in contact after it.
    struct Dispatch {
        var micros: Int
        var type: String
        var touches: [(id: Int, x: Double, y: Double, radius: Double?, force: Double?)]
    }

    /// A gesture's events as touch dispatches: events of one time and one phase go in one
    /// dispatch (a touchstart of two fingers, a touchmove of every finger that moved), each
    /// finger numbered from 0 (the smallest number free) while in contact.
    static func dispatches(_ events: [PointerEvent]) -> [Dispatch] {
        var touches: [Int: (id: Int, x: Double, y: Double, radius: Double?, force: Double?)] = [:]
        var result: [Dispatch] = []
        var index = 0
        while index < events.count {
            let time = events[index].timestamp, phase = events[index].phase
            let micros = Int((time * 1_000_000).rounded())
            var lifted: [(id: Int, x: Double, y: Double, radius: Double?, force: Double?)] = []
            while index < events.count && events[index].timestamp == time && events[index].phase == phase {
                let event = events[index]
                switch event.phase {
                case .down:
                    let used = Set(touches.values.map(\.id))
                    let id = (0...).first { !used.contains($0) } ?? 0
                    touches[event.pointerID] = (id, event.position.x, event.position.y, event.contactSize.map { $0 / 2 }, event.pressure)
                case .move:
                    if var touch = touches[event.pointerID] {
                        touch.x = event.position.x
                        touch.y = event.position.y
                        if let size = event.contactSize { touch.radius = size / 2 }
                        if let pressure = event.pressure { touch.force = pressure }
                        touches[event.pointerID] = touch
                    }
                case .up, .cancel:
                    if var touch = touches.removeValue(forKey: event.pointerID) {
                        touch.x = event.position.x
                        touch.y = event.position.y
                        lifted.append(touch)
                    }
                }
                index += 1
            }
            // touchStart and touchMove list every touch in contact: the protocol compares them
            // with the dispatch before (a new touch is pressed, a changed one moved). touchEnd
            // lifts the touches it lists (Chromium; none listed: every touch, as when the last
            // finger lifts), so a finger lifted while others stay is a touchEnd of that finger.
            // touchCancel cancels every touch.
            let inContact = touches.values.sorted { $0.id < $1.id }
            switch phase {
            case .down: result.append(Dispatch(micros: micros, type: "touchStart", touches: inContact))
            case .move: result.append(Dispatch(micros: micros, type: "touchMove", touches: inContact))
            case .up: result.append(Dispatch(micros: micros, type: "touchEnd", touches: touches.isEmpty ? [] : lifted.sorted { $0.id < $1.id }))
            case .cancel: result.append(Dispatch(micros: micros, type: "touchCancel", touches: []))
            }
        }
        return result
    }

    var text: String {
        let language = CodeLanguage.python
        let number = { (value: Double) in language.number(value) }
        var lines = header.lines
        lines += [
            "",
            "import os",
            "import time",
            "from typing import NamedTuple",
            "",
            "import pytest",
            "from playwright.sync_api import sync_playwright",
            "",
            "import gesture_lab_app as app",
            "",
            "VELOCITY_TOLERANCE_ABSOLUTE = \(number(header.tolerance.absolute))  # CSS px per second",
            "VELOCITY_TOLERANCE_RELATIVE = \(number(header.tolerance.relative))",
            "LEAD_SECONDS = 0.05  # between deciding a gesture's start time and its first touch",
            "",
            "",
            "class Gesture(NamedTuple):",
            "    first_event: int  # the trace's index of the gesture's first event",
            "    # (microseconds from the trace's first event, Input.dispatchTouchEvent type,",
            "    #  touches: (id, x, y) in CSS px, then radius in CSS px and force when recorded; touchStart and touchMove",
            "    #  list every touch in contact after them, touchEnd the touches it lifts (none: every touch))",
            "    touches: list",
            "    # what gesture-lab decided for each release: (\"finish\" or \"cancel\", velocity in CSS px/s or None)",
            "    releases: list",
            "",
            "",
            "class Trace(NamedTuple):",
            "    name: str",
            "    window: tuple  # CSS px",
            "    density: float  # devicePixelRatio",
            "    gestures: list",
            "",
            "",
            "TRACES = [",
        ]
        for trace in header.traces {
            lines += TestFileHeader.traceComment(trace, language: language, indent: "    ")
            lines += ["    Trace(",
                      "        name=\(language.stringLiteral(trace.name)),",
                      "        window=(\(Int(trace.window.width.rounded())), \(Int(trace.window.height.rounded()))),",
                      "        density=\(number(trace.density)),",
                      "        gestures=["]
            for (index, gesture) in trace.gestures.enumerated() {
                lines.append(TestFileHeader.releaseComment(gesture, number: index + 1, language: language, indent: "            "))
                lines += ["            Gesture(", "                first_event=\(gesture.firstEventIndex),", "                touches=["]
                for dispatch in Self.dispatches(gesture.events) {
                    let touches = dispatch.touches.map { touch in
                        var fields = [String(touch.id), number(touch.x), number(touch.y)]
                        if touch.radius != nil || touch.force != nil {
                            fields += [touch.radius.map(number) ?? "None", touch.force.map(number) ?? "None"]
                        }
                        return "(" + fields.joined(separator: ", ") + ")"
                    }
                    lines.append("                    (\(dispatch.micros), \"\(dispatch.type)\", [\(touches.joined(separator: ", "))]),")
                }
                let releases = gesture.releases.map { "(\"\($0.decision.rawValue)\", \($0.velocity.map(number) ?? "None"))" }
                lines += ["                ],", "                releases=[\(releases.joined(separator: ", "))],", "            ),"]
            }
            lines += ["        ],", "    ),"]
        }
        lines += [
            "]",
            "",
            "",
            "@pytest.fixture(scope=\"module\")",
            "def browser():",
            "    with sync_playwright() as playwright:",
            "        chromium = playwright.chromium.launch(executable_path=os.environ.get(\"GESTURE_LAB_CHROMIUM\") or None)",
            "        yield chromium",
            "        chromium.close()",
            "",
            "",
            "def touch_point(touch):",
            "    point = {\"id\": touch[0], \"x\": touch[1], \"y\": touch[2]}",
            "    if len(touch) > 3 and touch[3] is not None:",
            "        point[\"radiusX\"] = point[\"radiusY\"] = touch[3]",
            "    if len(touch) > 4 and touch[4] is not None:",
            "        point[\"force\"] = touch[4]",
            "    return point",
            "",
            "",
            "def play(cdp, touches):",
            "    \"\"\"Dispatches each touch when its time comes, stamped with its recorded time (seconds since the epoch).\"\"\"",
            "    start = time.time() + LEAD_SECONDS - touches[0][0] / 1e6",
            "    for micros, kind, points in touches:",
            "        at = start + micros / 1e6",
            "        delay = at - time.time()",
            "        if delay > 0:",
            "            time.sleep(delay)",
            "        cdp.send(\"Input.dispatchTouchEvent\", {\"type\": kind, \"timestamp\": at, \"touchPoints\": [touch_point(p) for p in points]})",
            "",
            "",
            "def check(where, got, expected):",
            "    decisions = [decision for decision, _ in got]",
            "    lab = [decision for decision, _ in expected]",
            "    assert decisions == lab, f\"{where}: the page decided {decisions}, gesture-lab {lab}\"",
            "    for number, ((_, velocity), (_, lab_velocity)) in enumerate(zip(got, expected), 1):",
            "        if velocity is None or lab_velocity is None:",
            "            continue",
            "        allowed = max(VELOCITY_TOLERANCE_ABSOLUTE, VELOCITY_TOLERANCE_RELATIVE * abs(lab_velocity))",
            "        assert abs(velocity - lab_velocity) <= allowed, (",
            "            f\"{where}, release {number}: velocity {velocity:.1f} CSS px/s, gesture-lab {lab_velocity:.1f} (allowed ±{allowed:.1f})\")",
            "",
            "",
            "@pytest.mark.parametrize(\"trace\", TRACES, ids=[trace.name for trace in TRACES])",
            "def test_recorded_gesture_decides_as_gesture_lab(browser, trace):",
            "    context = browser.new_context(viewport={\"width\": trace.window[0], \"height\": trace.window[1]},",
            "                                  device_scale_factor=trace.density, has_touch=True, is_mobile=True)",
            "    try:",
            "        page = context.new_page()",
            "        app.open(page, trace.name)",
            "        cdp = context.new_cdp_session(page)",
            "        try:",
            "            for number, gesture in enumerate(trace.gestures, 1):",
            "                play(cdp, gesture.touches)",
            "                check(f\"{trace.name}: gesture {number}\", list(app.releases(page, trace.name, number)), gesture.releases)",
            "        finally:",
            "            # What the app recorded is kept when a check fails too, to look into the failure.",
            "            if hasattr(app, \"finished\"):",
            "                app.finished(page, trace.name)",
            "    finally:",
            "        context.close()",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
