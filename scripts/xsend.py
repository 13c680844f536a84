#!/usr/bin/env python3
"""Sends mouse gestures to the X display through XTest (the extension xdotool uses) on an
exact schedule, and logs what was sent and when, so a recording can be checked against it.

Usage: xsend.py WINDOW_X WINDOW_Y PLAN.json LOG.jsonl
PLAN is a list of steps. A key: {"key": "r", "pause": 1}: press and release the key, then
wait `pause` seconds. A gesture: {"x": 150, "y": 300, "moves": 30, "dx": 10, "dy": 0,
"interval": 0.02, "hold": 0, "pause": 0.8}: press at (x, y) in window points, then `moves`
moves of (dx, dy), `interval` seconds apart, release `interval` + `hold` seconds after the
last move, and wait `pause` seconds. Instead of dx and dy, "to": [x, y] ends the moves there,
each at the whole point a straight line reaches (truncated towards the start, as shell
arithmetic does). Each line of LOG says what was sent: {"step": i,
"phase": "key|down|move|up", "x": .., "y": .., "scheduled": s, "sent": s}, times in seconds
on CLOCK_MONOTONIC (the pointer is put in place 0.1 s before each press, unlogged).
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xtest_sender import XTestSender  # noqa: E402


def toward_zero(numerator, denominator):
    """numerator / denominator as a whole number, truncated towards zero."""
    quotient = abs(numerator) // abs(denominator)
    return quotient if (numerator >= 0) == (denominator > 0) else -quotient


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    origin_x, origin_y = int(sys.argv[1]), int(sys.argv[2])
    with open(sys.argv[3]) as plan_file:
        plan = json.load(plan_file)
    sender = XTestSender(origin_x, origin_y)
    moment = XTestSender.now() + 0.2
    for index, gesture in enumerate(plan):
        if "key" in gesture:
            sender.key(gesture["key"], moment)
            sender.log[-1]["step"] = index
            moment += gesture.get("pause", 0.5)
            continue
        x, y = gesture["x"], gesture["y"]
        sender.place(x, y, moment - 0.1)
        sender.button(1, True, x, y, moment)
        sender.log[-1]["step"] = index
        start_x, start_y = x, y
        for step in range(1, gesture["moves"] + 1):
            moment += gesture["interval"]
            if "to" in gesture:
                x = start_x + toward_zero((gesture["to"][0] - start_x) * step, gesture["moves"])
                y = start_y + toward_zero((gesture["to"][1] - start_y) * step, gesture["moves"])
            else:
                x += gesture["dx"]
                y += gesture.get("dy", 0)
            sender.move(x, y, moment)
            sender.log[-1]["step"] = index
        moment += gesture["interval"] + gesture.get("hold", 0)
        sender.button(1, False, x, y, moment)
        sender.log[-1]["step"] = index
        moment += gesture.get("pause", 0.8)
    sender.wait_until(moment)
    with open(sys.argv[4], "w") as log_file:
        for line in sender.log:
            log_file.write(json.dumps(line) + "\n")


if __name__ == "__main__":
    main()
