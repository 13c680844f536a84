#!/usr/bin/env python3
"""The web test `gesture-lab export-test --for web` writes, run end to end against the lab's own
capture page in headless Debian Chromium, for every corpus trace the page can take.

1. Every trace of recordings/ is sorted into those the capture page can take (a swipe or a pinch
   recorded under the page's own configuration, every touch inside the page's touch area) and
   those it cannot, each with the reason.
2. `gesture-lab export-test TRACES --for web --policy P` writes one Playwright test of them all.
3. `gesture-lab capture-page --policy P` writes the page, served on 127.0.0.1 with COOP and COEP
   headers (cross-origin isolated, so Chromium gives event.timeStamp to 5 µs, not 100 µs).
4. pytest runs the exported test, unchanged, with scripts/export-test-web/gesture_lab_app.py as
   its hook: Playwright drives /usr/bin/chromium (GESTURE_LAB_CHROMIUM; no browser is ever
   downloaded), the test dispatches each recorded touch through the DevTools protocol at its
   recorded time and asserts what the page decided; after each trace the hook presses Save and
   keeps the downloads.
5. Each downloaded trace is held to the recorded gesture: every event within 0.1 ms and 0.01 CSS px
   (moves to where a finger already was are not sent, and a lift away from the last move gets a
   move there first: the rules the test's header states), and `gesture-lab check` of the saved
   traces must decide as the test asserted.

Prints the table (trace, events, max Δt, max Δx, decision asserted, decision saved, pass) and the
traces left out with why; exit 0 when everything holds, 1 otherwise. Run it with the Python of
.build/playwright-venv (scripts/playwright-venv.sh makes it).

Usage: export-test-web-roundtrip.py GESTURE_LAB [--policy SPEC] [--table FILE] [--keep DIR]
"""
import functools
import http.server
import importlib.util
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import threading

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORPUS = ROOT / "recordings"
HOOK = ROOT / "scripts/export-test-web/gesture_lab_app.py"
CHROMIUM = "/usr/bin/chromium"
CONTROLS = 56  # CSS px: the page's buttons along the bottom of the viewport
TIME_LIMIT = 0.0001  # seconds
POSITION_LIMIT = 0.01  # CSS px


def page_configuration(gesture_lab, policy, work):
    """The capture page for `policy` and the header configuration of each of its modes."""
    site = work / "site"
    site.mkdir()
    page = site / "capture.html"
    subprocess.run([gesture_lab, "capture-page", "--policy", policy, "--out", str(page)], check=True, stdout=subprocess.DEVNULL)
    html = page.read_text()
    start = html.index("const CONFIG = ") + len("const CONFIG = ")
    return site, json.loads(html[start:html.index(";\n", start)])["modes"]


def load(path):
    lines = [line.rstrip(",") for line in path.read_text().splitlines() if line not in ("[", "]", "")]
    return json.loads(lines[0]), [json.loads(line) for line in lines[1:]]


def sort_corpus(modes):
    """(taken, left_out): the corpus traces the page can take as (path, mode), and the others with why."""
    taken, left_out = [], []
    ignored = ("policy", "transition")
    for path in sorted(CORPUS.rglob("*.json")):
        name = str(path.relative_to(ROOT))
        try:
            header, events = load(path)
        except (OSError, ValueError) as error:
            left_out.append((name, f"not a trace this script reads: {error}"))
            continue
        config = header.get("config", {})
        controllers = config.get("controllers")
        if controllers not in (["swipe"], ["pinch"]):
            left_out.append((name, f"controllers {','.join(controllers or [])}: the page records swipes and pinches only"))
            continue
        mode = controllers[0]
        differing = sorted(key for key in set(config) | set(modes[mode]) if key not in ignored and config.get(key) != modes[mode].get(key))
        if differing:
            left_out.append((name, "recorded under " + ", ".join(f"{key} {json.dumps(config.get(key))}" for key in differing)
                             + f": the page's {mode} uses " + ", ".join(json.dumps(modes[mode].get(key)) for key in differing)))
            continue
        width, height = header["window"]["width"], header["window"]["height"]
        outside = [index for index, event in enumerate(events) if not (0 <= event["x"] < width and 0 <= event["y"] < height - CONTROLS)]
        if outside:
            event = events[outside[0]]
            left_out.append((name, f"event {outside[0]} at ({event['x']}, {event['y']}) is outside the page's touch area "
                                   f"(the {width}×{height} viewport less its {CONTROLS}-px bar of buttons); {len(outside)} such event(s)"))
            continue
        taken.append((path, name, mode))
    return taken, left_out


