#!/usr/bin/env python3
"""The capture page's study mode with three synthetic participants of known habits, in headless
Debian Chromium on a phone-sized page (390×844 CSS px at 3×, touch), driven through the DevTools
protocol (Tests/EndToEnd/devtools_browser.py):

- "flicker": everything fast; finishes are quick flicks, a change of mind a flick back;
- "slow": drags slowly and lets go while still moving, even to peek (so a fling rule finishes it);
- "hesitator": stops half-way, waits, goes on or reverses, and lets go after a pause.

Each agrees to the consent line, is given a random code and the next row of the plan's balanced
Latin square, does every task of studies/back-gesture.json as its habit makes it (touches
dispatched at known times and places), and confirms the task's intent by tapping the page's own
Finish or Cancel (the hesitator first discards one gesture and tries again). The saved traces are
checked: one per task and try, the participants, the tasks in the order of each participant's
row (the square computed here independently), consecutive rows, intents as the tasks ask, study
and device fields, the viewport; they must pass `trace validate`, `agree` must group them by
participant (3 groups), and `tune` must recover a rule that decides every gesture as constructed,
with a held-out figure over 3 folds. Prints the synthetic-participant table and tune's output.

Screenshots (PNG, 390×844) of the consent line, a task prompt, the confirm dialog and the end
go to SCREENSHOT_FOLDER/study-*.png; the traces to SCREENSHOT_FOLDER/study-traces/; `report` on
them to SCREENSHOT_FOLDER/study-report.html (its study section checked, and kept as
study-report.png).

With --serve URL (the page `play --serve --study PLAN` prints), one participant ("flicker") does
the whole study on the served page: its traces are sent to the window's record folder, which the
caller checks, and the page's own list is checked here.

Exit 0 when everything holds, 1 when something does not, 77 when Chromium cannot start.
Usage: study-browser-test.py GESTURE_LAB SCREENSHOT_FOLDER [--serve URL]
"""
import base64
import json
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from devtools_browser import Browser, BrowserUnavailable, PageDriver  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
PLAN = ROOT / "studies" / "back-gesture.json"
VIEWPORT = (390, 844)
DENSITY = 3
STEP = 0.008  # seconds between moves: a 125 Hz digitizer
X0, Y0 = 110, 520  # where a swipe starts, clear of the task's banner


def balanced_latin_square(count):
    """Williams' design, written here from its definition (not from the lab's code): the first
    row 0, 1, n-1, 2, n-2, ...; row r adds r to each; for odd n the rows reversed follow."""
    first, low, high = [0], 1, count - 1
    while len(first) < count:
        first.append(low)
        low += 1
        if len(first) < count:
            first.append(high)
            high -= 1
    rows = [[(task + shift) % count for task in first] for shift in range(count)]
    return rows if count % 2 == 0 or count == 1 else rows + [list(reversed(row)) for row in rows]


def path(*legs):
    """A one-finger path: legs of (seconds, dx) moving linearly 8 ms a step, or (seconds, None)
    holding still; returns [(t, x)] from the down to the last move."""
    points, t, x = [(0.0, 0.0)], 0.0, 0.0
    for seconds, dx in legs:
        steps = max(1, round(seconds / STEP))
        if dx is None:
            t += seconds
            continue
        for step in range(1, steps + 1):
            points.append((t + step * STEP, x + dx * step / steps))
        t += steps * STEP
        x += dx
    return points, t


