#!/usr/bin/env python3
"""Loads a gesture-lab HTML report in headless Debian Chromium over the DevTools protocol
(--remote-debugging-pipe, standard library only), asserts its key content through the DOM,
fails on any console message of level error or warning, any exception or any network request,
and saves a screenshot.

Usage: report-browser-test.py REPORT.html SCREENSHOT.png EXPECTED-TRACES EXPECTED-FAILED POLICY
"""
import base64
import json
import os
import pathlib
import subprocess
import sys
import tempfile


class Browser:
    """Chromium with the DevTools protocol on file descriptors 3 (commands) and 4 (replies)."""

    def __init__(self):
        to_browser_read, self.to_browser = os.pipe()
        self.from_browser, from_browser_write = os.pipe()
        self.profile = tempfile.TemporaryDirectory(prefix="gesture-lab-chromium-")

        def arrange_descriptors():
            # Copies first: a pipe end may already be 3 or 4, and dup2 onto itself would leave it
            # close-on-exec.
            commands, replies = os.dup(to_browser_read), os.dup(from_browser_write)
            os.dup2(commands, 3)
            os.dup2(replies, 4)

        self.process = subprocess.Popen(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             "--no-first-run", "--no-default-browser-check", "--disable-extensions",
             "--user-data-dir=" + self.profile.name, "--window-size=900,1400", "about:blank"],
            # close_fds=False: the pipes' other ends are not inheritable, and descriptors 3 and 4
            # made by dup2 must survive until exec (pass_fds would close them after preexec_fn).
            close_fds=False, preexec_fn=arrange_descriptors,
            stdout=subprocess.DEVNULL, stderr=None if os.environ.get("REPORT_TEST_VERBOSE") else subprocess.DEVNULL)
        os.close(to_browser_read)
        os.close(from_browser_write)
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def send(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        while True:
            reply = self.receive()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def receive(self):
        while b"\0" not in self.buffer:
            chunk = os.read(self.from_browser, 1 << 16)
            if not chunk:
                raise RuntimeError("chromium closed the DevTools pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def wait_for(self, method, session):
        for index, event in enumerate(self.events):
            if event.get("method") == method and event.get("sessionId") == session:
                return self.events.pop(index)
        while True:
            event = self.receive()
            if event.get("method") == method and event.get("sessionId") == session:
                return event
            self.events.append(event)

    def close(self):
        try:
            self.send("Browser.close")
        except RuntimeError:
            pass
        self.process.wait(timeout=30)
        self.profile.cleanup()


def main():
    report, screenshot, expected_traces, expected_failed, policy = sys.argv[1:6]
    browser = Browser()
    problems = []
    try:
        target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log", "Network"):
            browser.send(domain + ".enable", session=session)
        browser.send("Page.navigate", {"url": pathlib.Path(report).resolve().as_uri()}, session=session)
        browser.wait_for("Page.loadEventFired", session)

        def evaluate(expression):
            result = browser.send("Runtime.evaluate", {"expression": expression, "returnByValue": True}, session=session)
            if "exceptionDetails" in result:
                raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
            return result["result"].get("value")

        def expect(description, actual, expected):
            print(f"{'ok  ' if actual == expected else 'FAIL'} {description}: {actual!r}" + ("" if actual == expected else f" (expected {expected!r})"))
            if actual != expected:
                problems.append(description)

        sections = int(expected_traces)
        failed = int(expected_failed)
        expect("trace sections", evaluate("document.querySelectorAll('section.trace').length"), sections)
        expect("failed sections", evaluate("document.querySelectorAll('section.trace.fail').length"), failed)
        expect("failures come first", evaluate(
            "Array.from(document.querySelectorAll('section.trace')).slice(0, %d).every(s => s.classList.contains('fail'))" % failed), True)
        expect("one inline SVG plot per trace", evaluate("document.querySelectorAll('section.trace svg.plot').length"), sections)
        expect("summary", evaluate("document.getElementById('summary').textContent.startsWith('%d traces: %d failed')" % (sections, failed)), True)
        expect("confusion matrix of the report's policy", evaluate(
            "document.querySelector('table.matrix') && document.querySelector('table.matrix').dataset.policy"), policy)
        expect("a matrix per preset and the policy", evaluate("document.querySelectorAll('table.matrix').length"), 7)
        expect("every release states its decision and reason", evaluate(
            "Array.from(document.querySelectorAll('li.decision.finish, li.decision.cancel')).every(li => / by [a-z-]+: .+/.test(li.textContent))"), True)
        expect("position threshold drawn in every plot", evaluate(
            "Array.from(document.querySelectorAll('svg.plot')).every(svg => svg.querySelector('line.threshold'))"), True)
        expect("sweep curve", evaluate("!!document.querySelector('svg.sweep polyline')"), True)
        expect("nothing loaded from outside", evaluate(
            "performance.getEntriesByType('resource').length"), 0)
        # Laid out: the first plot has a real size on the page.
        expect("first plot is laid out", evaluate(
            "document.querySelector('svg.plot').getBoundingClientRect().width > 600"), True)

        metrics = browser.send("Page.getLayoutMetrics", session=session)
        height = min(int(metrics["cssContentSize"]["height"]), 2400)
        browser.send("Emulation.setDeviceMetricsOverride",
                     {"width": 900, "height": height, "deviceScaleFactor": 1, "mobile": False}, session=session)
        shot = browser.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": False}, session=session)
        pathlib.Path(screenshot).write_bytes(base64.b64decode(shot["data"]))
        print(f"saved {screenshot}")

        for event in browser.events:
            method = event.get("method")
            params = event.get("params", {})
            if method == "Runtime.exceptionThrown":
                problems.append(f"exception: {params['exceptionDetails'].get('text')}")
            elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "warning", "assert"):
                problems.append(f"console {params['type']}: {[arg.get('value') for arg in params.get('args', [])]}")
            elif method == "Log.entryAdded" and params["entry"]["level"] in ("error", "warning"):
                problems.append(f"log {params['entry']['level']}: {params['entry']['text']}")
            elif method == "Network.requestWillBeSent" and not params["request"]["url"].startswith("file:"):
                problems.append(f"network request: {params['request']['url']}")
    finally:
        browser.close()
    for problem in problems:
        print("problem:", problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
