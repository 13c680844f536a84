#!/usr/bin/env python3
"""Runs gesture-lab on the hostile and unlucky inputs of issue 16 and prints, for each, the
time, the peak memory, the exit code and the first line of the message, as a Markdown table.

Usage: scripts/robustness-cases.py [--binary PATH] [--only SUBSTRING] [--small]

Time is elapsed and CPU (user + system) seconds. The inputs are generated into a temporary folder (up to about 250 MB of disk; --small divides
the sizes by ten). Time and memory come from /usr/bin/time (elapsed seconds, maximum resident
set size). Nothing here is a test: the assertions live in the Swift suites and e2e.sh; this
measures, so the figures in the closing notes can be reproduced.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HEADER = ('{"format":"gesture-lab-trace","version":"1.0","window":{"width":800,"height":600},'
          '"config":{"controllers":["swipe"],"policy":"vctransitions","transition":"crossfade"}}')
EVENT = '{{"t":{t:.6f},"id":1,"kind":"touch","phase":"{phase}","x":{x:.1f},"y":300.0}}'


def trace_events(count):
    """Lines of one long drag of `count` events (down, moves, up)."""
    lines = [EVENT.format(t=0, phase="down", x=100)]
    for index in range(1, count - 1):
        lines.append(EVENT.format(t=index * 0.008, phase="move", x=100 + (index % 500)))
    lines.append(EVENT.format(t=(count - 1) * 0.008, phase="up", x=100 + ((count - 2) % 500)))
    return lines


def trace_text(lines, header=None, separator=",\n"):
    """A whole trace: the JSON array of the header and the event lines."""
    return "[\n" + (header or HEADER) + separator + separator.join(lines) + "\n]\n"


def write(folder, name, text_or_bytes):
    path = os.path.join(folder, name)
    mode = "wb" if isinstance(text_or_bytes, bytes) else "w"
    with open(path, mode) as handle:
        handle.write(text_or_bytes)
    return path


def write_lines(folder, name, pieces):
    path = os.path.join(folder, name)
    with open(path, "w") as handle:
        for piece in pieces:
            handle.write(piece)
    return path


def cases(folder, scale):
    mb = 1 << 20
    prop_a = write(folder, "a.prop", "N: Protocol A Panel\nA: 35 0 800 0 0\nA: 36 0 600 0 0\n")
    prop_b = write(folder, "b.prop", "N: Panel\nA: 2f 0 9 0 0\nA: 35 0 800 0 0\nA: 36 0 600 0 0\nA: 39 0 65535 0 0\n")
    small_trace = write(folder, "small.json", trace_text(trace_events(100)))

    def blank_evemu(size):
        def make():
            lines = ["E: 1.000000 0003 0039 1\n", "E: 1.000000 0003 0035 100\n", "E: 1.000000 0003 0036 100\n",
                     "E: 1.000000 0000 0000 0\n"]
            path = write_lines(folder, f"blank{size}.event", lines + ["\n"] * (size * mb // scale))
            return ["import", "evemu", path, "--prop", prop_b, "--out", os.path.join(folder, f"blank{size}.json")]
        return make

    def protocol_a_frame(contacts):
        def make():
            def pieces():
                yield "E: 1.000000 0003 0035 100\nE: 1.000000 0003 0036 100\nE: 1.000000 0000 0002 0\nE: 1.000000 0000 0000 0\n"
                for index in range(contacts // scale):
                    yield f"E: 1.008000 0003 0035 {index % 800}\nE: 1.008000 0003 0036 {index % 600}\nE: 1.008000 0000 0002 0\n"
                yield "E: 1.008000 0000 0000 0\n"
            path = write_lines(folder, f"protocol-a-{contacts}.event", pieces())
            return ["import", "evemu", path, "--prop", prop_a, "--out", os.path.join(folder, f"pa{contacts}.json")]
        return make

    def protocol_a_long(frames):
        def make():
            def pieces():
                for index in range(frames // scale):
                    t = 1 + index * 0.008
                    yield (f"E: {t:.6f} 0003 0035 {100 + index % 600}\nE: {t:.6f} 0003 0036 300\nE: {t:.6f} 0000 0002 0\n"
                           f"E: {t:.6f} 0003 0035 {50 + index % 600}\nE: {t:.6f} 0003 0036 100\nE: {t:.6f} 0000 0002 0\n"
                           f"E: {t:.6f} 0000 0000 0\n")
            path = write_lines(folder, f"protocol-a-long-{frames}.event", pieces())
            return ["import", "evemu", path, "--prop", prop_a, "--out", os.path.join(folder, f"pal{frames}.json")]
        return make

    def libinput_flow(size):
        def make():
            head = ("version: 1\ndevices:\n- node: /dev/input/event5\n  evdev:\n    name: \"Panel\"\n"
                    "    absinfo:\n      47: [0, 9, 0, 0, 0]\n      53: [0, 1600, 0, 0, 0]\n      54: [0, 1200, 0, 0, 0]\n"
                    "  events:\n  - evdev:\n    - [0, 0, 3, 53,\n")
            path = write_lines(folder, f"flow{size}.yml", [head] + ["      1,\n"] * (size * mb // 9 // scale) + ["      1]\n"])
            return ["import", "libinput", path, "--out", os.path.join(folder, f"flow{size}.json")]
        return make

    def libinput_frames(size):
        def make():
            head = ("version: 1\ndevices:\n- node: /dev/input/event5\n  evdev:\n    name: \"Panel\"\n"
                    "    absinfo:\n      47: [0, 9, 0, 0, 0]\n      53: [0, 1600, 0, 0, 0]\n      54: [0, 1200, 0, 0, 0]\n"
                    "      57: [0, 65535, 0, 0, 0]\n  events:\n  - evdev:\n    - [0, 0, 3, 57, 1]\n"
                    "    - [0, 0, 3, 53, 400]\n    - [0, 0, 3, 54, 600]\n    - [0, 0, 0, 0, 0]\n")

            def pieces():
                yield head
                written, frame = len(head), 1
                while written < size * mb // scale:
                    seconds, micros = divmod(frame * 1000, 1_000_000)
                    piece = (f"  - evdev:\n    - [{seconds}, {micros}, 3, 53, {400 + frame % 800}]\n"
                             f"    - [{seconds}, {micros}, 0, 0, 0]\n")
                    yield piece
                    written += len(piece)
                    frame += 1
                seconds, micros = divmod(frame * 1000, 1_000_000)
                yield f"  - evdev:\n    - [{seconds}, {micros}, 3, 57, -1]\n    - [{seconds}, {micros}, 0, 0, 0]\n"
            path = write_lines(folder, f"frames{size}.yml", pieces())
            return ["import", "libinput", path, "--out", os.path.join(folder, f"frames{size}.json")]
        return make

    def dollar_attributes(count):
        def make():
            attributes = " ".join(f'A{index}="{index}"' for index in range(count))
            path = write(folder, f"attributes{count}.xml", f'<Gesture Name="x" {attributes}>\n<Point X="1" Y="2" T="3" />\n</Gesture>\n')
            return ["import", "dollar1", path, "--out", os.path.join(folder, f"attributes{count}.json")]
        return make

    def trace_with(name, event_line=None, header=None):
        def make():
            head = header() if header else HEADER
            lines = trace_events(10)
            if event_line:
                lines[1] = event_line()
            path = write(folder, name, trace_text(lines, head))
            return ["replay", path, "--headless"]
        return make

    def huge_array(size):
        return lambda: '{"t":0.008,"id":1,"kind":"touch","phase":"move","x":101,"y":300,"extra":[' + "1," * (size * mb // 2 // scale) + "1]}"

    def huge_string(size):
        return lambda: '{"t":0.008,"id":1,"kind":"touch","phase":"move","x":101,"y":300,"extra":"' + "a" * (size * mb // scale) + '"}'

    def huge_header_array(size):
        return lambda: HEADER[:-1] + ',"extra":[' + "1," * (size * mb // 2 // scale) + "1]}"

    def one_line_trace(size):
        def make():
            count = size * mb // 62 // scale
            path = write(folder, f"oneline{size}.json", trace_text(trace_events(count), separator=","))
            return ["replay", path, "--headless"]
        return make

    big_trace_path = os.path.join(folder, "big.json")

    def big_trace():
        if not os.path.exists(big_trace_path):
            count = 119 * mb // 62 // scale
            write(folder, "big.json", trace_text(trace_events(count)))
        return big_trace_path

    def on_big(*arguments):
        def make():
            path = big_trace()
            # Each case its own output, named after its words, so no case finds another's there.
            output = os.path.join(folder, "out-" + "-".join(a.strip("-") for a in arguments if a not in ("BIG", "OUT")))
            if os.path.exists(output):
                os.remove(output)
            return [argument.replace("BIG", path).replace("OUT", output) for argument in " ".join(arguments).split(" ")]
        return make

    def fifo(command):
        def make():
            path = os.path.join(folder, "fifo.json")
            if not os.path.exists(path):
                os.mkfifo(path)
            return command.replace("FIFO", path).split(" ")
        return make

    def existing_output(command):
        def make():
            target = os.path.join(folder, "precious.txt")
            with open(target, "w") as handle:
                handle.write("keep me\n")
            link = os.path.join(folder, "link.png")
            if os.path.lexists(link):
                os.remove(link)
            os.symlink(target, link)
            return command.replace("TRACE", small_trace).replace("EXISTING", target).replace("LINK", link).split(" ")
        return make

    def hostile_notes():
        path = write(folder, "osc.json", trace_text(trace_events(10), HEADER[:-1] + ',"notes":"\\u001b]0;pwned\\u0007\\u001b]52;c;ZXZpbA==\\u0007\\u001b[2J"}'))
        return ["trace", "info", path]

    def version(text):
        return lambda: ["trace", "validate", write(folder, f"version{len(text)}.json", trace_text(trace_events(10), HEADER.replace('"1.0"', f'"{text}"')))]

    def trailing_text():
        return ["trace", "validate", write(folder, "trailing.json", trace_text(trace_events(10)) + "[]")]

    def unknown_controller():
        return ["trace", "validate", write(folder, "unknowncontroller.json", trace_text(trace_events(10), HEADER.replace('["swipe"]', '["swipe","teleport"]')))]

    def no_controllers():
        return ["trace", "validate", write(folder, "nocontrollers.json", trace_text(trace_events(10), HEADER.replace('["swipe"]', "[]")))]

    def dollar_hex():
        return ["import", "dollar1", write(folder, "hex.xml", '<Gesture Name="x">\n<Point X="0x10" Y="2" T="3" />\n</Gesture>\n'),
                "--out", os.path.join(folder, "hex.json")]

    def dollar_bad_utf8():
        return ["import", "dollar1", write(folder, "badutf8.xml", b'<Gesture Name="x\xff">\n<Point X="1" Y="2" T="3" />\n</Gesture>\n'),
                "--out", os.path.join(folder, "badutf8.json")]

    def evemu_cr():
        return ["import", "evemu", write(folder, "cr.event", "E: 1.000000 0003 0035 100\rE: 1.000000 0000 0000 0\r"),
                "--prop", prop_a, "--out", os.path.join(folder, "cr.json")]

    def bad_name():
        path = os.path.join(folder.encode(), b"bad\xffname.json")
        with open(path, "w") as handle:
            handle.write("x")
        return [b"trace", b"validate", path]

    def vctransitions_cancel():
        # A drag to progress 0.99 (swipe distance 200 pt), then the touch is cancelled.
        lines = [EVENT.format(t=0, phase="down", x=100)]
        for index in range(1, 23):
            lines.append(EVENT.format(t=index * 0.016, phase="move", x=100 + index * 9))
        lines.append(EVENT.format(t=23 * 0.016, phase="cancel", x=298))
        path = write(folder, "nearly-one.json", trace_text(lines))
        out = os.path.join(folder, "render-out")
        shutil.rmtree(out, ignore_errors=True)
        return ["render", path, "--out", out]

    return [
        ("evemu with 20 MB of blank lines", blank_evemu(20)),
        ("evemu with 200 MB of blank lines", blank_evemu(200)),
        ("evemu protocol A: one frame of 400,000 contacts", protocol_a_frame(400_000)),
        ("evemu protocol A: 300,000 frames of two contacts", protocol_a_long(300_000)),
        ("libinput: a 40 MB flow list", libinput_flow(40)),
        ("libinput: 40 MB of move frames", libinput_frames(40)),
        ("$1 XML: 40,000 attributes", dollar_attributes(40_000)),
        ("trace: an event holding a 100 MB unknown array", trace_with("array.json", event_line=huge_array(100))),
        ("trace: a 50 MB header array", trace_with("headerarray.json", header=huge_header_array(50))),
        ("trace: a 100 MB string", trace_with("string.json", event_line=huge_string(100))),
        ("trace: 8 MB compact on one line", one_line_trace(8)),
        ("trace: 100 MB compact on one line", one_line_trace(100)),
        ("export --format chrome, 119 MB trace", on_big("trace", "export", "BIG", "--format", "chrome", "--out", "OUT")),
        ("export --format csv, 119 MB trace", on_big("trace", "export", "BIG", "--format", "csv", "--out", "OUT")),
        ("transform --mirror, 119 MB trace", on_big("trace", "transform", "BIG", "--mirror", "x", "--out", "OUT")),
        ("info, 119 MB trace", on_big("trace", "info", "BIG")),
        ("check --expect finished, 119 MB trace", on_big("check", "BIG", "--expect", "finished")),
        ("diff, 119 MB trace with itself", on_big("trace", "diff", "BIG", "BIG")),
        ("replay --headless, 119 MB trace", on_big("replay", "BIG", "--headless")),
        ("replay of a FIFO", fifo("replay FIFO --headless")),
        ("check of a FIFO", fifo("check FIFO")),
        ("validate of a FIFO", fifo("trace validate FIFO")),
        ("import of a FIFO", fifo("import evemu FIFO --out /dev/null")),
        ("render: cancel from ~1 under vctransitions", vctransitions_cancel),
        ("plot --out onto an existing file", existing_output("plot TRACE --out EXISTING")),
        ("plot --out onto a symlink", existing_output("plot TRACE --out LINK")),
        ("demo --out onto an existing file", existing_output("demo --out EXISTING")),
        ("notes with OSC 0, OSC 52 and clear screen", hostile_notes),
        ("version \"+1.0\"", version("+1.0")),
        ("version \"01.5\"", version("01.5")),
        ("validate: text after the closing ]", trailing_text),
        ("validate: an unknown controller", unknown_controller),
        ("validate: \"controllers\":[]", no_controllers),
        ("$1 X=\"0x10\"", dollar_hex),
        ("$1 invalid UTF-8 in an attribute", dollar_bad_utf8),
        ("evemu with CR-only line ends", evemu_cr),
        ("a file name that is not UTF-8", bad_name),
    ]


def summary(stdout, stderr):
    """The line that says what happened: the program's error, else the first line of output
    (with the problem line after a validation's verdict)."""
    for line in stderr.splitlines():
        if line.startswith("gesture-lab"):
            return line
    lines = [line for line in stdout.splitlines() if line.strip()]
    if lines and lines[0].startswith(("INVALID", "WARN")):
        return " ".join(line.strip() for line in lines[:2])
    return lines[0] if lines else (stderr.strip().splitlines() or [""])[0]


def escaped(text):
    return "".join(ch if ch.isprintable() else f"\\x{ord(ch):02x}" for ch in text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/gesture-lab"))
    parser.add_argument("--only", default="")
    parser.add_argument("--small", action="store_true")
    parser.add_argument("--timeout", type=float, default=120)
    options = parser.parse_args()
    scale = 10 if options.small else 1
    # CPU seconds beside the elapsed ones: on a busy machine only the CPU figure compares.
    print("| case | seconds | CPU seconds | peak MiB | exit | message |")
    print("|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory(prefix="gesture-lab-robustness-") as folder:
        for name, make in cases(folder, scale):
            if options.only and options.only not in name:
                continue
            arguments = make()
            binary = options.binary.encode() if isinstance(arguments[0], bytes) else options.binary
            timing = os.path.join(folder, "time.txt")
            command = ["/usr/bin/time", "-f", "%e %U %S %M", "-o", timing, binary] + arguments
            try:
                result = subprocess.run(command, cwd="/tmp", capture_output=True, timeout=options.timeout)
                seconds, user, system, kib = open(timing).read().split()[-4:]
                cpu = f"{float(user) + float(system):.2f}"
                exit_code = str(result.returncode)
                message = summary(result.stdout.decode("utf-8", "replace"), result.stderr.decode("utf-8", "replace"))
            except subprocess.TimeoutExpired:
                seconds, cpu, kib, exit_code, message = f">{options.timeout:.0f}", "?", "?", "killed", "timed out"
            peak = f"{int(kib) / 1024:.0f}" if kib.isdigit() else kib
            message = escaped(message.replace(folder, "…"))[:140].replace("|", "\\|")
            print(f"| {name} | {seconds} | {cpu} | {peak} | {exit_code} | {message} |", flush=True)


if __name__ == "__main__":
    sys.exit(main())