# Each habit's swipe for each task: legs of (seconds, points to the right); the lift comes one
# step after the last move, or after the last hold. 200 points is progress 1. As constructed,
# every participant's gestures are told apart by one rule: a release moving at 200 pt/s or more
# goes the way it moves, a slower one finishes past half-way (fling:velocity=200pt/s,position=0.5);
# and each participant has a finish moving at about 330 pt/s short of half-way (which flutter's
# 1 screen/s cancels) and a peek let go still moving forwards at about 155 pt/s (which compose's
# 125 pt/s and the projection finish), so no preset tells them all apart.
SWIPES = {
    "flicker": {
        "go-back": [(0.21, 70)],                                  # p 0.35, ~333 pt/s
        "change-mind": [(0.08, 90), (0.06, -60)],                 # p 0.15, flung back at ~1000 pt/s
        "flick": [(0.05, 60)],                                    # p 0.3, ~1200 pt/s
        "slow-past-half": [(0.3, 130)],                           # p 0.65, ~430 pt/s
        "peek": [(0.2, 32)],                                      # p 0.16, ~160 pt/s at the lift
    },
    "slow": {
        "go-back": [(1.2, 150)],                                  # p 0.75, ~125 pt/s
        "change-mind": [(1.0, 120), (0.8, -50)],                  # p 0.35, ~−60 pt/s
        "flick": [(0.24, 80)],                                    # p 0.4, ~333 pt/s
        "slow-past-half": [(1.5, 120)],                           # p 0.6, ~80 pt/s
        "peek": [(0.32, 50)],                                     # p 0.25, ~156 pt/s at the lift
    },
    "hesitator": {
        "go-back": [(0.4, 80), (0.3, None), (0.35, 40)],          # p 0.6, ~114 pt/s
        "change-mind": [(0.5, 110), (0.25, None), (0.2, -30)],    # p 0.4, ~−150 pt/s
        "flick": [(0.2, 20), (0.2, None), (0.18, 60)],            # p 0.4, ~333 pt/s
        "slow-past-half": [(0.8, 110), (0.3, None)],              # p 0.55, still at the lift
        "peek": [(0.3, 30), (0.2, None), (0.13, 20)],             # p 0.25, ~154 pt/s at the lift
    },
}

# Each habit's pinch for each task: legs of (seconds, change of the fingers' distance apart).
PINCHES = {
    "flicker": {"pinch-close": [(0.1, -180)], "pinch-peek": [(0.08, -40), (0.08, 30)]},
    "slow": {"pinch-close": [(1.2, -200)], "pinch-peek": [(0.8, -60), (0.2, None)]},
    "hesitator": {"pinch-close": [(0.4, -80), (0.3, None), (0.3, -100)], "pinch-peek": [(0.4, -80), (0.3, None), (0.2, 40)]},
}

HABITS = {"flicker": "quick and short; flings back to cancel",
          "slow": "drags slowly and steadily, lets go while still moving",
          "hesitator": "stops half-way, waits, goes on or reverses"}


