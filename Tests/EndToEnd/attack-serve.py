#!/usr/bin/env python3
"""Attacks `gesture-lab play --serve` from the loopback address with idle, slow and half-open
connections while a scripted phone streams swipes to it, and measures what the phone saw
(Tests/EndToEnd/e2e-serve.sh, step 4; docs/limits.md lists the server's deadlines).

Usage:
  attack-serve.py phase URL WORK_FOLDER NAME CONNECTIONS SECONDS TRACE_TO_SEND
      holds CONNECTIONS attacking connections (0 for a baseline; at most 2000) for SECONDS
      (at most 120): a quarter each idle (send nothing), slow (a head a byte every 0.5 s, never
      ended), stalled (half a head, then silence) and half-closed (half a head, then shut for
      writing); each one the server closes is opened again at once.
      After a 2 s ramp, the phone streams swipes (each touch posted in its own request when its
      time comes, as the page does) 0.5 s apart until the end and sends TRACE_TO_SEND to /traces.
      Appends the touches to WORK_FOLDER/sent.jsonl and the phase's figures to
      WORK_FOLDER/phases.jsonl.
  attack-serve.py table WORK_FOLDER FRAMES_JSONL WINDOW_STDOUT
      prints the attack table (the phone's request latency and the window's frame intervals
      while each phase's phone streamed) and checks them: every touch and trace accepted, no
      request slower than 1 s, frame intervals at p99 within 50 ms.
Standard library only; refuses any host but the loopback address.
"""
import errno
import json
import os
import resource
import selectors
import socket
import sys
import threading
import time
import urllib.parse

MAXIMUM_CONNECTIONS = 2000
MAXIMUM_SECONDS = 120
RAMP_SECONDS = 2.0
SLOW_BYTE_SECONDS = 0.5
SWIPE_GAP_SECONDS = 0.5
LATENCY_BUDGET_SECONDS = 1.0
FRAME_P99_BUDGET_SECONDS = 0.050
KINDS = ("idle", "slow", "stalled", "half-closed")


def percentile(values, fraction):
    """The nearest-rank percentile of `values` (0 for none)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, min(len(ordered), int(-(-fraction * len(ordered) // 1))))
    return ordered[rank - 1]


class Attack:
    """CONNECTIONS sockets of the four kinds, polled by one thread until stopped."""

    def __init__(self, port, connections):
        self.port = port
        self.count = connections
        self.selector = selectors.DefaultSelector()
        self.stopping = threading.Event()
        self.opened = 0
        self.closed_by_server = 0
        self.answered_408 = 0
        self.answered_other = 0
        self.connected_now = 0
        self.peak_connected = 0
        self.sampling = threading.Event()
        self.connected_samples = []
        self.thread = threading.Thread(target=self.run, daemon=True)

    def open(self, kind):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setblocking(False)
        try:
            sock.connect(("127.0.0.1", self.port))
        except BlockingIOError:
            pass
        except OSError:
            sock.close()
            return False
        state = {"kind": kind, "sent": 0, "next": time.monotonic(), "connected": False, "answer": b""}
        self.selector.register(sock, selectors.EVENT_READ | selectors.EVENT_WRITE, state)
        self.opened += 1
        return True

    def head_bytes(self, kind):
        if kind == "slow":
            return b"GET /touches?stream=slow HTTP/1.1\r\nHost: attacker\r\n" + b"X-Slow: " + b"a" * 100000
        return b"POST /traces HTTP/1.1\r\nHost: attacker\r\nContent-Length: 1000"

    def close(self, sock, state):
        self.selector.unregister(sock)
        sock.close()
        if state["connected"]:
            self.connected_now -= 1

    def run(self):
        for index in range(self.count):
            self.open(KINDS[index % len(KINDS)])
        while not self.stopping.is_set():
            now = time.monotonic()
            if self.sampling.is_set():
                self.connected_samples.append(self.connected_now)
            for key, mask in self.selector.select(timeout=0.05):
                sock, state = key.fileobj, key.data
                if not state["connected"] and mask & selectors.EVENT_WRITE:
                    if sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR) != 0:
                        self.close(sock, state)
                        self.open(state["kind"])
                        continue
                    state["connected"] = True
                    self.connected_now += 1
                    self.peak_connected = max(self.peak_connected, self.connected_now)
                    self.selector.modify(sock, selectors.EVENT_READ, state)
                    kind = state["kind"]
                    if kind in ("stalled", "half-closed"):
                        try:
                            sock.send(self.head_bytes(kind))
                            if kind == "half-closed":
                                sock.shutdown(socket.SHUT_WR)
                        except OSError:
                            pass
                    continue
                if mask & selectors.EVENT_READ:
                    try:
                        data = sock.recv(65536)
                    except OSError:
                        data = b""
                    if data:
                        state["answer"] += data[:64]
                        continue
                    self.closed_by_server += 1
                    if state["answer"].startswith(b"HTTP/1.1 408"):
                        self.answered_408 += 1
                    elif state["answer"]:
                        self.answered_other += 1
                    self.close(sock, state)
                    self.open(state["kind"])
            for key in list(self.selector.get_map().values()):
                state = key.data
                if state["kind"] == "slow" and state["connected"] and now >= state["next"]:
                    head = self.head_bytes("slow")
                    if state["sent"] < len(head):
                        try:
                            key.fileobj.send(head[state["sent"]:state["sent"] + 1])
                            state["sent"] += 1
                        except OSError:
                            pass
                    state["next"] = now + SLOW_BYTE_SECONDS
        for key in list(self.selector.get_map().values()):
            key.fileobj.close()


def http_request(host, port, method, target, body):
    """(status, body bytes, seconds) of one request on its own connection, as a browser's."""
    started = time.monotonic()
    with socket.create_connection((host, port), timeout=10) as sock:
        head = f"{method} {target} HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Type: application/json\r\n"
        head += f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
        sock.sendall(head.encode() + body)
        answer = b""
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            answer += chunk
    seconds = time.monotonic() - started
    status_line, _, rest = answer.partition(b"\r\n")
    parts = status_line.split(b" ")
    status = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0
    return status, rest.partition(b"\r\n\r\n")[2], seconds


