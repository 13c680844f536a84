#!/usr/bin/env python3
"""Plays a phone for `gesture-lab play --serve` (Tests/EndToEnd/e2e-serve.sh): streams touches to the
window as the served page does, on the schedule of their own times, and checks the server's
refusals; then compares the window's live decisions with a headless replay of its recording.

Usage:
  serve-client.py send URL WORK_FOLDER TRACE_TO_SEND [SCREENSHOT_COMMAND...]
      streams a flick and a two-finger pinch (the command, if given, runs while the pinch is
      held), sends TRACE_TO_SEND to /traces, writes WORK_FOLDER/sent.jsonl and saved.txt
  serve-client.py full-disk URL TRACE_TO_SEND RECORD_FOLDER
      sends TRACE_TO_SEND three times to a window whose RECORD_FOLDER is too full for it: each
      must get 507 with the reason and leave the folder as it was; then, with the folder's
      filler removed, once more, which must be saved (201)
  serve-client.py compare SENT_JSONL|- RECORDING EVENTS_JSONL REPLAY_JSON TRANSITIONS
      TRANSITIONS live, whose decisions equal the replay's; with SENT_JSONL, the recorded
      touches are those sent, at the phone's intervals
Standard library only; every request goes to the URL's own host (the loopback address).
"""
import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request


