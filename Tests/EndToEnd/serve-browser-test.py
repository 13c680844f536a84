#!/usr/bin/env python3
"""Drives the capture page `play --serve` serves in headless Debian Chromium: opens the printed
URL as a phone would (a 390×844 touch screen), chooses Pinch, dispatches a two-finger pinch in
through the DevTools protocol (Input.dispatchTouchEvent, 16 ms apart), so the page's own
Pointer Events code records it and streams it to the window; once the page has sent it all
and while both fingers are held it runs SCREENSHOT_COMMAND (the window saves its screenshot)
and saves the page's screenshot to PAGE_SCREENSHOT. After the lift it labels the pinch
"finish" and presses Save, which sends the trace to the lab's record folder.

Usage: serve-browser-test.py URL PAGE_SCREENSHOT [SCREENSHOT_COMMAND...]
Uses the DevTools client of Tests/EndToEnd/devtools_browser.py; standard library only.
"""
import base64
import json
import pathlib
import subprocess
import sys
import time

from devtools_browser import Browser


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    url, page_screenshot, command = sys.argv[1], sys.argv[2], sys.argv[3:]
    with Browser() as browser:
        session = browser.open_page("about:blank", domains=("Page", "Runtime"))
        browser.send("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True}, session=session)
        browser.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5}, session=session)
        browser.send("Page.navigate", {"url": url}, session=session)
        browser.wait_for("Page.loadEventFired", session)
        browser.evaluate("gestureLabCapture.setMode('pinch')", session)

        def touch(kind, points):
            browser.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [
                {"x": x, "y": y, "id": number, "radiusX": 4, "radiusY": 4, "force": 0.5} for number, (x, y) in enumerate(points)]}, session=session)
            time.sleep(0.016)

        def fingers(spread):
            return [(195 - spread, 400), (195 + spread, 400)]

        def streaming():
            return browser.evaluate("gestureLabCapture.streaming()", session)

        touch("touchStart", fingers(150))
        for step in range(1, 21):
            touch("touchMove", fingers(150 - 6 * step))
        # Until the page has sent everything (one request in flight at a time, the rest queued).
        for _ in range(100):
            if streaming()["idle"]:
                break
            time.sleep(0.05)
        time.sleep(0.2)
        if command:
            subprocess.run(command, check=False)
        shot = browser.send("Page.captureScreenshot", {"format": "png"}, session=session)
        pathlib.Path(page_screenshot).write_bytes(base64.b64decode(shot["data"]))
        time.sleep(0.3)
        touch("touchEnd", [])
        time.sleep(0.5)
        browser.evaluate("gestureLabCapture.label('finish')", session)
        browser.send("Runtime.evaluate", {"expression": "save()", "awaitPromise": True}, session=session)
        state = streaming()
        print(f"serve: the page streamed {json.dumps(state)}")
        return 0 if state["sent"] > 0 and state["refused"] == 0 and state["idle"] else 1


if __name__ == "__main__":
    sys.exit(main())
