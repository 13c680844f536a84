#!/usr/bin/env python3
"""The capture page in a real browser: headless Debian Chromium (Tests/EndToEnd/devtools_browser.py)
opens the page `gesture-lab capture-page` writes, and input is dispatched through the DevTools
protocol at known times and places: a one-finger swipe and a two-finger pinch
(Input.dispatchTouchEvent), then a mouse and a pen drag (Input.dispatchMouseEvent), each labelled
by tapping the page's own buttons. The traces the page saved are read back and must hold every
event at its exact position, within 2 ms of the time it was sent, with its label, and pass
`gesture-lab trace validate`; `gesture-lab check --against intent` must replay them as labelled. The page's rule must agree with the lab on
its whole check grid, and nothing may be loaded from outside, logged as an error or thrown.

Prints the sent-versus-saved timing of every event. Exit 0 when everything holds, 1 when
something does not, 77 when Chromium cannot start (the caller may skip).

Usage: capture-page-browser-test.py GESTURE_LAB [SCREENSHOT_FOLDER]   (default /tmp)
"""
import base64
import json
import pathlib
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from devtools_browser import Browser, BrowserUnavailable, PageDriver  # noqa: E402

VIEWPORT = (800, 600)
DENSITY = 2
TOLERANCE = 0.002  # seconds
STEP = 0.008       # seconds between sent moves: a 125 Hz digitizer


def swipe_schedule():
    """One finger from (150, 300) rightwards, 20 moves 8 ms apart, then a lift."""
    points = [(0, "touchStart", [(150, 300)])]
    for step in range(1, 21):
        points.append((step * STEP, "touchMove", [(150 + 12 * step, 300 - step)]))
    points.append((21 * STEP, "touchEnd", []))
    return points


def pinch_schedule():
    """Two fingers 300 points apart closing slowly to 240 in 16 steps 16 ms apart, then both
    lift: a small, slow pinch that the rule cancels."""
    points = [(0, "touchStart", [(250, 320), (550, 320)])]
    for step in range(1, 17):
        points.append((step * 2 * STEP, "touchMove", [(250 + 1.875 * step, 320 - 0.5 * step), (550 - 1.875 * step, 320 + 0.5 * step)]))
    points.append((17 * 2 * STEP, "touchEnd", []))
    return points


def drag_schedule(y):
    """A mouse or pen pressed at (200, y), 12 moves 8 ms apart to the right, then released."""
    points = [(0, "mousePressed", [(200, y)])]
    for step in range(1, 13):
        points.append((step * STEP, "mouseMoved", [(200 + 15 * step, y)]))
    points.append((13 * STEP, "mouseReleased", [(380, y)]))
    return points


def expected_events(schedule, first_id=1):
    """The trace events the schedule should give: (seconds, id, phase, x, y), ids from 1 by finger."""
    events = []
    last = []
    for seconds, kind, points in schedule:
        if kind in ("touchStart", "mousePressed"):
            events += [(seconds, index + first_id, "down", x, y) for index, (x, y) in enumerate(points)]
        elif kind in ("touchMove", "mouseMoved"):
            events += [(seconds, index + first_id, "move", x, y) for index, (x, y) in enumerate(points) if (x, y) != last[index]]
        else:
            events += [(seconds, index + first_id, "up", x, y) for index, (x, y) in enumerate(last)]
        last = points or last
    return in_frame_order(events)


def in_frame_order(events):
    """Events sharing a time (a frame) by pointer id: a browser sends a frame's pointers in any order."""
    return sorted(events, key=lambda event: (round(event[0], 4), event[1]))


