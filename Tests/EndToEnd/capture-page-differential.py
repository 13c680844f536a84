#!/usr/bin/env python3
"""One measurement: the capture page's progress, velocity and decision against the lab's replay.

Every corpus trace the page could have recorded (header controllers `swipe` or `pinch`, the
page's two modes) under every preset and two custom rules, two ways:

- node: the page's own measurement (Sources/CapturePage/Page/measure.js, with the CONFIG and
  rule `gesture-lab capture-page --policy P` writes) fed the trace's events in Node, against
  `gesture-lab replay --headless --policy P` of the same trace;
- browser: the trace's events dispatched into the capture page in headless Chromium through the
  DevTools protocol (Input.dispatchTouchEvent, each stamped with the trace's own time offset), each
  gesture labelled, and the releases the page measured and showed against `replay --headless` of
  the very trace it saved.

The lab's side is `check --json`, whose records are `replay --headless`'s report, replaying many
traces in one process.

A release agrees when its decision is the same and progress and velocity are equal to 1e-6
relative (or within the report's last decimal: 5e-10 for progress, 5e-7 pt/s for velocity). A
release of the lab's that grabbed a completing transition is not the page's to measure (it takes
each transition at rest) and is counted apart. Prints the table (traces × policies, worst
differences) and exits 0 when everything agrees, 1 when something does not, 77 when Node or
Chromium is missing (the caller may skip).

Usage: capture-page-differential.py GESTURE_LAB [node|browser|both] [--table FILE]
"""
import json
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
MEASURE_JS = ROOT / "Sources/CapturePage/Page/measure.js"
CORPUS = ROOT / "recordings"
POLICIES = ["vctransitions", "mdtransitioning", "swiftui-navigation", "flutter", "compose", "projected",
            "fling:velocity=300pt/s,position=0.4", "projection:deceleration=0.99,threshold=0.4,back-velocity=100"]
RELATIVE = 1e-6
LAST_DECIMAL = {"progress": 5e-10, "velocity": 5e-7}
VIEWPORT = (800, 600)
AREA_BOTTOM = 540  # the page's buttons take the bottom 56 CSS px


def corpus_traces():
    """(path, mode, header, events) of every corpus trace recorded with the swipe or the pinch alone."""
    found = []
    for path in sorted(CORPUS.rglob("*.json")):
        try:
            document = json.loads(path.read_text())
        except (OSError, ValueError):
            continue
        if not isinstance(document, list) or not document or not isinstance(document[0], dict):
            continue
        controllers = document[0].get("config", {}).get("controllers")
        if controllers in (["swipe"], ["pinch"]):
            found.append((path, controllers[0], document[0], document[1:]))
    return found


def page_script(gesture_lab, policy, work):
    """The CONFIG and the rule the capture page for `policy` carries, read from the page itself."""
    page = work / "page.html"
    subprocess.run([gesture_lab, "capture-page", "--policy", policy, "--out", str(page), "--force"], check=True,
                   stdout=subprocess.DEVNULL)
    html = page.read_text()
    start = html.index("const CONFIG = ") + len("const CONFIG = ")
    end = html.index(";\n", start)
    config = json.loads(html[start:end])
    rule = html[end + 2:html.index("\nconst area", end)]
    return page, config, rule


def replays(gesture_lab, trace_paths, policy=None):
    """Every trace's transitions as `replay --headless` reports them, by path: `check --json`
    replays them all in one process, its records the replay report's (what it is told to expect,
    and so whether it passes, does not matter here)."""
    command = [gesture_lab, "check", *map(str, trace_paths), "--json", "--expect", "finished"] + (["--policy", policy] if policy else [])
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode not in (0, 1):
        raise SystemExit(f"check failed: {result.stderr.strip()}")
    found = {}
    for line in result.stdout.splitlines():
        record = json.loads(line)
        if "trace" in record and "transitions" in record:
            found[record["trace"]] = record["transitions"]
    missing = [str(path) for path in trace_paths if str(path) not in found]
    if missing:
        raise SystemExit(f"check reported no transitions for {missing[:3]}: {result.stderr.strip()}")
    return found


