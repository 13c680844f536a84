#!/usr/bin/env python3
"""Performs one gesture in a window with real X input (XTest, as a person's input arrives
through the X server) on an exact schedule, and logs every event as sent, so the recording
can be checked against it and carry it as its provenance (scripts/record-corpus.sh).

Usage: xgesture.py WINDOW_X WINDOW_Y 'ACTION; ACTION; ...' LOG.json

WINDOW_X WINDOW_Y: the window's origin on the screen (xdotool getwindowgeometry --shell).
Coordinates are window points. Every step of a drag, flick, jitter or wheel comes one
STEP_S after the event before it, so no step is faster than the schedule says: a pointer
never moves in the instant after it went down, as no hand or mouse can. Actions:
  at X Y                     put the pointer (no button) at X Y
  down | up                  press | release the left button where the pointer is
  drag X Y STEPS STEP_S      STEPS equal moves to X Y, each STEP_S after the one before; then
                             STEP_S more (a finger that stops at the end before what follows)
  flick X Y STEPS STEP_S     the same without the pause after the last move, so an `up`
                             right after it lifts while the pointer is still moving
  hold SECONDS               stay still
  jitter DX DY N STEP_S      N moves STEP_S apart, alternating between here+(DX,DY) and here
  alt down | alt up          press | release Alt (a mirrored second pointer while dragging)
  ctrl down | ctrl up        press | release Ctrl (Ctrl+wheel = pinch steps)
  wheel out|in N STEP_S      N wheel notches away from (out: spread) / towards (in: close) the
                             user, STEP_S apart, the first STEP_S after what came before
  key K                      press and release key K (e.g. r: stop recording mid-gesture)

LOG is one JSON object: {"sender", "schedule", "sent": [...], "worst_lateness_ms"}; each sent
entry {"phase": "down|up|move|wheel|key|keydown|keyup", "x", "y", "t", "late_ms"} with t in
seconds after the gesture's first event as scheduled, and how late it went out.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xtest_sender import XTestSender  # noqa: E402

KEYS = {"alt": "Alt_L", "ctrl": "Control_L"}


def parse(actions):
    """The actions as (name, words) pairs; exits 2 naming the first bad one."""
    steps = []
    for text in actions.split(";"):
        words = text.split()
        if not words:
            continue
        name, arguments = words[0], words[1:]
        counts = {"at": 2, "down": 0, "up": 0, "drag": 4, "flick": 4, "hold": 1, "jitter": 4,
                  "alt": 1, "ctrl": 1, "wheel": 3, "key": 1}
        if name not in counts or len(arguments) != counts[name]:
            sys.stderr.write(f"xgesture: bad action '{text.strip()}' (see --help)\n")
            sys.exit(2)
        steps.append((name, arguments))
    return steps


def perform(sender, steps, start):
    """Sends the steps from `start` (monotonic seconds); returns the moment after the last."""
    moment = start
    x = y = 0
    for name, words in steps:
        if name == "at":
            x, y = int(words[0]), int(words[1])
            sender.place(x, y, moment)
        elif name in ("down", "up"):
            sender.button(1, name == "down", x, y, moment)
        elif name in ("drag", "flick"):
            to_x, to_y, count, pause = int(words[0]), int(words[1]), int(words[2]), float(words[3])
            from_x, from_y = x, y
            for index in range(1, count + 1):
                moment += pause
                # Integer steps as xdotool made them, so old and new plans land on the same points.
                x = from_x + (to_x - from_x) * index // count
                y = from_y + (to_y - from_y) * index // count
                sender.move(x, y, moment)
            if name == "drag":
                moment += pause
        elif name == "hold":
            moment += float(words[0])
        elif name == "jitter":
            dx, dy, count, pause = int(words[0]), int(words[1]), int(words[2]), float(words[3])
            for index in range(1, count + 1):
                moment += pause
                away = index % 2 == 1
                sender.move(x + dx if away else x, y + dy if away else y, moment)
            if count % 2:
                x, y = x + dx, y + dy
        elif name in KEYS:
            sender.key(KEYS[name], moment, pressed=words[0] == "down")
        elif name == "wheel":
            button = 4 if words[0] == "out" else 5
            count, pause = int(words[1]), float(words[2])
            for _ in range(count):
                moment += pause
                sender.button(button, True, x, y, moment)
                sender.button(button, False, x, y, moment)
        elif name == "key":
            sender.key(words[0], moment)
    return moment


def main():
    if len(sys.argv) != 5 or sys.argv[1] in ("-h", "--help"):
        sys.exit(__doc__)
    steps = parse(sys.argv[3])
    sender = XTestSender(int(sys.argv[1]), int(sys.argv[2]))
    start = XTestSender.now() + 0.05
    end = perform(sender, steps, start)
    sender.wait_until(end)
    first = sender.log[0]["scheduled"] if sender.log else start
    sent = []
    for entry in sender.log:
        item = {"phase": entry["phase"]}
        if entry.get("x") is not None:
            item["x"], item["y"] = entry["x"], entry["y"]
        if "key" in entry:
            item["key"] = entry["key"]
        item["t"] = round(entry["scheduled"] - first, 6)
        item["late_ms"] = round((entry["sent"] - entry["scheduled"]) * 1000, 3)
        sent.append(item)
    log = {
        "sender": "scripts/xgesture.py (XTest, exact schedule)",
        "schedule": sys.argv[3].strip(),
        "sent": sent,
        "worst_lateness_ms": max((item["late_ms"] for item in sent), default=0),
    }
    with open(sys.argv[4], "w") as log_file:
        json.dump(log, log_file)
        log_file.write("\n")


if __name__ == "__main__":
    main()