def gestures(events):
    """The recorded events cut into gestures, as the page records them (each from a first down to the last lift)."""
    cut, current, down = [], [], set()
    for event in events:
        current.append(event)
        if event["phase"] == "down":
            down.add(event["id"])
        elif event["phase"] in ("up", "cancel"):
            down.discard(event["id"])
        if not down:
            cut.append(current)
            current = []
    if current:
        cut.append(current)
    return cut


def contacts(events, start):
    """The events of one gesture as contacts, each one finger from its down to its lift:
    [(seconds from `start`, phase, x, y), ...], in the order the fingers went down (ties by position)."""
    current, done = {}, []
    for event in events:
        key = event["id"]
        if event["phase"] == "down":
            current[key] = []
        if key not in current:
            continue
        current[key].append(((round(event["t"] * 1e6) - start) / 1e6, event["phase"], event["x"], event["y"]))
        if event["phase"] in ("up", "cancel"):
            done.append(current.pop(key))
    done += current.values()
    return sorted(done, key=lambda contact: (round(contact[0][0] * 1e6), contact[0][2], contact[0][3]))


def as_sent(gesture):
    """The gesture's contacts as the browser delivers them (the rules the exported test's header
    states): a move to where the finger already is is not sent; a lift away from the finger's last
    position comes after a move there."""
    sent = []
    for contact in contacts(gesture, round(gesture[0]["t"] * 1e6)):
        kept = [contact[0]]
        for event in contact[1:]:
            t, phase, x, y = event
            if phase == "move" and (x, y) == kept[-1][2:]:
                continue
            if phase == "up" and (x, y) != kept[-1][2:]:
                kept.append((t, "move", x, y))
            kept.append(event)
        sent.append(kept)
    return sent


def saved_contacts(path):
    _, events = load(path)
    return contacts(events, 0)


def check_decisions(gesture_lab, paths):
    """Every saved trace's decisions as `gesture-lab check` replays it (under its own header)."""
    if not paths:
        return {}
    result = subprocess.run([gesture_lab, "check", *map(str, paths), "--json", "--expect", "finished"], capture_output=True, text=True)
    found = {}
    for line in result.stdout.splitlines():
        record = json.loads(line)
        if "transitions" in record:
            found[record["trace"]] = [t["decision"] for t in record["transitions"]]
    return found


class IsolatedHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the page cross-origin isolated (COOP and COEP), as an app that wants fine event times does."""

    def end_headers(self):
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()

    def log_message(self, *arguments):
        pass


def main():
    arguments = sys.argv[1:]
    if not arguments or arguments[0].startswith("-"):
        sys.exit(__doc__)
    gesture_lab = str(pathlib.Path(arguments[0]).resolve())
    option = lambda name, default=None: arguments[arguments.index(name) + 1] if name in arguments else default  # noqa: E731
    policy = option("--policy", "fling:velocity=300pt/s,position=0.4")
    work = pathlib.Path(option("--keep") or tempfile.mkdtemp(prefix="export-test-web-"))
    work.mkdir(parents=True, exist_ok=True)
    try:
        return run(gesture_lab, policy, work, option("--table"))
    finally:
        if not option("--keep"):
            shutil.rmtree(work, ignore_errors=True)


def run(gesture_lab, policy, work, table_path):
    site, modes = page_configuration(gesture_lab, policy, work)
    taken, left_out = sort_corpus(modes)
    test = work / "test_gesture_lab.py"
    export = subprocess.run([gesture_lab, "export-test", *[name for _, name, _ in taken], "--for", "web", "--policy", policy,
                             "--out", str(test)], capture_output=True, text=True, cwd=ROOT)
    print(export.stdout.strip())
    if export.returncode != 0:
        print(export.stderr)
        print("export-test web round trip FAIL: export-test refused the traces")
        return 1
    shutil.copy(HOOK, work / "gesture_lab_app.py")
    (work / "modes.json").write_text(json.dumps({name: mode for _, name, mode in taken}))
    saved_root = work / "saved"
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(IsolatedHandler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    environment = dict(os.environ, GESTURE_LAB_CHROMIUM=CHROMIUM, GESTURE_LAB_APP_URL=f"http://127.0.0.1:{server.server_port}/capture.html",
                       GESTURE_LAB_MODES=str(work / "modes.json"), GESTURE_LAB_SAVED=str(saved_root), PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD="1")
    try:
        pytest = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(test)], cwd=work, env=environment,
                                capture_output=True, text=True)
    finally:
        server.shutdown()
    summary = [line for line in pytest.stdout.splitlines() if line.strip()]
    print("pytest: " + (summary[-1] if summary else "(no output)"))
    problems = []
    if pytest.returncode != 0:
        problems.append(f"the exported test failed (pytest exit {pytest.returncode})")
        print(pytest.stdout[:6000], pytest.stderr[-3000:])

    # What the exported test asserted: its own data.
    sys.path.insert(0, str(work))
    os.environ.update(environment)
    spec = importlib.util.spec_from_file_location("exported_test", test)
    exported = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(exported)
    asserted = {trace.name: [release[0] for gesture in trace.gestures for release in gesture.releases] for trace in exported.TRACES}

    rows = []
    folders = {}
    for index, (path, name, _) in enumerate(taken):
        folder = saved_root / f"{index:03d}"
        folders[name] = sorted(file for file in folder.glob("*.json") if file.name != "live.json") if folder.exists() else []
    decided = check_decisions(gesture_lab, [file for files in folders.values() for file in files])
    for path, name, _ in taken:
        _, events = load(path)
        recorded = gestures(events)
        files = folders[name]
        sent_count = saved_count = 0
        worst_t = worst_x = 0.0
        trouble = []
        if len(files) != len(recorded):
            trouble.append(f"{len(files)} trace(s) saved for {len(recorded)} gesture(s)")
        for number, (gesture, file) in enumerate(zip(recorded, files), 1):
            sent, saved = as_sent(gesture), saved_contacts(file)
            sent_count += sum(map(len, sent))
            saved_count += sum(map(len, saved))
            if [len(c) for c in sent] != [len(c) for c in saved]:
                trouble.append(f"gesture {number}: contacts of {[len(c) for c in saved]} events saved for {[len(c) for c in sent]} sent")
            for finger, (mine, theirs) in enumerate(zip(sent, saved), 1):
                for index, (a, b) in enumerate(zip(mine, theirs)):
                    dt, dx = abs(a[0] - b[0]), max(abs(a[2] - b[2]), abs(a[3] - b[3]))
                    worst_t, worst_x = max(worst_t, dt), max(worst_x, dx)
                    if a[1] != b[1] or dt > TIME_LIMIT or dx > POSITION_LIMIT:
                        trouble.append(f"gesture {number}, finger {finger}, event {index}: sent {a}, saved {b}")
        saved_decisions = [decision for file in files for decision in decided.get(str(file), ["(unread)"])]
        lab = asserted.get(name, [])
        if saved_decisions != lab:
            trouble.append(f"saved traces decide {saved_decisions}, the test asserted {lab}")
        recorded_count = sum(len(g) for g in recorded)
        rows.append((name, f"{saved_count}/{sent_count}" + ("" if sent_count == recorded_count else f" ({recorded_count} recorded)"),
                     worst_t * 1000, worst_x, ",".join(lab) or "(none)", ",".join(saved_decisions) or "(none)", not trouble))
        problems += [f"{name}: {text}" for text in trouble[:5]]

    width = max(len(row[0]) for row in rows) if rows else 10
    lines = [f"export-test --for web, replayed on the capture page in headless Chromium under {policy}",
             f"{'trace':<{width}}  {'events saved/sent':>22}  {'max Δt ms':>9}  {'max Δx px':>9}  {'decision asserted':>17}  {'decision saved':>14}  pass"]
    for name, count, dt, dx, lab, saved, ok in rows:
        lines.append(f"{name:<{width}}  {count:>22}  {dt:>9.4f}  {dx:>9.4f}  {lab:>17}  {saved:>14}  {'yes' if ok else 'NO'}")
    lines.append(f"{len(rows)} traces, {sum(1 for row in rows if row[6])} pass; worst Δt {max((r[2] for r in rows), default=0):.4f} ms "
                 f"(limit {TIME_LIMIT * 1000:g}), worst Δx {max((r[3] for r in rows), default=0):.4f} px (limit {POSITION_LIMIT:g})")
    lines.append(f"left out ({len(left_out)}):")
    lines += [f"  {name}: {why}" for name, why in left_out]
    text = "\n".join(lines)
    print(text)
    if table_path:
        pathlib.Path(table_path).write_text(text + "\n")
    for problem in problems:
        print("FAIL", problem)
    print(f"export-test web round trip {'FAIL' if problems else 'PASS'}: {len(rows)} traces, {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
