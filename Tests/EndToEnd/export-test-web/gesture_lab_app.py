"""The hook of a test `gesture-lab export-test --for web` writes, for the lab's own capture page
(`gesture-lab capture-page`): the page under test in Tests/EndToEnd/export-test-web-roundtrip.py.

open(page, trace)  loads the page from GESTURE_LAB_APP_URL and picks its mode (swipe or pinch)
                   from GESTURE_LAB_MODES (a JSON file: trace name -> mode);
releases(page, trace, gesture)  reads what the page decided for the gesture just played (its
                   releases, as it shows them) and labels the gesture, so the page takes the next;
finished(page, trace)  presses the page's Save button and keeps every trace it downloads in
                   GESTURE_LAB_SAVED/NNN/ (NNN the trace's place in GESTURE_LAB_MODES), with
                   live.json: the releases the page showed for each gesture.
"""
import json
import os
import pathlib
import time

MODES = json.loads(pathlib.Path(os.environ["GESTURE_LAB_MODES"]).read_text())
SAVED = pathlib.Path(os.environ["GESTURE_LAB_SAVED"])
live = {}


def open(page, trace):  # noqa: A001 - the hook's name
    page.goto(os.environ["GESTURE_LAB_APP_URL"])
    assert page.evaluate("crossOriginIsolated"), "the page is not cross-origin isolated: its event times would be coarsened to 100 µs"
    page.evaluate(f"window.gestureLabCapture.setMode({json.dumps(MODES[trace])})")
    live[trace] = []


def releases(page, trace, gesture):
    asking = page.evaluate("window.gestureLabCapture.asking()")
    if asking is None:
        live[trace].append(None)
        return []
    page.evaluate("window.gestureLabCapture.label('finish')")
    decided = [(r["decision"], None if r["pointerCancelled"] else r["velocity"]) for r in asking["releases"]]
    live[trace].append(decided)
    return decided


def finished(page, trace):
    folder = SAVED / f"{list(MODES).index(trace):03d}"
    folder.mkdir(parents=True)
    expected = page.evaluate("window.gestureLabCapture.traces().length")
    downloads = []
    page.on("download", lambda download: downloads.append(download))
    if expected:
        page.click("#save")
    deadline = time.monotonic() + 10 + expected * 0.5
    while len(downloads) < expected and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    for index, download in enumerate(downloads):
        download.save_as(folder / f"{index:03d}-{download.suggested_filename}")
    (folder / "live.json").write_text(json.dumps({"trace": trace, "releases": live[trace], "downloads": len(downloads),
                                                  "saved_in_page": expected}))