def request(url, body=None, method=None):
    """(status, body text) of one request; HTTP errors are answers, not exceptions."""
    data = body.encode() if isinstance(body, str) else body
    req = urllib.request.Request(url, data=data, method=method or ("POST" if data is not None else "GET"))
    try:
        with urllib.request.urlopen(req, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def flick():
    """One finger: down at (150, 300), six moves of 14 pt 8 ms apart (1,750 pt/s), up."""
    events = [(0.0, 7, "down", 150, 300)]
    events += [(0.008 * step, 7, "move", 150 + 14 * step, 300) for step in range(1, 7)]
    events.append((0.056, 7, "up", 234, 300))
    return events


def pinch(start):
    """Two fingers moving apart about (400, 300) for 300 ms, 16 ms apart; held, then lifted."""
    events = [(start, 11, "down", 360, 300), (start, 12, "down", 440, 300)]
    for step in range(1, 20):
        spread = 40 + 6 * step
        events += [(start + 0.016 * step, 11, "move", 400 - spread, 300), (start + 0.016 * step, 12, "move", 400 + spread, 300)]
    return events


def stream(base_url, stream_name, events, phone_origin, wall_origin, sent):
    """Posts each event in its own batch when its time comes, as the page does."""
    for t, pointer, phase, x, y in events:
        delay = wall_origin + t - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        event = {"t": round(phone_origin + t, 6), "id": pointer, "kind": "touch", "phase": phase, "x": x, "y": y}
        status, text = request(f"{base_url}&stream={stream_name}".replace("/?", "/touches?", 1), json.dumps([event]))
        if status != 200:
            raise SystemExit(f"serve: a streamed touch was refused: {status} {text.strip()}")
        sent.append(event)


def send(url, work, trace_path, screenshot_command):
    parsed = urllib.parse.urlsplit(url)
    bare = urllib.parse.urlunsplit((parsed.scheme, parsed.netloc, "/", "", ""))
    failures = []
    status, page = request(url)
    if status != 200 or "getCoalescedEvents" not in page:
        failures.append(f"the page with the token: {status}")
    for label, (target, body) in {"the page without a token": (bare, None),
                                  "touches with a wrong token": (bare + "touches?token=0&stream=x", "[]"),
                                  "a trace without a token": (bare + "traces", "[]")}.items():
        status, _ = request(target, body)
        if status != 403:
            failures.append(f"{label}: {status}, expected 403")
    status, text = request(url.replace("/?", "/touches?", 1), '[{"t":1,"id":1,"kind":"finger","phase":"down","x":0,"y":0}]')
    if status != 400 or "event 0" not in text:
        failures.append(f"a bad batch: {status} {text.strip()}")
    sent = []
    phone_origin = 12.5
    wall_origin = time.monotonic() + 0.05
    stream(url, "e2e", flick(), phone_origin, wall_origin, sent)
    held = pinch(1.0)
    stream(url, "e2e", held, phone_origin, wall_origin, sent)
    time.sleep(0.2)
    if screenshot_command:
        subprocess.run(screenshot_command, check=False)
        time.sleep(0.5)
    lift_at = time.monotonic() - wall_origin
    stream(url, "e2e", [(lift_at, 11, "up", 286, 300), (lift_at, 12, "up", 514, 300)], phone_origin, wall_origin, sent)
    time.sleep(0.8)
    with open(trace_path, "rb") as handle:
        status, text = request(url.replace("/?", "/traces?", 1) + "&name=../../escape.json", handle.read())
    if status != 201:
        failures.append(f"sending a trace: {status} {text.strip()}")
    else:
        with open(f"{work}/saved.txt", "w") as handle:
            handle.write(json.loads(text)["saved"] + "\n")
    with open(f"{work}/sent.jsonl", "w") as handle:
        for event in sent:
            handle.write(json.dumps(event) + "\n")
    for failure in failures:
        print(f"serve: {failure}")
    print(f"serve: streamed {len(sent)} touches; refusals and the page {'as expected' if not failures else 'WRONG'}")
    return 1 if failures else 0


def full_disk(url, trace_path, folder):
    with open(trace_path, "rb") as handle:
        trace = handle.read()
    target = url.replace("/?", "/traces?", 1)
    before = sorted(os.listdir(folder))
    failures = []
    for attempt in range(1, 4):
        status, text = request(target, trace)
        if status != 507 or "No space left on device" not in text:
            failures.append(f"upload {attempt} to a full disk: {status} {text.strip()}, expected 507 naming the full disk")
        after = sorted(os.listdir(folder))
        if after != before:
            failures.append(f"upload {attempt} to a full disk left {sorted(set(after) - set(before))} in the record folder")
    os.remove(os.path.join(folder, "filler"))
    status, text = request(target, trace)
    if status != 201:
        failures.append(f"upload after space was freed: {status} {text.strip()}, expected 201")
    for failure in failures:
        print(f"serve: {failure}")
    print(f"serve: a full disk: 3 uploads {'refused with 507, nothing left behind' if not failures else 'WRONG'}; saved once space was freed")
    return 1 if failures else 0


def compare(sent_path, recording_path, events_path, replay_path, transitions):
    sent = []
    if sent_path != "-":
        with open(sent_path) as handle:
            sent = [json.loads(line) for line in handle if line.strip()]
    with open(recording_path) as handle:
        recorded = [json.loads(line.rstrip(",\n")) for line in handle.readlines()[2:] if line.startswith("{")]
    with open(events_path) as handle:
        live = [json.loads(line) for line in handle if line.strip()]
    with open(replay_path) as handle:
        replayed = json.load(handle)["transitions"]
    failures = []
    if sent and len(recorded) != len(sent):
        failures.append(f"sent {len(sent)} touches, recorded {len(recorded)}")
    deviations = [abs((r2["t"] - r1["t"]) - (s2["t"] - s1["t"]))
                  for (s1, s2), (r1, r2) in zip(zip(sent, sent[1:]), zip(recorded, recorded[1:]))]
    worst = max(deviations, default=0)
    positions = [(s["x"], s["y"]) == (r["x"], r["y"]) and s["phase"] == r["phase"] for s, r in zip(sent, recorded)]
    if not all(positions):
        failures.append("recorded positions or phases differ from those sent")
    if len(live) != int(transitions) or len(replayed) != int(transitions):
        failures.append(f"{len(live)} live transitions and {len(replayed)} replayed, expected {transitions}")
    print("| gesture | controller | live decision | replay decision | live progress at release | replay progress at release | live pt/s |")
    print("|---|---|---|---|---|---|---|")
    for number, (live_record, replay_record) in enumerate(zip(live, replayed), start=1):
        print(f"| {number} | {live_record.get('controller')} | {live_record['decision']} ({live_record['outcome']}) | "
              f"{replay_record['decision']} ({replay_record['outcome']}) | {live_record['progress_at_release']:.6f} | "
              f"{replay_record['progress_at_release']:.6f} | {live_record.get('velocity_at_release', '-')} |")
        same = (live_record["decision"] == replay_record["decision"] and live_record["outcome"] == replay_record["outcome"]
                and abs(live_record["progress_at_release"] - replay_record["progress_at_release"]) <= 1e-6)
        if not same:
            failures.append(f"gesture {number}: live and replay differ: {live_record} / {replay_record}")
    if sent:
        print(f"serve: recorded intervals differ from the phone's by at most {worst * 1000:.3f} ms")
    for failure in failures:
        print(f"serve: {failure}")
    return 1 if failures else 0


def main():
    if len(sys.argv) >= 5 and sys.argv[1] == "send":
        return send(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:])
    if len(sys.argv) == 5 and sys.argv[1] == "full-disk":
        return full_disk(*sys.argv[2:5])
    if len(sys.argv) == 7 and sys.argv[1] == "compare":
        return compare(*sys.argv[2:7])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
