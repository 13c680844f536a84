#!/usr/bin/env python3
"""Sends mouse gestures to the X display through XTest (the extension xdotool uses) on an
exact schedule, and logs what was sent and when, so a recording can be checked against it.

Usage: xsend.py WINDOW_X WINDOW_Y PLAN.json LOG.jsonl
PLAN is a list of steps. A key: {"key": "r", "pause": 1}: press and release the key, then
wait `pause` seconds. A gesture: {"x": 150, "y": 300, "moves": 30, "dx": 10, "dy": 0,
"interval": 0.02, "hold": 0, "pause": 0.8}: press at (x, y) in window points, then `moves`
moves of (dx, dy), `interval` seconds apart, release `interval` + `hold` seconds after the
last move, and wait `pause` seconds. Each line of LOG says what was sent: {"step": i,
"phase": "key|down|move|up", "x": .., "y": .., "scheduled": s, "sent": s}, times in seconds
on CLOCK_MONOTONIC (the pointer is put in place 0.1 s before each press, unlogged).
"""
import ctypes
import json
import sys
import time


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    origin_x, origin_y = int(sys.argv[1]), int(sys.argv[2])
    with open(sys.argv[3]) as plan_file:
        plan = json.load(plan_file)
    x11 = ctypes.CDLL("libX11.so.6")
    xtest = ctypes.CDLL("libXtst.so.6")
    x11.XOpenDisplay.restype = ctypes.c_void_p
    display = x11.XOpenDisplay(None)
    if not display:
        sys.exit("xsend: cannot open the display")
    display = ctypes.c_void_p(display)

    def wait_until(moment):
        # Sleep most of the way, then spin the last stretch: sleep alone overshoots by ~0.1 ms+.
        while True:
            left = moment - time.monotonic()
            if left <= 0:
                return
            time.sleep(left - 0.0015 if left > 0.002 else 0)

    log = []

    x11.XStringToKeysym.restype = ctypes.c_ulong
    x11.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]

    def send(step, phase, x, y, scheduled, key=None):
        if phase == "down":
            wait_until(scheduled - 0.1)
            xtest.XTestFakeMotionEvent(display, -1, origin_x + x, origin_y + y, 0)
            x11.XFlush(display)
        wait_until(scheduled)
        if phase == "key":
            keycode = x11.XKeysymToKeycode(display, x11.XStringToKeysym(key.encode()))
            xtest.XTestFakeKeyEvent(display, keycode, 1, 0)
            xtest.XTestFakeKeyEvent(display, keycode, 0, 0)
        elif phase == "move":
            xtest.XTestFakeMotionEvent(display, -1, origin_x + x, origin_y + y, 0)
        else:
            xtest.XTestFakeButtonEvent(display, 1, 1 if phase == "down" else 0, 0)
        x11.XFlush(display)
        log.append({"step": step, "phase": phase, "x": x, "y": y, "scheduled": scheduled, "sent": time.monotonic()})

    moment = time.monotonic() + 0.2
    for index, gesture in enumerate(plan):
        if "key" in gesture:
            send(index, "key", None, None, moment, key=gesture["key"])
            moment += gesture.get("pause", 0.5)
            continue
        x, y = gesture["x"], gesture["y"]
        send(index, "down", x, y, moment)
        for _ in range(gesture["moves"]):
            moment += gesture["interval"]
            x += gesture["dx"]
            y += gesture.get("dy", 0)
            send(index, "move", x, y, moment)
        moment += gesture["interval"] + gesture.get("hold", 0)
        send(index, "up", x, y, moment)
        moment += gesture.get("pause", 0.8)
    wait_until(moment)
    with open(sys.argv[4], "w") as log_file:
        for line in log:
            log_file.write(json.dumps(line) + "\n")


if __name__ == "__main__":
    main()
