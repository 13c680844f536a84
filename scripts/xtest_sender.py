"""Real X input through the XTest extension (what xdotool uses), sent on an exact schedule and
logged as sent: the one sender behind scripts/xsend.py (the live-timing check) and
scripts/xgesture.py (the recorded corpus).

Times are seconds on CLOCK_MONOTONIC (time.monotonic), the clock the window reads the X
server's event times against. Positions are window points; the sender adds the window's
origin on the screen.
"""
import ctypes
import time


class XTestSender:
    """One connection to the display. Each `send_*` waits until its moment, sends, flushes and
    appends {"phase", "x", "y", "scheduled", "sent"} (plus "key" for keys) to `log`."""

    def __init__(self, origin_x, origin_y):
        self.origin_x, self.origin_y = origin_x, origin_y
        self.x11 = ctypes.CDLL("libX11.so.6")
        self.xtest = ctypes.CDLL("libXtst.so.6")
        self.x11.XOpenDisplay.restype = ctypes.c_void_p
        display = self.x11.XOpenDisplay(None)
        if not display:
            raise SystemExit("xtest: cannot open the display (is DISPLAY set?)")
        self.display = ctypes.c_void_p(display)
        self.x11.XStringToKeysym.restype = ctypes.c_ulong
        self.x11.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
        self.log = []

    @staticmethod
    def now():
        """The sender's clock: CLOCK_MONOTONIC, seconds."""
        return time.monotonic()

    @staticmethod
    def wait_until(moment):
        # Sleep most of the way, then spin the last stretch: sleep alone overshoots by ~0.1 ms+.
        while True:
            left = moment - time.monotonic()
            if left <= 0:
                return
            time.sleep(left - 0.0015 if left > 0.002 else 0)

    def keycode(self, name):
        code = self.x11.XKeysymToKeycode(self.display, self.x11.XStringToKeysym(name.encode()))
        if not code:
            raise SystemExit(f"xtest: no key called '{name}'")
        return code

    def _done(self, phase, x, y, scheduled, **extra):
        self.x11.XFlush(self.display)
        entry = {"phase": phase, "x": x, "y": y, "scheduled": scheduled, "sent": time.monotonic()}
        entry.update(extra)
        self.log.append(entry)

    def place(self, x, y, moment):
        """Puts the pointer at (x, y) with no button change; not logged (it makes no event in
        the window when the pointer is already there, and is not part of a gesture)."""
        self.wait_until(moment)
        self.xtest.XTestFakeMotionEvent(self.display, -1, self.origin_x + x, self.origin_y + y, 0)
        self.x11.XFlush(self.display)

    def move(self, x, y, moment):
        self.wait_until(moment)
        self.xtest.XTestFakeMotionEvent(self.display, -1, self.origin_x + x, self.origin_y + y, 0)
        self._done("move", x, y, moment)

    def button(self, number, pressed, x, y, moment):
        """Button 1 logs as down/up, the wheel's buttons 4 (away) and 5 (towards) as wheel."""
        self.wait_until(moment)
        self.xtest.XTestFakeButtonEvent(self.display, number, 1 if pressed else 0, 0)
        if number == 1:
            self._done("down" if pressed else "up", x, y, moment)
        elif pressed:
            self._done("wheel", x, y, moment, button=number)
        else:
            self.x11.XFlush(self.display)

    def key(self, name, moment, pressed=None):
        """Presses and releases `name` (pressed None), or only presses or releases it."""
        self.wait_until(moment)
        code = self.keycode(name)
        if pressed in (None, True):
            self.xtest.XTestFakeKeyEvent(self.display, code, 1, 0)
        if pressed in (None, False):
            self.xtest.XTestFakeKeyEvent(self.display, code, 0, 0)
        phase = "key" if pressed is None else ("keydown" if pressed else "keyup")
        self._done(phase, None, None, moment, key=name)
