"""Headless Debian Chromium driven over the DevTools protocol, with the Python standard library
only: Chromium is started with --remote-debugging-port=0, the port it chose is read from the
DevToolsActivePort file in its profile, and the browser's WebSocket is spoken by hand (RFC 6455:
the upgrade, masked client frames, fragmented and control frames).

    with Browser() as browser:
        session = browser.open_page("file:///tmp/page.html")
        browser.send("Runtime.evaluate", {"expression": "1 + 1"}, session=session)

Used by the browser tests in scripts/ (capture-page-browser-test.py, study-browser-test.py,
report-browser-test.py); PageDriver is what the page tests share: checks, touches and taps.
"""
import base64
import hashlib
import json
import os
import pathlib
import socket
import struct
import subprocess
import tempfile
import time


class BrowserUnavailable(RuntimeError):
    """Chromium is not installed or did not start: the caller may skip rather than fail."""


class Browser:
    """One headless Chromium and one DevTools WebSocket connection to it."""

    GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    def __init__(self, window_size=(900, 1400), start_timeout=30):
        self.profile = tempfile.TemporaryDirectory(prefix="gesture-lab-chromium-")
        command = ["chromium", "--headless=new", "--no-sandbox", "--disable-gpu", "--remote-debugging-port=0",
                   "--remote-allow-origins=*", "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                   "--user-data-dir=" + self.profile.name, f"--window-size={window_size[0]},{window_size[1]}", "about:blank"]
        verbose = os.environ.get("DEVTOOLS_VERBOSE")
        try:
            self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=None if verbose else subprocess.DEVNULL)
        except OSError as error:
            self.profile.cleanup()
            raise BrowserUnavailable(f"cannot run chromium: {error}") from error
        port_file = pathlib.Path(self.profile.name) / "DevToolsActivePort"
        deadline = time.monotonic() + start_timeout
        lines = []
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                self.profile.cleanup()
                raise BrowserUnavailable(f"chromium exited with {self.process.returncode} before it listened")
            if port_file.exists():
                lines = port_file.read_text().split("\n")
                if len(lines) >= 2 and lines[0].isdigit() and lines[1].startswith("/devtools/"):
                    break
            time.sleep(0.05)
        else:
            self.process.kill()
            self.process.wait()
            self.profile.cleanup()
            raise BrowserUnavailable(f"chromium wrote no DevToolsActivePort within {start_timeout} s")
        self.socket = socket.create_connection(("127.0.0.1", int(lines[0])), timeout=60)
        self._handshake(int(lines[0]), lines[1])
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        self.close()

    # WebSocket (RFC 6455)

    def _handshake(self, port, path):
        key = base64.b64encode(os.urandom(16)).decode()
        request = (f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                   f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
        self.socket.sendall(request.encode())
        response = b""
        while b"\r\n\r\n" not in response:
            chunk = self.socket.recv(4096)
            if not chunk:
                raise BrowserUnavailable("the DevTools socket closed during the WebSocket upgrade")
            response += chunk
        head, self.pending = response.split(b"\r\n\r\n", 1)
        lines = head.decode("latin-1").split("\r\n")
        if not lines[0].startswith("HTTP/1.1 101"):
            raise BrowserUnavailable(f"the WebSocket upgrade was refused: {lines[0]}")
        headers = {name.strip().lower(): value.strip() for name, _, value in (line.partition(":") for line in lines[1:])}
        expected = base64.b64encode(hashlib.sha1((key + self.GUID).encode()).digest()).decode()
        if headers.get("sec-websocket-accept") != expected:
            raise BrowserUnavailable("the WebSocket upgrade answered with the wrong Sec-WebSocket-Accept")

    def _read_exactly(self, count):
        while len(self.pending) < count:
            chunk = self.socket.recv(1 << 16)
            if not chunk:
                raise RuntimeError("chromium closed the DevTools connection")
            self.pending += chunk
        data, self.pending = self.pending[:count], self.pending[count:]
        return data

    def _send_frame(self, opcode, payload):
        header = bytes([0x80 | opcode])
        length = len(payload)
        if length < 126:
            header += bytes([0x80 | length])
        elif length < 1 << 16:
            header += bytes([0x80 | 126]) + struct.pack("!H", length)
        else:
            header += bytes([0x80 | 127]) + struct.pack("!Q", length)
        mask = os.urandom(4)
        masked = bytes(byte ^ mask[index % 4] for index, byte in enumerate(payload))
        self.socket.sendall(header + mask + masked)

    def _receive_message(self):
        """One whole text message, answering pings and joining fragments."""
        message = b""
        while True:
            first, second = self._read_exactly(2)
            final, opcode = first & 0x80, first & 0x0F
            length = second & 0x7F
            if length == 126:
                length = struct.unpack("!H", self._read_exactly(2))[0]
            elif length == 127:
                length = struct.unpack("!Q", self._read_exactly(8))[0]
            mask = self._read_exactly(4) if second & 0x80 else None
            payload = self._read_exactly(length)
            if mask:
                payload = bytes(byte ^ mask[index % 4] for index, byte in enumerate(payload))
            if opcode == 0x9:
                self._send_frame(0xA, payload)
                continue
            if opcode == 0xA:
                continue
            if opcode == 0x8:
                raise RuntimeError("chromium closed the DevTools WebSocket")
            message += payload
            if final:
                return message.decode("utf-8")

    # DevTools protocol

    def send(self, method, params=None, session=None):
        """Sends a command and returns its result; events arriving meanwhile are kept in order."""
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self._send_frame(0x1, json.dumps(message).encode())
        while True:
            reply = self.receive()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def receive(self):
        return json.loads(self._receive_message())

    def send_all(self, commands, session=None):
        """Sends every (method, params) at once, then waits for all their results, in order:
        Chromium handles a session's commands one after another, so nothing waits on a round trip."""
        first = self.next_id + 1
        for method, params in commands:
            self.next_id += 1
            message = {"id": self.next_id, "method": method, "params": params or {}}
            if session:
                message["sessionId"] = session
            self._send_frame(0x1, json.dumps(message).encode())
        results = {}
        while len(results) < len(commands):
            reply = self.receive()
            if first <= reply.get("id", 0) <= self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{commands[reply['id'] - first][0]}: {reply['error']}")
                results[reply["id"]] = reply.get("result", {})
            else:
                self.events.append(reply)
        return [results[first + index] for index in range(len(commands))]

    def wait_for(self, method, session):
        """The first event `method` of `session`, kept or yet to come."""
        for index, event in enumerate(self.events):
            if event.get("method") == method and event.get("sessionId") == session:
                return self.events.pop(index)
        while True:
            event = self.receive()
            if event.get("method") == method and event.get("sessionId") == session:
                return event
            self.events.append(event)

    def open_page(self, url, domains=("Page", "Runtime", "Log", "Network")):
        """A new tab attached with a flat session, `domains` enabled, `url` loaded; its session id."""
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in domains:
            self.send(domain + ".enable", session=session)
        self.send("Page.navigate", {"url": url}, session=session)
        self.wait_for("Page.loadEventFired", session)
        return session

    def open_phone_page(self, url, size, density):
        """A new tab made a phone (`size` (width, height) CSS px at `density`, mobile, five touch
        points), then `url` loaded in it; its session id."""
        session = self.open_page("about:blank")
        self.send("Emulation.setDeviceMetricsOverride", {"width": size[0], "height": size[1], "deviceScaleFactor": density, "mobile": True},
                  session=session)
        self.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5}, session=session)
        self.send("Page.navigate", {"url": url}, session=session)
        self.wait_for("Page.loadEventFired", session)
        return session

    def evaluate(self, expression, session):
        """The value of a JavaScript expression in the page (by value); an exception raises."""
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True},
                           session=session)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def problems(self, session, allowed_urls=()):
        """Console errors and warnings, exceptions, and requests for anything but `allowed_urls`."""
        found = []
        for event in self.events:
            if event.get("sessionId") != session:
                continue
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.exceptionThrown":
                found.append(f"exception: {params['exceptionDetails'].get('text')}")
            elif method == "Log.entryAdded" and params["entry"]["level"] in ("error", "warning"):
                found.append(f"console {params['entry']['level']}: {params['entry']['text']}")
            elif method == "Runtime.consoleAPICalled" and params["type"] in ("error", "warning", "assert"):
                found.append(f"console.{params['type']}: {params.get('args')}")
            elif method == "Network.requestWillBeSent" and params["request"]["url"] not in allowed_urls:
                found.append(f"network request: {params['request']['url']}")
        return found

    def close(self):
        try:
            self.send("Browser.close")
        except (RuntimeError, OSError):
            pass
        try:
            self.socket.close()
        except OSError:
            pass
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.profile.cleanup()


