#!/usr/bin/env python3
"""Runs every `gesture-lab …` example of the README as written, from a fresh copy of the
repository, and says which ran.

Usage: readme-examples.py PATH_TO_GESTURE_LAB [README]

The examples are the inline code spans that start with `gesture-lab ` and the lines of fenced
code blocks that do (a block's lines run in order, as one session). Each runs through `sh`
with `gesture-lab` on PATH, in a copy of the files git knows (tracked and untracked, not
ignored), with a /tmp of its own (a private mount namespace: `unshare`, as root), so an
example's `--out /tmp/...` is new every time and nothing outside is touched. Window commands
(`gesture-lab` alone, `play`, `replay` without `--headless`) run under Xvfb and pass when the
window opened and is still running a moment later (or after WINDOW_SECONDS at most). A `check` or `trace diff` may exit 1 (a trace failed, two
rules differ: what they are for); every other command must exit 0. Prints a table and `N passed, N failed`; exits 1 on any
failure.
"""
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

WINDOW_SECONDS = 5
# How long a window example must keep running after it says its window is open.
WINDOW_SETTLE_SECONDS = 0.5
EXAMPLE_SECONDS = 300


def examples(readme_text):
    """(line number, [commands]) in README order: a span alone, or a fenced block's lines."""
    found = []
    in_block = False
    block = []
    block_start = 0
    for number, line in enumerate(readme_text.splitlines(), start=1):
        if line.startswith("```"):
            if in_block and block:
                found.append((block_start, block))
            in_block, block, block_start = not in_block, [], number
            continue
        if in_block:
            command = line.split("  #")[0].strip()
            if command.startswith("gesture-lab "):
                block.append(command)
            continue
        for span in re.findall(r"`(gesture-lab(?: [^`]*)?)`", line):
            found.append((number, [span.replace("\\|", "|")]))
    return found


def is_window(command):
    words = command.split()
    if words == ["gesture-lab"]:
        return True
    if len(words) > 1 and words[1] == "play":
        return True
    return len(words) > 1 and words[1] == "replay" and "--headless" not in words


def copy_repository(root, destination):
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=root,
                            check=True, capture_output=True).stdout.split(b"\0")
    for name in filter(None, listed):
        source = os.path.join(root, name.decode())
        if not os.path.isfile(source):
            continue  # deleted in the working tree
        target = os.path.join(destination, name.decode())
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copy2(source, target)


def run_window(arguments, environment):
    """(exit code, output) of a window example: 0 when it said its window was open and was still
    running WINDOW_SETTLE_SECONDS later (it is then stopped), its own code if it ended first."""
    with tempfile.TemporaryFile(mode="w+") as output:
        process = subprocess.Popen(arguments, env=environment, stdout=output, stderr=subprocess.STDOUT, text=True,
                                   start_new_session=True)
        deadline = time.monotonic() + WINDOW_SECONDS
        opened_at = None
        while process.poll() is None and time.monotonic() < deadline:
            if opened_at is None:
                output.seek(0)
                if "window open" in output.read():
                    opened_at = time.monotonic()
            elif time.monotonic() - opened_at >= WINDOW_SETTLE_SECONDS:
                break
            time.sleep(0.05)
        code = process.poll()
        if code is None:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait()
            code = 0
        output.seek(0)
        return code, output.read()


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    binary = os.path.realpath(sys.argv[1])
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
    readme = sys.argv[2] if len(sys.argv) == 3 else os.path.join(root, "README.md")
    if os.geteuid() != 0:
        sys.exit("readme-examples: needs root for a private /tmp (unshare --mount)")
    with open(readme, encoding="utf-8") as handle:
        found = examples(handle.read())
    # Outside /tmp, which each example gets a new one of: the copy and the binary stay in sight.
    work = tempfile.mkdtemp(prefix="readme-examples-", dir="/var/tmp")
    try:
        clone = os.path.join(work, "clone")
        copy_repository(root, clone)
        bin_folder = os.path.join(work, "bin")
        os.makedirs(bin_folder)
        shutil.copy2(binary, os.path.join(bin_folder, "gesture-lab"))
        environment = dict(os.environ, PATH=bin_folder + os.pathsep + os.environ.get("PATH", ""))
        passed = failed = 0
        print("| README line | example | exit | seconds | result |")
        print("|---|---|---|---|---|")
        for line, commands in found:
            # `check` and `trace diff` exit 1 to say what they found (a failed trace, a difference).
            script = ("mount -t tmpfs tmpfs /tmp && cd \"$1\" && shift && for command in \"$@\"; do sh -c \"$command\"; code=$?; "
                      "case \"$command\" in 'gesture-lab check '*|'gesture-lab trace diff '*) [ $code -le 1 ] || exit $code;; "
                      "*) [ $code -eq 0 ] || exit $code;; esac; done; exit 0")
            window = any(is_window(command) for command in commands)
            started = time.monotonic()
            if window:
                # A window example runs alone: opened, left a moment, stopped.
                script = "mount -t tmpfs tmpfs /tmp && cd \"$1\" && shift && exec sh -c \"$1\""
                code, output = run_window(["unshare", "--mount", "--fork", "sh", "-c", script, "sh", clone] + commands, environment)
            else:
                try:
                    result = subprocess.run(["unshare", "--mount", "--fork", "sh", "-c", script, "sh", clone] + commands,
                                            env=environment, capture_output=True, text=True, timeout=EXAMPLE_SECONDS)
                    code, output = result.returncode, result.stdout + result.stderr
                except subprocess.TimeoutExpired:
                    code, output = "timeout", ""
            seconds = time.monotonic() - started
            ok = code == 0 and (not window or "window open" in output)
            passed += ok
            failed += not ok
            shown = " ; ".join(commands).replace("|", "\\|")
            print(f"| {line} | `{shown}` | {code} | {seconds:.1f} | {'ok' if ok else 'FAILED'} |")
            if not ok:
                for text in output.strip().splitlines()[-8:]:
                    print(f"|   | {text.replace('|', '/')} | | | |")
        print(f"readme examples: {passed} passed, {failed} failed")
        sys.exit(1 if failed else 0)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
