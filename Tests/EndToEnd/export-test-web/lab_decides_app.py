"""The hook of a test `gesture-lab export-test --for web` writes, for the corpus traces the capture
page cannot decide itself: the page implements the swipe and the pinch (a pinch in) under its own
configuration only, so an edge pan, a free pan, a vertical swipe or a trace recorded under another
configuration is decided by the lab, on what the page recorded. The app under test is then the
capture page used as a recorder plus the lab deciding what the browser delivered to it.
Tests/EndToEnd/export-test-web-roundtrip.py copies this file beside the test as gesture_lab_app.py, and
the page's own hook (gesture_lab_app.py) beside it as capture_page_app.py.

open(page, trace), finished(page, trace)  the page's hook's: load the page and pick its mode
                   (GESTURE_LAB_MODES); press Save and keep the downloads (GESTURE_LAB_SAVED).
releases(page, trace, gesture)  labels the gesture the page just recorded (so the page saves it and
                   takes the next), takes the events the page recorded for it from the page's own
                   list of saved traces, writes the trace's gestures so far under the ORIGINAL
                   trace's header (its controllers, edge recogniser, window, policy), each gesture
                   at the time it starts in the original, and returns what `gesture-lab replay
                   --headless` (GESTURE_LAB, under GESTURE_LAB_POLICY as export-test decided)
                   decides for the releases in this gesture. The traces decided are kept in
                   GESTURE_LAB_DECIDED/NNN/; the trace's name is its path from GESTURE_LAB_TRACES.
"""
import json
import os
import pathlib
import subprocess

import capture_page_app as recorder

open = recorder.open  # noqa: A001 - the hook's name
finished = recorder.finished
recorded = {}  # trace name -> the text of each gesture's trace as the page saved it


def releases(page, trace, gesture):
    if page.evaluate("window.gestureLabCapture.asking()") is None:
        recorder.live[trace].append(None)
        return []
    page.evaluate("window.gestureLabCapture.label('finish')")
    recorded.setdefault(trace, []).append(page.evaluate("window.gestureLabCapture.traces().at(-1).text"))
    folder = pathlib.Path(os.environ["GESTURE_LAB_DECIDED"]) / f"{list(recorder.MODES).index(trace):03d}"
    folder.mkdir(parents=True, exist_ok=True)
    original = pathlib.Path(os.environ["GESTURE_LAB_TRACES"]) / trace
    decided = decide(os.environ["GESTURE_LAB"], os.environ["GESTURE_LAB_POLICY"], original, recorded[trace],
                     folder / f"gesture-{gesture:03d}.json")
    found = decided[gesture - 1] if len(decided) >= gesture else []
    recorder.live[trace].append(found)
    return found


def events_of(text):
    """A trace's header and events, from its text (one JSON object a line)."""
    lines = [line.rstrip(",") for line in text.splitlines() if line not in ("[", "]", "")]
    return json.loads(lines[0]), [json.loads(line) for line in lines[1:]]


def gesture_starts(events):
    """When each gesture of a trace starts (its first event, each from a first down to the lift that
    leaves none down, as export-test cuts them), in microseconds from the trace's first event."""
    starts, down, origin = [], set(), round(events[0]["t"] * 1e6) if events else 0
    for event in events:
        if not down:
            starts.append(round(event["t"] * 1e6) - origin)
        if event["phase"] == "down":
            down.add(event["id"])
        elif event["phase"] in ("up", "cancel"):
            down.discard(event["id"])
    return starts


def under_original_header(original, saved_texts):
    """The text of a trace with the original trace's header and the events the page saved for its
    first len(saved_texts) gestures, each gesture at the time it starts in the original."""
    header, events = events_of(pathlib.Path(original).read_text())
    starts = gesture_starts(events)
    lines = ["[", json.dumps(header, ensure_ascii=False)]
    for start, text in zip(starts, saved_texts):
        for event in events_of(text)[1]:
            rest = {key: value for key, value in event.items() if key != "t"}
            lines[-1] += ","
            lines.append(f'{{"t":{(start + round(event["t"] * 1e6)) / 1e6:.6f},' + json.dumps(rest, separators=(",", ":"))[1:])
    return "\n".join(lines) + "\n]\n"


def decide(gesture_lab, policy, original, saved_texts, path):
    """What the lab decides for the events the page saved, under the original trace's header and
    `policy`: for each gesture, [(decision, velocity or None when a pointer was cancelled), ...], each
    release in the gesture it happened in. The trace decided is written to `path`."""
    path = pathlib.Path(path)
    path.write_text(under_original_header(original, saved_texts))
    replay = subprocess.run([gesture_lab, "replay", str(path), "--headless", "--report", "json", "--policy", policy],
                            capture_output=True, text=True)
    if replay.returncode != 0:
        raise RuntimeError(f"gesture-lab replay {path}: exit {replay.returncode}: {replay.stderr.strip()}")
    _, events = events_of(path.read_text())
    starts = gesture_starts(events)
    found = [[] for _ in starts]
    for transition in json.loads(replay.stdout)["transitions"]:
        released = round(transition["released_at"] * 1e6) - (round(events[0]["t"] * 1e6) if events else 0)
        index = max((number for number, start in enumerate(starts) if start <= released), default=0)
        # A release whose pointer the system cancelled: no velocity is asserted for it.
        found[index].append((transition["decision"], None if transition["pointer_cancelled"] else transition["velocity_at_release"]))
    return found