class Tally:
    """Agreement and worst differences, per trace × policy and overall."""

    def __init__(self, way):
        self.way = way
        self.rows = {}
        self.problems = []

    def compare(self, trace, policy, page_releases, lab_records):
        row = self.rows.setdefault((trace, policy), {"releases": 0, "agree": 0, "grabs": 0, "progress": 0.0, "velocity": 0.0})
        # A record that grabbed its transition g times stands for g + 1 of the page's releases,
        # and holds the numbers of the last, made from a progress the page does not animate.
        expected = sum(lab["grabs"] + 1 for lab in lab_records)
        if len(page_releases) != expected:
            self.problems.append(f"{self.way}: {trace} under {policy}: page measured {len(page_releases)} releases, the lab {expected}")
            return
        mine, comparable, position = [], [], 0
        for lab in lab_records:
            taken = page_releases[position:position + lab["grabs"] + 1]
            position += len(taken)
            if lab["grabs"]:
                row["grabs"] += len(taken)
                if not all(release["followsRelease"] for release in taken[1:]):
                    self.problems.append(f"{self.way}: {trace} under {policy}: the lab grabbed, the page did not mark the release")
                continue
            mine.append(taken[0])
            comparable.append(lab)
        for index, (page, lab) in enumerate(zip(mine, comparable)):
            row["releases"] += 1
            differences = {}
            ok = page["decision"] == lab["decision"]
            for quantity, key in (("progress", "progress_at_release"), ("velocity", "velocity_at_release")):
                difference = abs(page[quantity] - lab[key])
                scale = max(abs(page[quantity]), abs(lab[key]))
                relative = difference / scale if scale > 0 else 0.0
                row[quantity] = max(row[quantity], relative)
                differences[quantity] = (page[quantity], lab[key], relative)
                if difference > LAST_DECIMAL[quantity] and relative > RELATIVE:
                    ok = False
            if ok:
                row["agree"] += 1
            else:
                self.problems.append(f"{self.way}: {trace} under {policy}, release {index + 1}: page {page['decision']} "
                                     f"progress {differences['progress'][0]!r} velocity {differences['velocity'][0]!r}; lab {lab['decision']} "
                                     f"progress {differences['progress'][1]!r} velocity {differences['velocity'][1]!r}")

    def table(self):
        traces = sorted({trace for trace, _ in self.rows})
        lines = [f"{self.way}: {len(traces)} {'traces' if self.way == 'node' else 'traces the page saved'} × {len(POLICIES)} policies"]
        lines.append(f"{'policy':<62} {'traces':>6} {'releases':>8} {'agree':>6} {'grabbed':>7} {'max rel progress':>16} {'max rel velocity':>16}")
        for policy in POLICIES:
            rows = [row for (trace, p), row in self.rows.items() if p == policy]
            lines.append(f"{policy:<62} {len(rows):>6} {sum(r['releases'] for r in rows):>8} {sum(r['agree'] for r in rows):>6} "
                         f"{sum(r['grabs'] for r in rows):>7} {max((r['progress'] for r in rows), default=0):>16.3g} "
                         f"{max((r['velocity'] for r in rows), default=0):>16.3g}")
        rows = list(self.rows.values())
        lines.append(f"{'all':<62} {len(traces):>6} {sum(r['releases'] for r in rows):>8} {sum(r['agree'] for r in rows):>6} "
                     f"{sum(r['grabs'] for r in rows):>7} {max((r['progress'] for r in rows), default=0):>16.3g} "
                     f"{max((r['velocity'] for r in rows), default=0):>16.3g}")
        return "\n".join(lines)


def node_way(gesture_lab, traces, work):
    node = shutil.which("node") or shutil.which("nodejs")
    if not node:
        return None
    tally = Tally("node")
    for policy in POLICIES:
        _, config, rule = page_script(gesture_lab, policy, work)
        request = {"page": config, "rule": rule, "traces": [
            {"name": str(path.relative_to(CORPUS)), "kind": mode, "config": header["config"], "window": header["window"],
             "events": [{k: e[k] for k in ("t", "id", "phase", "x", "y")} for e in events]}
            for path, mode, header, events in traces]}
        result = subprocess.run([node, str(ROOT / "Tests/EndToEnd/measure-traces.js"), str(MEASURE_JS)], input=json.dumps(request),
                                capture_output=True, text=True)
        if result.returncode != 0:
            raise SystemExit(f"node failed under {policy}: {result.stderr.strip()}")
        measured = {line["name"]: line["releases"] for line in map(json.loads, result.stdout.splitlines())}
        replayed = replays(gesture_lab, [path for path, _, _, _ in traces], policy)
        for path, _, _, _ in traces:
            name = str(path.relative_to(CORPUS))
            tally.compare(name, policy, measured[name], replayed[str(path)])
    return tally


def touch_schedule(events):
    """The trace's events as DevTools touch dispatches: (seconds, type, points), every point
    still down in each (Chromium sends pointer events for the points that changed), ids as
    the trace's pointers in order of first appearance; shifted, if need be, into the page's area."""
    xs, ys = [e["x"] for e in events], [e["y"] for e in events]
    dx = -min(xs) + 1 if min(xs) < 0 else (VIEWPORT[0] - 1 - max(xs) if max(xs) >= VIEWPORT[0] else 0)
    dy = -min(ys) + 1 if min(ys) < 0 else (AREA_BOTTOM - 1 - max(ys) if max(ys) >= AREA_BOTTOM else 0)
    touch_ids, down, schedule = {}, {}, []
    for event in events:
        pointer = touch_ids.setdefault(event["id"], len(touch_ids))
        point = (event["x"] + dx, event["y"] + dy)
        if event["phase"] == "down":
            down[pointer] = point
            kind = "touchStart"
        elif event["phase"] == "move":
            if pointer not in down:
                continue
            down[pointer] = point
            kind = "touchMove"
        elif event["phase"] == "up":
            if pointer not in down:
                continue
            del down[pointer]
            kind = "touchEnd"
        else:
            if pointer not in down:
                continue
            down.clear()
            kind = "touchCancel"
        schedule.append((event["t"], kind, sorted(down.items())))
    return schedule, (dx, dy)


