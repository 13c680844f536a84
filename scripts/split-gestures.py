#!/usr/bin/env python3
"""Lists the gestures of a trace: the spans during which at least one pointer is down,
separated by moments with none, with what each holds, one per line:

  FROM:TO CONTACTS CONTROLLER [PINCH]

FROM and TO in the trace's seconds (for `gesture-lab trace transform --crop FROM:TO`),
CONTACTS the most pointers down at once, and the controller whose motion the gesture is
(to listen with, not what anybody meant): `swipe` when the fingers travel more along
x than along y (path length, so a drag up and back down counts), else `vertical-swipe`; but
`pinch` and `in` or `out` when, over the longest stretch with the same two or more fingers
down, their mean distance to their centroid ranges over more than MIN_SPREAD points, more than
half its least value and more than half the fingers' mean path (a scroll moves the fingers
together), `out` when the widest comes after the narrowest. Spans shorter than MIN_SECONDS or moving less than MIN_TRAVEL points are
left out (taps, resting palms).
Usage: split-gestures.py TRACE.json [MIN_SECONDS] [MIN_TRAVEL] [MIN_SPREAD]
Standard library only.
"""
import json
import math
import sys


def events_of(path):
    with open(path) as handle:
        lines = handle.read().splitlines()
    for line in lines[2:]:
        line = line.strip().rstrip(",")
        if line.startswith("{"):
            yield json.loads(line)


def describe(span, min_spread):
    # Frames: the positions of the pointers down after each time's events.
    down = {}
    frames = []
    path = {}
    for index, event in enumerate(span):
        pid = event["id"]
        if pid in down and event["phase"] != "down":
            before = down[pid]
            moved = path.setdefault(pid, [0.0, 0.0])
            moved[0] += abs(event["x"] - before[0])
            moved[1] += abs(event["y"] - before[1])
        if event["phase"] in ("up", "cancel"):
            down.pop(pid, None)
        else:
            down[pid] = (event["x"], event["y"])
        if index + 1 == len(span) or span[index + 1]["t"] != event["t"]:
            frames.append(dict(down))
    contacts = max(len(frame) for frame in frames)
    along_x = sum(moved[0] for moved in path.values()) / max(len(path), 1)
    along_y = sum(moved[1] for moved in path.values()) / max(len(path), 1)
    axis = "swipe" if along_x >= along_y else "vertical-swipe"
    travel = max(along_x, along_y)
    if contacts < 2:
        return contacts, travel, axis, None
    # The longest run of frames with one set of two or more pointers: its spread (mean
    # distance to the centroid) at the start and at the end.
    best = []
    run = []
    for frame in frames:
        if len(frame) >= 2 and run and set(frame) == set(run[-1]):
            run.append(frame)
        else:
            run = [frame] if len(frame) >= 2 else []
        if len(run) > len(best):
            best = list(run)

    def spread(frame):
        cx = sum(p[0] for p in frame.values()) / len(frame)
        cy = sum(p[1] for p in frame.values()) / len(frame)
        return sum(math.hypot(p[0] - cx, p[1] - cy) for p in frame.values()) / len(frame)

    spreads = [spread(frame) for frame in best]
    if spreads:
        low = spreads.index(min(spreads))
        high = spreads.index(max(spreads))
        change = spreads[high] - spreads[low]
        if change > min_spread and change > 0.5 * min(spreads) and change > 0.5 * travel:
            return contacts, change, "pinch", "out" if high > low else "in"
    return contacts, travel, axis, None


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    min_seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 0.1
    min_travel = float(sys.argv[3]) if len(sys.argv) > 3 else 20
    min_spread = float(sys.argv[4]) if len(sys.argv) > 4 else 30
    down = set()
    span = []
    for event in events_of(sys.argv[1]):
        span.append(event)
        if event["phase"] == "down":
            down.add(event["id"])
        elif event["phase"] in ("up", "cancel"):
            down.discard(event["id"])
        if not down:
            start, end = span[0]["t"], span[-1]["t"]
            contacts, travel, controller, pinch = describe(span, min_spread)
            if end - start >= min_seconds and travel >= min_travel:
                print(f"{start:.6f}:{end:.6f} {contacts} {controller}" + (f" {pinch}" if pinch else ""))
            span = []
    return 0


if __name__ == "__main__":
    sys.exit(main())