class StudyTest(PageDriver):
    def state(self):
        return self.evaluate("window.gestureLabStudy.state()")

    def perform(self, frames):
        """Sends (seconds, kind, points) frames, each when its time comes and stamped with it."""
        start = time.time() + 0.05
        for seconds, kind, points in frames:
            time.sleep(max(0.0, start + seconds - time.time()))
            self.touch(kind, points, start + seconds)

    def swipe(self, legs):
        points, end = path(*legs)
        frames = [(0.0, "touchStart", [(X0, Y0)])]
        frames += [(t, "touchMove", [(X0 + x, Y0)]) for t, x in points[1:]]
        frames.append((end + STEP, "touchEnd", []))
        self.perform(frames)

    def pinch(self, legs):
        points, end = path(*legs)
        centre, half = (195, 520), 110

        def fingers(change):
            spread = half + change / 2
            return [(centre[0] - spread, centre[1]), (centre[0] + spread, centre[1])]
        frames = [(0.0, "touchStart", fingers(0))]
        frames += [(t, "touchMove", fingers(change)) for t, change in points[1:]]
        frames.append((end + STEP, "touchEnd", []))
        self.perform(frames)

    def screenshot(self, target):
        """The page as the phone shows it, 390×844 (one image pixel per CSS pixel)."""
        self.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        shot = self.browser.send("Page.captureScreenshot", {"format": "png", "clip": {"x": 0, "y": 0, "width": VIEWPORT[0], "height": VIEWPORT[1],
                                                                                   "scale": 1 / DENSITY}}, session=self.session)
        pathlib.Path(target).write_bytes(base64.b64decode(shot["data"]))
        print(f"saved {target}")

    def run_participant(self, habit, shots=None, discard_first=False):
        """One synthetic participant's whole session; returns its code."""
        self.wait_until("the consent line is shown", "window.gestureLabStudy.state().screen === 'consent'")
        if shots:
            self.screenshot(shots / "study-consent.png")
        self.tap("study-i-agree")
        self.wait_until(f"{habit}: the first task is prompted", "window.gestureLabStudy.state().screen === 'task'")
        state = self.state()
        code, discarded = state["participant"], False
        while state["screen"] == "task":
            step = state["steps"][state["step"]]
            if shots and state["step"] == 0:
                self.screenshot(shots / "study-task.png")
            if step["gesture"] == "pinch":
                self.pinch(PINCHES[habit][step["task"]])
            else:
                self.swipe(SWIPES[habit][step["task"]])
            if not self.wait_until(f"{habit}: {step['task']} asks what was meant", "window.gestureLabCapture.asking() !== null"):
                break
            if shots and state["step"] == 0:
                self.screenshot(shots / "study-confirm.png")
            before = state["step"]
            if discard_first and not discarded:
                discarded = True
                self.tap("label-discard")
                self.wait_until(f"{habit}: Discard asks for the same try again",
                                f"window.gestureLabCapture.asking() === null && window.gestureLabStudy.state().step === {before}")
                state = self.state()
                continue
            self.tap(f"label-{step['intent']}")
            self.wait_until(f"{habit}: the label moves the session on",
                            f"window.gestureLabCapture.asking() === null && window.gestureLabStudy.state().step === {before + 1}")
            state = self.state()
        self.expect(f"{habit}: the session ends after every task", state["screen"], "end")
        if shots:
            self.screenshot(shots / "study-end.png")
        return code, state["row"]


def screenshot_report(report, target):
    """The report's study section as a desktop browser shows it."""
    with Browser(window_size=(900, 1400)) as browser:
        session = browser.open_page(report.resolve().as_uri())
        top = browser.evaluate("document.getElementById('study').getBoundingClientRect().top + scrollY", session)
        bottom = browser.evaluate("document.getElementById('traces').getBoundingClientRect().top + scrollY", session)
        shot = browser.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True,
                                                        "clip": {"x": 0, "y": top - 10, "width": 900, "height": bottom - top, "scale": 1}}, session=session)
        pathlib.Path(target).write_bytes(base64.b64decode(shot["data"]))
        print(f"saved {target}")


