#!/usr/bin/env python3
"""Loads a gesture-lab HTML report in headless Debian Chromium over the DevTools protocol
(Tests/EndToEnd/devtools_browser.py, standard library only), asserts its key content through the DOM,
fails on any console message of level error or warning, any exception or any network request,
and saves a screenshot.

Usage: report-browser-test.py REPORT.html SCREENSHOT.png EXPECTED-TRACES EXPECTED-FAILED POLICY
"""
import base64
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from devtools_browser import Browser  # noqa: E402


def main():
    report, screenshot, expected_traces, expected_failed, policy = sys.argv[1:6]
    browser = Browser()
    problems = []
    try:
        url = pathlib.Path(report).resolve().as_uri()
        session = browser.open_page(url)

        def evaluate(expression):
            return browser.evaluate(expression, session)

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

        problems += browser.problems(session, allowed_urls=(url,))
    finally:
        browser.close()
    for problem in problems:
        print("problem:", problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