def swipe(start, pointer, y):
    """One finger: down at (120, y), 30 moves of 12 pt 8 ms apart (1,500 pt/s), up."""
    events = [(start, pointer, "down", 120, y)]
    events += [(start + 0.008 * step, pointer, "move", 120 + 12 * step, y) for step in range(1, 31)]
    events.append((start + 0.248, pointer, "up", 480, y))
    return events


def phase(url, work, name, connections, seconds, trace_path):
    parts = urllib.parse.urlsplit(url)
    host, port = parts.hostname, parts.port
    if host not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit(f"attack: refusing {host}: this script attacks the loopback address only")
    if not 0 <= connections <= MAXIMUM_CONNECTIONS or not 0 < seconds <= MAXIMUM_SECONDS:
        raise SystemExit(f"attack: connections must be 0…{MAXIMUM_CONNECTIONS} and seconds 0…{MAXIMUM_SECONDS}")
    token = urllib.parse.parse_qs(parts.query)["token"][0]
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, connections + 256)), hard))
    attack = Attack(port, connections)
    began = time.monotonic()
    attack.thread.start()
    time.sleep(RAMP_SECONDS)
    attack.sampling.set()
    phone_start = time.monotonic()
    latencies, refused, sent = [], [], []
    origin = 100.0 + began
    swipe_number = 0
    while time.monotonic() < began + seconds - RAMP_SECONDS - 0.3:
        wall_origin = time.monotonic()
        for t, pointer, kind, x, y in swipe(0.0, 1, 200 + 20 * (swipe_number % 10)):
            delay = wall_origin + t - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            event = {"t": round(origin + (wall_origin - began) + t, 6), "id": pointer, "kind": "touch", "phase": kind, "x": x, "y": y}
            status, text, took = http_request(host, port, "POST", f"/touches?token={token}&stream=phone", json.dumps([event]).encode())
            latencies.append(took)
            if status != 200:
                refused.append(f"{status} {text.decode(errors='replace').strip()}")
            sent.append(event)
        swipe_number += 1
        # Past the transition's settling (0.35 s), so that the next swipe begins a transition of
        # its own rather than catching this one.
        time.sleep(SWIPE_GAP_SECONDS)
    phone_end = time.monotonic()
    attack.sampling.clear()
    with open(trace_path, "rb") as handle:
        status, text, took = http_request(host, port, "POST", f"/traces?token={token}", handle.read())
    latencies.append(took)
    saved = json.loads(text).get("saved") if status == 201 else None
    if status != 201:
        refused.append(f"trace: {status} {text.decode(errors='replace').strip()}")
    remaining = began + seconds - time.monotonic()
    if remaining > 0:
        time.sleep(remaining)
    attack.stopping.set()
    attack.thread.join()
    samples = attack.connected_samples
    figures = {"phase": name, "connections": connections,
               "connected_mean": sum(samples) / len(samples) if samples else 0, "connected_min": min(samples, default=0),
               "peak_connected": attack.peak_connected, "opened": attack.opened,
               "closed_by_server": attack.closed_by_server, "answered_408": attack.answered_408,
               "answered_other": attack.answered_other, "requests": len(latencies), "refused": refused,
               "latency_p50": percentile(latencies, 0.50), "latency_p95": percentile(latencies, 0.95),
               "latency_p99": percentile(latencies, 0.99), "latency_max": max(latencies),
               "swipes": swipe_number, "phone_start": phone_start, "phone_end": phone_end, "saved": saved}
    with open(os.path.join(work, "sent.jsonl"), "a") as handle:
        for event in sent:
            handle.write(json.dumps(event) + "\n")
    with open(os.path.join(work, "phases.jsonl"), "a") as handle:
        handle.write(json.dumps(figures) + "\n")
    print(f"attack: {name}: {len(latencies)} requests, {len(refused)} refused, slowest {max(latencies) * 1000:.1f} ms; "
          f"{attack.opened} attacking connections opened, {attack.closed_by_server} closed by the server")
    return 0