def headers_of(traces):
    return [json.loads(trace["text"].split("\n")[1].rstrip(",")) for trace in traces]


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    gesture_lab = str(pathlib.Path(sys.argv[1]).resolve())
    shots = pathlib.Path(sys.argv[2])
    serve = sys.argv[4] if len(sys.argv) > 4 and sys.argv[3] == "--serve" else None
    shots.mkdir(parents=True, exist_ok=True)
    plan = json.loads(PLAN.read_text())
    for task in plan["tasks"]:
        task.setdefault("trials", plan.get("trials", 1))
        task.setdefault("gesture", "swipe")
    tasks = {task["id"]: task for task in plan["tasks"]}
    order = [task["id"] for task in plan["tasks"]]
    square = balanced_latin_square(len(order))
    work = pathlib.Path(tempfile.mkdtemp(prefix="study-test-"))
    if serve:
        url = serve + "#robot=study-browser-test"
        habits = ["flicker"]
    else:
        page = work / "study.html"
        subprocess.run([gesture_lab, "capture-page", "--out", str(page), "--study", str(PLAN)], check=True, stdout=subprocess.DEVNULL)
        url = page.as_uri() + "#robot=study-browser-test"
        habits = ["flicker", "slow", "hesitator"]
    try:
        browser = Browser(window_size=VIEWPORT)
    except BrowserUnavailable as error:
        print(f"study browser test SKIPPED: {error}")
        return 77
    try:
        session = browser.open_phone_page(url, VIEWPORT, DENSITY)
        test = StudyTest(browser, session)
        test.expect("the page's rule agrees with the lab on its check grid", test.evaluate("window.gestureLabCapture.ruleCheck.agree"), 195)
        participants = []
        for index, habit in enumerate(habits):
            if index > 0:
                test.tap("study-next-participant")
            code, row = test.run_participant(habit, shots=shots if index == 0 and not serve else None, discard_first=habit == "hesitator")
            participants.append((habit, code, row))
        if serve:
            test.wait_until("every trace was sent to the lab", f"window.gestureLabStudy.state().sent === {sum(t['trials'] for t in plan['tasks'])}")
        traces = test.evaluate("window.gestureLabCapture.traces()")
        allowed = (page.as_uri(),) if not serve else ()
        problems = [p for p in browser.problems(session, allowed_urls=allowed) if not (serve and p.startswith("network request: " + serve.split("?")[0].rsplit("/", 1)[0]))]
        test.expect("nothing loaded from elsewhere, logged as an error or thrown", problems, [])
    finally:
        browser.close()

    steps = sum(task["trials"] for task in plan["tasks"])
    test.expect("one trace per task and try, per participant", len(traces), steps * len(habits))
    headers = headers_of(traces)
    studies = [header.get("study", {}) for header in headers]
    codes = [code for _, code, _ in participants]
    test.expect("participant codes: six characters drawn at random, all different",
                (all(re.fullmatch(r"[A-HJ-NP-Z2-9]{6}", code) for code in codes), len(set(codes))), (True, len(habits)))
    rows = [row for _, _, row in participants]
    test.expect("each next participant gets the next row of the square", rows, [(rows[0] + i) % len(square) for i in range(len(habits))])
    for habit, code, row in participants:
        mine = [s for s in studies if s.get("participant") == code]
        expected = [(order[index], trial) for index in square[row] for trial in range(1, tasks[order[index]]["trials"] + 1)]
        test.expect(f"{habit} ({code}): tasks in the order of row {row}, each try numbered",
                    [(s.get("task"), s.get("trial")) for s in sorted(mine, key=lambda s: s.get("step", 0))], expected)
        test.expect(f"{habit}: steps 1…{steps} of {steps}, row {row}", ([s.get("step") for s in mine], {s.get("steps") for s in mine}, {s.get("row") for s in mine}),
                    (list(range(1, steps + 1)), {steps}, {row}))
    test.expect("every intent is what its task asks, and the task's intent is written",
                [(h["expect"]["intent"], h["study"]["task_intent"]) for h in headers], [([tasks[s["task"]]["intent"]], tasks[s["task"]]["intent"]) for s in studies])
    test.expect("the plan's id", {s.get("plan") for s in studies}, {plan["study"]})
    test.expect("the viewport (the header's window) in CSS px at the devicePixelRatio", {json.dumps(h["window"], sort_keys=True) for h in headers},
                {json.dumps({"width": VIEWPORT[0], "height": VIEWPORT[1], "density": DENSITY}, sort_keys=True)})
    test.expect("the device: screen, touch points, a coarse pointer, the browser",
                {(tuple(s["device"]["screen"]), s["device"]["touch_points"], s["device"]["pointer"], "Chrome" in s["device"]["user_agent"]) for s in studies},
                {(VIEWPORT, 5, "coarse", True)})
    test.expect("made by a program, and said so", {json.dumps(h.get("provenance"), sort_keys=True) for h in headers},
                {json.dumps({"kind": "robot", "sender": "study-browser-test", "input": "capture page"}, sort_keys=True)})
    test.expect("the gesture each task asks for", [h["config"]["controllers"] for h in headers], [[tasks[s["task"]]["gesture"]] for s in studies])

    folder = shots / ("study-serve-traces" if serve else "study-traces")
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for trace in traces:
        (folder / trace["name"]).write_text(trace["text"])
    validate = subprocess.run([gesture_lab, "trace", "validate", str(folder)], capture_output=True, text=True)
    test.expect("gesture-lab trace validate", validate.returncode, 0)
    if serve:
        shutil.rmtree(work, ignore_errors=True)
        print(f"study browser test (served) {'PASS' if not test.problems else 'FAIL'}: {len(traces)} traces of {codes[0]}")
        return 1 if test.problems else 0

    agree = subprocess.run([gesture_lab, "agree", str(folder), "--json"], capture_output=True, text=True)
    grouping = json.loads(agree.stdout) if agree.returncode == 0 else {}
    test.expect("agree groups the releases by participant", (grouping.get("groups"), grouping.get("grouped")), (3, "3 groups by participant"))
    tune = subprocess.run([gesture_lab, "tune", str(folder), "--json"], capture_output=True, text=True)
    tuned = json.loads(tune.stdout) if tune.returncode == 0 else {}
    test.expect("tune holds out one participant at a time (3 folds)", tuned.get("folds"), 3)
    fitted = tuned.get("fitted_matrix", {})
    test.expect("tune's rule decides every gesture as constructed", (fitted.get("finish_cancel"), fitted.get("cancel_finish")), (0, 0))
    presets = tuned.get("presets", {})
    test.expect("no preset decides every gesture as constructed", [name for name, m in presets.items() if m["agreement"] == 1], [])

    # The synthetic-participant table, from the lab's own replay of each trace.
    check = {}
    for name in list(presets) + [tuned.get("spec", "")]:
        result = subprocess.run([gesture_lab, "check", str(folder), "--against", "intent", "--policy", name, "--json"], capture_output=True, text=True)
        check[name] = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    print("\nsynthetic participants (agreement with the confirmed intent, from the lab's replay):")
    names = list(presets) + ["tuned: " + tuned.get("spec", "")]
    print("| participant | habit | trials | intents (finish/cancel) | " + " | ".join(f"`{n}`" for n in names) + " |")
    print("|---|---|---:|---|" + "---:|" * len(names))
    for habit, code, _ in participants:
        files = {trace["name"] for trace in traces if f"\"participant\":\"{code}\"" in trace["text"]}
        intents = [h["expect"]["intent"][0] for h in headers if h["study"]["participant"] == code]
        cells = []
        for name in list(presets) + [tuned.get("spec", "")]:
            mine = [r for r in check[name] if pathlib.Path(r.get("trace", "")).name in files]
            agreeing = sum(1 for r in mine if r.get("passed"))
            cells.append(f"{agreeing}/{len(mine)}")
        print(f"| {code} | {habit}: {HABITS[habit]} | {len(intents)} | {intents.count('finish')}/{intents.count('cancel')} | " + " | ".join(cells) + " |")
    print()
    # The study report: per participant and task, the tasks each rule gets wrong, the spreads.
    report = shots / "study-report.html"
    made = subprocess.run([gesture_lab, "report", str(folder), "--out", str(report), "--force"], capture_output=True, text=True)
    html = report.read_text() if made.returncode == 0 else ""
    test.expect("report has the study section with the recommended rule",
                [marker in html for marker in ('<h2 id="study">Study: 3 participants, 7 tasks</h2>', 'id="by-participant"', 'id="by-task"',
                                               'id="wrong-tasks"', "<title>release velocity per participant</title>", tuned.get("spec", "?"))],
                [True] * 6)
    if html:
        screenshot_report(report, shots / "study-report.png")
    text = subprocess.run([gesture_lab, "tune", str(folder)], capture_output=True, text=True)
    print(f"\n$ gesture-lab tune {folder}\n{text.stdout}")
    shutil.rmtree(work, ignore_errors=True)
    if test.problems:
        print(f"study browser test FAIL: {len(test.problems)} problem(s)")
        return 1
    print(f"study browser test PASS: {len(traces)} traces of {len(habits)} participants")
    return 0


if __name__ == "__main__":
    sys.exit(main())
