#!/usr/bin/env python3
"""Writes an evemu recording as the text Android's getevent prints for the same device and events.

Used to make the getevent fixtures from AOSP's evemu recordings (Tests/TracesTests/Fixtures/
AndroidInput): the same kernel events, printed the way toolbox/getevent.c prints them, so that
`gesture-lab import getevent` can be checked against the MotionEvents Android produced from them.

Usage: scripts/evemu-to-getevent.py RECORDING.evemu PREFIX [--device /dev/input/event2]
Writes PREFIX.getevent-lp.txt and PREFIX.getevent-p.txt (getevent -lp / -p: the device and its
axes), PREFIX.getevent-lt.txt (getevent -lt watching every device: device lines, then each event
with its device's path) and PREFIX.getevent-t.txt (getevent -t DEVICE: numbers only, no paths).
Names: only the ones this recording needs; getevent prints codes it has no name for in hexadecimal,
and so does this script.
"""
import argparse
import sys

TYPES = {0x00: "EV_SYN", 0x01: "EV_KEY", 0x02: "EV_REL", 0x03: "EV_ABS", 0x04: "EV_MSC"}
CODES = {
    0x00: {0x00: "SYN_REPORT", 0x01: "SYN_CONFIG", 0x02: "SYN_MT_REPORT", 0x03: "SYN_DROPPED"},
    0x01: {0x8F: "KEY_WAKEUP", 0x14A: "BTN_TOUCH", 0x145: "BTN_TOOL_FINGER"},
    0x03: {0x00: "ABS_X", 0x01: "ABS_Y", 0x18: "ABS_PRESSURE", 0x2F: "ABS_MT_SLOT", 0x30: "ABS_MT_TOUCH_MAJOR",
           0x31: "ABS_MT_TOUCH_MINOR", 0x32: "ABS_MT_WIDTH_MAJOR", 0x33: "ABS_MT_WIDTH_MINOR",
           0x34: "ABS_MT_ORIENTATION", 0x35: "ABS_MT_POSITION_X", 0x36: "ABS_MT_POSITION_Y",
           0x37: "ABS_MT_TOOL_TYPE", 0x38: "ABS_MT_BLOB_ID", 0x39: "ABS_MT_TRACKING_ID", 0x3A: "ABS_MT_PRESSURE",
           0x3B: "ABS_MT_DISTANCE"},
}
KEY_VALUES = {0: "UP", 1: "DOWN", 2: "REPEAT"}
PROPS = {0: "INPUT_PROP_POINTER", 1: "INPUT_PROP_DIRECT", 2: "INPUT_PROP_BUTTONPAD"}


def read_evemu(path):
    name, axes, keys, props, events = "", [], [], [], []
    key_bytes = []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            kind, _, rest = line.partition(": ")
            fields = rest.split()
            if kind == "N":
                name = rest
            elif kind == "A":
                code, low, high, fuzz, flat = (int(fields[0], 16), *map(int, fields[1:5]))
                resolution = int(fields[5]) if len(fields) > 5 else 0
                axes.append((code, low, high, fuzz, flat, resolution))
            elif kind == "B" and fields[0] == "01":
                key_bytes += [int(byte, 16) for byte in fields[1:]]
            elif kind == "P":
                props += [int(byte, 16) for byte in fields]
            elif kind == "E":
                seconds, micros = fields[0].split(".")
                events.append((int(seconds), int(micros), int(fields[1], 16), int(fields[2], 16), int(fields[3])))
    keys = [index * 8 + bit for index, byte in enumerate(key_bytes) for bit in range(8) if byte >> bit & 1]
    props = [index * 8 + bit for index, byte in enumerate(props) for bit in range(8) if byte >> bit & 1]
    return name, axes, keys, props, events


def description(path, name, axes, keys, props, labels):
    """getevent -p (labels False) or -lp (True) for one device, as print_possible_events writes it."""
    out = [f"add device 1: {path}", f'  name:     "{name}"', "  events:"]

    def entry(type_, code):
        label = CODES.get(type_, {}).get(code) if labels else None
        if label:
            return " %.20s%c%s" % (label, " ", " " * (20 - len(label)))
        return " %04x%c" % (code, " ") + (" " * 16 if labels else "")

    if keys:
        text = "    KEY (0001):"
        for count, code in enumerate(keys):
            if count and count % (4 if labels else 8) == 0:
                text += "\n               "
            text += entry(0x01, code)
        out += text.split("\n")
    for count, (code, low, high, fuzz, flat, resolution) in enumerate(axes):
        start = "    ABS (0003):" if count == 0 else "               "
        out.append(start + entry(0x03, code)
                   + f" : value 0, min {low}, max {high}, fuzz {fuzz}, flat {flat}, resolution {resolution}")
    out.append("  input props:")
    out += [f"    {PROPS.get(prop, '%04x' % prop)}" for prop in props] or ["    <none>"]
    return "\n".join(out) + "\n"


def event_line(event, device, labels):
    seconds, micros, type_, code, value = event
    text = "[%8d.%06d] " % (seconds, micros)
    if device:
        text += f"{device}: "
    bits = value & 0xFFFFFFFF
    if not labels:
        return text + "%04x %04x %08x" % (type_, code, bits)
    type_label = TYPES.get(type_)
    code_label = CODES.get(type_, {}).get(code)
    value_label = KEY_VALUES.get(value) if type_ == 0x01 else None
    text += "%-12.12s" % type_label if type_label else "%04x        " % type_
    text += " %-20.20s" % code_label if code_label else " %04x                " % code
    text += " %-20.20s" % value_label if value_label else " %08x            " % bits
    return text


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("recording")
    parser.add_argument("prefix")
    parser.add_argument("--device", default="/dev/input/event2")
    arguments = parser.parse_args()
    name, axes, keys, props, events = read_evemu(arguments.recording)
    if not events:
        sys.exit(f"{arguments.recording}: no E: lines")
    outputs = {
        "getevent-lp.txt": description(arguments.device, name, axes, keys, props, labels=True),
        "getevent-p.txt": description(arguments.device, name, axes, keys, props, labels=False),
        "getevent-lt.txt": f"add device 1: {arguments.device}\n  name:     \"{name}\"\n"
                           + "".join(event_line(event, arguments.device, True) + "\n" for event in events),
        "getevent-t.txt": "".join(event_line(event, None, False) + "\n" for event in events),
    }
    for suffix, text in outputs.items():
        with open(f"{arguments.prefix}.{suffix}", "w", encoding="utf-8") as handle:
            handle.write(text)
        print(f"wrote {arguments.prefix}.{suffix}")


if __name__ == "__main__":
    main()
