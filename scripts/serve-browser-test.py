#!/usr/bin/env python3
"""Drives the page `play --serve` serves in headless Debian Chromium: opens the printed URL
as a phone would (a 390×844 touch screen), dispatches a two-finger pinch through the DevTools
protocol (Input.dispatchTouchEvent, 16 ms apart), so the page's own Pointer Events code
streams it to the window; while both fingers are held it runs SCREENSHOT_COMMAND (the window
saves its screenshot) and saves the page's own screenshot to PAGE_SCREENSHOT.

Usage: serve-browser-test.py URL PAGE_SCREENSHOT [SCREENSHOT_COMMAND...]
Uses the DevTools pipe client of scripts/report-browser-test.py; standard library only.
"""
import base64
import importlib.util
import pathlib
import subprocess
import sys
import time

spec = importlib.util.spec_from_file_location("report_browser_test", pathlib.Path(__file__).with_name("report-browser-test.py"))
report_browser_test = importlib.util.module_from_spec(spec)
spec.loader.exec_module(report_browser_test)


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    url, page_screenshot, command = sys.argv[1], sys.argv[2], sys.argv[3:]
    browser = report_browser_test.Browser()
    try:
        target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        browser.send("Page.enable", session=session)
        browser.send("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True}, session=session)
        browser.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5}, session=session)
        browser.send("Page.navigate", {"url": url}, session=session)
        browser.wait_for("Page.loadEventFired", session)

        def touch(kind, points):
            browser.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [
                {"x": x, "y": y, "id": number, "radiusX": 4, "radiusY": 4, "force": 0.5} for number, (x, y) in enumerate(points)]}, session=session)
            time.sleep(0.016)

        def fingers(spread):
            return [(195 - spread, 400), (195 + spread, 400)]

        touch("touchStart", fingers(40))
        for step in range(1, 21):
            touch("touchMove", fingers(40 + 5 * step))
        # Until the page has sent everything (one request in flight at a time, the rest queued).
        for _ in range(100):
            idle = browser.send("Runtime.evaluate", {"expression": "pending.length === 0 && !sending", "returnByValue": True}, session=session)
            if idle["result"].get("value"):
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
        result = browser.send("Runtime.evaluate", {"expression": "document.getElementById('status').textContent", "returnByValue": True}, session=session)
        status = result["result"].get("value", "")
        print(f"serve: the page says: {status}")
        return 0 if "samples sent" in status and "refused" not in status else 1
    finally:
        browser.close()


if __name__ == "__main__":
    sys.exit(main())