def gestures(schedule):
    """The schedule cut after each dispatch that leaves no touch down: the page's gestures, each
    labelled before the next begins."""
    gesture = []
    for dispatch in schedule:
        gesture.append(dispatch)
        if not dispatch[2]:
            yield gesture
            gesture = []
    if gesture:
        yield gesture


def browser_way(gesture_lab, traces, work):
    from devtools_browser import Browser, BrowserUnavailable
    try:
        browser = Browser(window_size=VIEWPORT)
    except BrowserUnavailable as error:
        print(f"browser way SKIPPED: {error}")
        return None
    tally = Tally("browser")
    shifted = {}
    try:
        for policy in POLICIES:
            saved_folder = work / f"saved-{POLICIES.index(policy)}"
            saved_folder.mkdir()
            page, _, _ = page_script(gesture_lab, policy, work)
            session = browser.open_page("about:blank")
            browser.send("Emulation.setDeviceMetricsOverride",
                         {"width": VIEWPORT[0], "height": VIEWPORT[1], "deviceScaleFactor": 1, "mobile": True}, session=session)
            browser.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 10}, session=session)
            browser.send("Page.navigate", {"url": page.as_uri()}, session=session)
            browser.wait_for("Page.loadEventFired", session)
            evaluate = lambda expression: browser.evaluate(expression, session)  # noqa: E731
            # Each gesture's touches are sent at once, stamped with the trace's own offsets from
            # a start after the last trace's end: the page sees the trace's times without the
            # harness waiting them out, and a page's times never go back.
            last_end = 0.0
            pending = []
            for path, mode, _, events in traces:
                name = str(path.relative_to(CORPUS))
                evaluate(f"window.gestureLabCapture.setMode({json.dumps(mode)})")
                before = evaluate("window.gestureLabCapture.traces().length")
                schedule, shift = touch_schedule(events)
                if shift != (0, 0):
                    shifted[name] = shift
                origin = max(time.time(), last_end + 0.1) - events[0]["t"]
                for gesture in gestures(schedule):
                    browser.send_all([("Input.dispatchTouchEvent", {
                        "type": kind, "timestamp": origin + seconds,
                        "touchPoints": [{"x": x, "y": y, "radiusX": 10, "radiusY": 6, "force": 0.5, "id": pointer} for pointer, (x, y) in points]})
                        for seconds, kind, points in gesture], session=session)
                    if evaluate("window.gestureLabCapture.asking() !== null"):
                        evaluate("window.gestureLabCapture.label('finish')")
                last_end = origin + events[-1]["t"]
                saved = evaluate("window.gestureLabCapture.traces()")[before:]
                for index, entry in enumerate(saved):
                    trace_path = saved_folder / f"{len(pending)}.json"
                    trace_path.write_text(entry["text"])
                    pending.append((f"{name}#{index + 1}", entry["releases"], trace_path))
            # The traces the page saved, each replayed under its own header (the page's policy).
            replayed = replays(gesture_lab, [trace_path for _, _, trace_path in pending])
            for label, releases, trace_path in pending:
                tally.compare(label, policy, releases, replayed[str(trace_path)])
            problems = browser.problems(session, allowed_urls=(page.as_uri(),))
            if problems:
                tally.problems.append(f"browser: under {policy} the page logged or threw: {problems}")
    finally:
        browser.close()
    for name, (dx, dy) in sorted(shifted.items()):
        print(f"browser: {name} shifted by ({dx:g}, {dy:g}) CSS px into the page's area")
    return tally


def main():
    arguments = sys.argv[1:]
    if not arguments or arguments[0].startswith("-"):
        sys.exit(__doc__)
    gesture_lab = str(pathlib.Path(arguments[0]).resolve())
    way = arguments[1] if len(arguments) > 1 and not arguments[1].startswith("-") else "both"
    table_path = arguments[arguments.index("--table") + 1] if "--table" in arguments else None
    traces = corpus_traces()
    work = pathlib.Path(tempfile.mkdtemp(prefix="capture-page-differential-"))
    tallies, skipped = [], []
    try:
        for name, run in (("node", node_way), ("browser", browser_way)):
            if way in (name, "both"):
                tally = run(gesture_lab, traces, work)
                (skipped if tally is None else tallies).append(tally or name)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    text = "\n\n".join(tally.table() for tally in tallies)
    print(text)
    if table_path:
        pathlib.Path(table_path).write_text(text + "\n")
    problems = [problem for tally in tallies for problem in tally.problems]
    for problem in problems:
        print("FAIL", problem)
    if skipped and not tallies:
        print(f"capture-page differential SKIPPED: no {' or '.join(skipped)}")
        return 77
    print(f"capture-page differential {'FAIL' if problems else 'PASS'}: {len(problems)} disagreement(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