def table(work, frames_path, window_stdout):
    with open(os.path.join(work, "phases.jsonl")) as handle:
        phases = [json.loads(line) for line in handle if line.strip()]
    with open(frames_path) as handle:
        frames = [json.loads(line) for line in handle if line.strip()]
    with open(window_stdout) as handle:
        first = [line for line in handle if line.startswith("first-frame-monotonic: ")]
    if not frames or not first:
        raise SystemExit("attack: no frames logged, or the window did not report its first frame")
    # Window seconds to the monotonic clock: the first frame's present returned when it reported.
    offset = float(first[0].split(": ")[1]) - (frames[0]["start"] + frames[0]["work"])
    failures = []
    print("| phase | attacking connections (connected while the phone streamed: mean, least; peak) | opened, closed by the server (408) | phone requests | p50 ms | p95 ms | p99 ms | max ms | frames | frame interval p50 / p99 / max ms | work p99 ms |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for figures in phases:
        during = [frame for frame in frames[1:]
                  if figures["phone_start"] <= frame["start"] + offset <= figures["phone_end"] and frame["interval"] is not None]
        intervals = [frame["interval"] for frame in during]
        work = [frame["work"] for frame in during]
        print(f"| {figures['phase']} | {figures['connections']} ({figures['connected_mean']:.0f}, {figures['connected_min']}; {figures['peak_connected']}) | "
              f"{figures['opened']}, {figures['closed_by_server']} ({figures['answered_408']}) | {figures['requests']} | "
              f"{figures['latency_p50'] * 1000:.1f} | {figures['latency_p95'] * 1000:.1f} | {figures['latency_p99'] * 1000:.1f} | "
              f"{figures['latency_max'] * 1000:.1f} | {len(during)} | {percentile(intervals, 0.5) * 1000:.1f} / "
              f"{percentile(intervals, 0.99) * 1000:.1f} / {max(intervals, default=0) * 1000:.1f} | {percentile(work, 0.99) * 1000:.1f} |")
        failures += [f"{figures['phase']}: refused: {reason}" for reason in figures["refused"]]
        if figures["latency_max"] > LATENCY_BUDGET_SECONDS:
            failures.append(f"{figures['phase']}: a request took {figures['latency_max']:.3f} s (budget {LATENCY_BUDGET_SECONDS} s)")
        if figures["peak_connected"] < figures["connections"]:
            failures.append(f"{figures['phase']}: only {figures['peak_connected']} of {figures['connections']} attacking connections were ever open at once")
        if not intervals:
            failures.append(f"{figures['phase']}: no frames while the phone streamed")
        elif percentile(intervals, 0.99) > FRAME_P99_BUDGET_SECONDS:
            failures.append(f"{figures['phase']}: frame interval p99 {percentile(intervals, 0.99) * 1000:.1f} ms (budget {FRAME_P99_BUDGET_SECONDS * 1000:.0f} ms)")
    for failure in failures:
        print(f"attack: {failure}")
    return 1 if failures else 0


def main():
    if len(sys.argv) == 8 and sys.argv[1] == "phase":
        return phase(sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]), float(sys.argv[6]), sys.argv[7])
    if len(sys.argv) == 5 and sys.argv[1] == "table":
        return table(*sys.argv[2:5])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