class CapturePageTest(PageDriver):
    def __init__(self, browser, session):
        super().__init__(browser, session)
        self.last_sent = 0.0  # epoch seconds of the latest touch sent: times never go back

    def touch(self, kind, points, timestamp):
        super().touch(kind, points, timestamp)
        self.last_sent = max(self.last_sent, timestamp)

    def press(self, kind, points, timestamp, pointer_type):
        """A mouse or pen event; a pen presses with force 0.5."""
        x, y = points[0]
        params = {"type": kind, "x": x, "y": y, "button": "left", "buttons": 0 if kind == "mouseReleased" else 1,
                  "clickCount": 1, "pointerType": pointer_type, "timestamp": timestamp}
        if pointer_type == "pen":
            params["force"] = 0.5
        self.browser.send("Input.dispatchMouseEvent", params, session=self.session)
        self.last_sent = max(self.last_sent, timestamp)

    def perform(self, schedule, screenshot=None, screenshot_at=None, pointer_type=None):
        """Sends each touch of the schedule when its time comes, stamped with that time (never in
        the future: Chrome then takes the next tap for none); returns the epoch time of its start."""
        start = time.time() + 0.05
        for index, (seconds, kind, points) in enumerate(schedule):
            time.sleep(max(0.0, start + seconds - time.time()))
            if pointer_type:
                self.press(kind, points, start + seconds, pointer_type)
            else:
                self.touch(kind, points, start + seconds)
            if screenshot and index == screenshot_at:
                # The page must have handled the touch before the screenshot: taking one in
                # mobile emulation changes the scale of input still on its way.
                self.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
                self.screenshot(screenshot)
        return start

    def screenshot(self, path):
        shot = self.browser.send("Page.captureScreenshot", {"format": "png"}, session=self.session)
        pathlib.Path(path).write_bytes(base64.b64decode(shot["data"]))
        print(f"saved {path}")

    def compare(self, name, schedule, trace, first_id=1):
        """Prints sent against saved for every event; checks positions exact, times within 2 ms."""
        expected = expected_events(schedule, first_id)
        saved = [json.loads(line.rstrip(",")) for line in trace.strip().split("\n")[2:-1]]
        saved.sort(key=lambda event: (event["t"], event["id"]))
        print(f"\n{name}: sent versus saved ({len(expected)} sent, {len(saved)} saved)")
        print(f"{'#':>3} {'phase':<5} {'id':>2} {'x':>7} {'y':>7} {'sent ms':>9} {'saved ms':>9} {'|diff| ms':>9}")
        worst = 0.0
        for index in range(max(len(expected), len(saved))):
            sent = expected[index] if index < len(expected) else None
            got = saved[index] if index < len(saved) else None
            if sent is None or got is None:
                print(f"{index:>3} missing {'saved' if got is None else 'sent'} event: {sent or got}")
                self.problems.append(f"{name}: event {index} missing")
                continue
            difference = abs(got["t"] - sent[0])
            worst = max(worst, difference)
            print(f"{index:>3} {got['phase']:<5} {got['id']:>2} {got['x']:>7g} {got['y']:>7g} {sent[0] * 1000:>9.3f} "
                  f"{got['t'] * 1000:>9.3f} {difference * 1000:>9.3f}")
            if (got["id"], got["phase"], got["x"], got["y"]) != sent[1:] or difference > TOLERANCE:
                self.problems.append(f"{name}: event {index} saved {got} for sent {sent}")
        print(f"{name}: {len(saved)} events, worst |saved - sent| {worst * 1000:.3f} ms (limit {TOLERANCE * 1000:.0f} ms)")
        self.expect(f"{name}: every event saved at its place and time", [p for p in self.problems if p.startswith(name)], [])
        return saved


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    gesture_lab = str(pathlib.Path(sys.argv[1]).resolve())
    shots = pathlib.Path(sys.argv[2] if len(sys.argv) > 2 else "/tmp")
    work = pathlib.Path(tempfile.mkdtemp(prefix="capture-page-test-"))
    page = work / "capture.html"
    policy = "fling:velocity=300pt/s,position=0.4"
    canonical = policy + ",at-threshold=cancel"
    subprocess.run([gesture_lab, "capture-page", "--out", str(page), "--policy", policy], check=True, stdout=subprocess.DEVNULL)
    try:
        browser = Browser(window_size=VIEWPORT)
    except BrowserUnavailable as error:
        print(f"capture-page browser test SKIPPED: {error}")
        return 77
    try:
        session = browser.open_phone_page(page.as_uri(), VIEWPORT, DENSITY)
        test = CapturePageTest(browser, session)

        check = test.evaluate("window.gestureLabCapture.ruleCheck")
        test.expect("the page's rule agrees with the lab on its check grid", (check["agree"], check["total"]), (195, 195))

        swipe = swipe_schedule()
        test.perform(swipe, screenshot=shots / "capture-page-swipe.png", screenshot_at=15)
        test.expect("after the lift the page asks what was meant", test.evaluate("!document.getElementById('ask').hidden"), True)
        test.screenshot(shots / "capture-page-ask.png")
        test.tap("label-finish")
        test.wait_until("tapping Finish labels the swipe", "window.gestureLabCapture.traces().length === 1")
        test.tap("mode-pinch")
        test.wait_until("tapping Pinch switches the mode", "document.getElementById('mode-pinch').classList.contains('on')")
        pinch = pinch_schedule()
        test.perform(pinch, screenshot=shots / "capture-page-pinch.png", screenshot_at=12)
        test.tap("label-cancel")
        test.wait_until("tapping Cancel labels the pinch", "window.gestureLabCapture.traces().length === 2")
        test.tap("mode-swipe")
        test.wait_until("tapping Swipe switches the mode back", "document.getElementById('mode-swipe').classList.contains('on')")
        mouse, pen = drag_schedule(200), drag_schedule(400)
        test.perform(mouse, pointer_type="mouse")
        test.tap("label-finish")
        test.wait_until("tapping Finish labels the mouse drag", "window.gestureLabCapture.traces().length === 3")
        test.perform(pen, pointer_type="pen")
        test.tap("label-finish")
        test.wait_until("tapping Finish labels the pen drag", "window.gestureLabCapture.traces().length === 4")

        traces = test.evaluate("window.gestureLabCapture.traces()")
        test.expect("four traces saved", len(traces), 4)
        if len(traces) != 4:
            raise SystemExit(1)
        header = [json.loads(t["text"].split("\n")[1].rstrip(",")) for t in traces]
        test.expect("labels kept", [h["expect"]["intent"] for h in header], [["finish"], ["cancel"], ["finish"], ["finish"]])
        test.expect("controllers", [h["config"]["controllers"] for h in header], [["swipe"], ["pinch"], ["swipe"], ["swipe"]])
        test.expect("the rule in the header", {h["config"]["policy"] for h in header}, {canonical})
        test.expect("devices by kind", [[d["kind"] for d in h["devices"]] for h in header], [["touch"], ["touch"], ["mouse"], ["pen"]])
        test.expect("viewport in CSS px and devicePixelRatio", header[0]["window"], {"width": VIEWPORT[0], "height": VIEWPORT[1], "density": DENSITY})
        test.expect("format version", header[0]["version"], "1.4")

        swipe_events = test.compare("swipe", swipe, traces[0]["text"])
        pinch_events = test.compare("pinch", pinch, traces[1]["text"])
        test.expect("touch pressure (force 0.5) and contact size (2 × radiusX) kept while touching",
                    {(e.get("pressure"), e.get("size")) for e in swipe_events + pinch_events if e["phase"] != "up"}, {(0.5, 20)})
        mouse_events = test.compare("mouse", mouse, traces[2]["text"], first_id=0)
        pen_events = test.compare("pen", pen, traces[3]["text"])
        test.expect("a mouse has no pressure or size", {(e.get("pressure"), e.get("size")) for e in mouse_events}, {(None, None)})
        test.expect("a pen's pressure (force 0.5) while pressed", {e.get("pressure") for e in pen_events if e["phase"] != "up"}, {0.5})
        test.expect("the page's rule said", [h["history"][-1].split("said ")[1].split(" ")[0] for h in header], ["finish", "cancel", "finish", "finish"])
        predicted = sum(len(e.get("predicted", [])) for e in swipe_events + pinch_events)
        print(f"predicted samples saved apart: {predicted}")

        paths = []
        for trace in traces:
            path = work / trace["name"]
            path.write_text(trace["text"])
            paths.append(str(path))
        validate = subprocess.run([gesture_lab, "trace", "validate", *paths], capture_output=True, text=True)
        print(validate.stdout.strip())
        test.expect("gesture-lab trace validate", validate.returncode, 0)
        replay = subprocess.run([gesture_lab, "check", *paths, "--against", "intent"], capture_output=True, text=True)
        print(replay.stdout.strip())
        test.expect("the lab's replay decides as the person meant (check --against intent)", replay.returncode, 0)
        # The browser's own predictions, measured by the lab against what really came next.
        survey = subprocess.run([gesture_lab, "predict", *paths], capture_output=True, text=True)
        print(survey.stdout.strip())
        guesses = [line for line in survey.stdout.splitlines() if line.startswith("browser guesses")]
        measured = sum(int(word) for word in guesses[0].split()[2:]) if guesses else 0
        test.expect("predict measures the browser's predicted samples", (survey.returncode, measured > 0), (0, True))
        test.expect("nothing loaded, logged as an error or thrown", browser.problems(session, allowed_urls=(page.as_uri(),)), [])
    finally:
        browser.close()
    if test.problems:
        print(f"capture-page browser test FAIL: {len(test.problems)} problem(s)")
        return 1
    print("capture-page browser test PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