class PageDriver:
    """One page of a Browser, driven as a phone's finger would: checks that print and count,
    JavaScript evaluated in the page, touches dispatched at given times, taps on its buttons."""

    def __init__(self, browser, session):
        self.browser = browser
        self.session = session
        self.problems = []

    def expect(self, description, actual, expected):
        ok = actual == expected
        print(f"{'ok  ' if ok else 'FAIL'} {description}: {actual!r}" + ("" if ok else f" (expected {expected!r})"))
        if not ok:
            self.problems.append(description)
        return ok

    def evaluate(self, expression):
        return self.browser.evaluate(expression, self.session)

    def touch(self, kind, points, timestamp):
        """Input.dispatchTouchEvent: every finger of `points` (x, y) with a 20×12 contact and force 0.5."""
        touch_points = [{"x": x, "y": y, "radiusX": 10, "radiusY": 6, "force": 0.5, "id": index}
                        for index, (x, y) in enumerate(points)]
        self.browser.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": touch_points, "timestamp": timestamp},
                          session=self.session)

    def wait_until(self, description, expression, timeout=5):
        """Polls `expression` until it is true (a tap's click comes after the gesture is recognised)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.evaluate(expression):
                return True
            time.sleep(0.02)
        self.expect(description, False, True)
        return False

    def tap(self, element_id):
        """A finger's tap on the page's own button, as on a phone."""
        x, y = self.evaluate(f"(() => {{ const r = document.getElementById('{element_id}').getBoundingClientRect();"
                             f" return [r.left + r.width / 2, r.top + r.height / 2]; }})()")
        # Stamped with the real time: Chrome takes a lift stamped in the future for no tap.
        self.touch("touchStart", [(x, y)], time.time())
        time.sleep(0.06)
        self.touch("touchEnd", [], time.time())
