#!/usr/bin/env python3
"""Writes docs/bench.md from the JSON `gesture-lab bench --json FILE` wrote: the machine, the
command, every figure with its spread, reference and verdict, then the notes in
docs/bench-notes.md (the hand-written part: what the profiles show). Nothing in the figures
table is typed by hand.

Usage: scripts/bench-doc.py [out/bench.json] [docs/bench.md]
"""
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def number(value):
    """Three significant figures or so, as the bench's own text report prints them."""
    magnitude = abs(value)
    if magnitude >= 1_000_000:
        return f"{value / 1_000_000:.2f} M"
    decimals = 0 if magnitude >= 1000 else 1 if magnitude >= 100 else 2 if magnitude >= 10 else 3 if magnitude >= 1 else 4
    return f"{value:,.{decimals}f}"


def cell(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def verdict(figure):
    if "met" not in figure:
        return "—"
    return f"{'met' if figure['met'] else '**missed**'}: {figure['target']}"


def swift_version():
    try:
        output = subprocess.run(["swift", "--version"], capture_output=True, text=True, timeout=60).stdout
        return output.splitlines()[0].strip() if output else "unknown"
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def main():
    source = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "out/bench.json"
    target = Path(sys.argv[2]) if len(sys.argv) > 2 else ROOT / "docs/bench.md"
    report = json.loads(source.read_text())
    lines = [
        "# Benchmarks",
        "",
        "Speed and memory are measured by `gesture-lab bench`, never asserted in tests. This page is",
        f"written by `scripts/bench-doc.py` from `{source.name}`; do not edit it by hand (the notes at",
        "the end come from `docs/bench-notes.md`).",
        "",
        "```",
        "make bench                      # release build, scripts/run-bench.sh: Xvfb if needed, the",
        "                                # Python venv for the JSON peers, the bare SDL2 window",
        "                                # (scripts/bare-sdl-window.c), out/bench.json",
        "scripts/bench-doc.py            # this page from out/bench.json",
        "scripts/run-bench.sh .build/release/gesture-lab --only rendering --transitions fold --sizes 2560x1600",
        "                                # one section, some transitions, some sizes (bench --help)",
        "```",
        "",
        "## Figures",
        "",
        f"- Command: `{report.get('command', 'gesture-lab bench')}` on {report.get('date', 'an unknown date')}"
        + (" (**--quick**: small inputs, few runs)" if report.get("quick") else ""),
        f"- Machine: {report.get('machine', 'unknown')} (load average when the bench started: 1, 5 and 15 minutes)",
        f"- Toolchain: {swift_version()}",
    ]
    loads = report.get("load_average_after_section", {})
    if loads:
        lines.append("- Load average after each section: " + "; ".join(f"{name} {value}" for name, value in loads.items()))
    lines += [
        "",
        "Each figure is the median of its runs with the fastest and slowest run beside it. Rendering",
        "figures are the p99 frame time of each pass (the median of the passes, their spread), with",
        "the p50, the CPU time and the copy floor measured frame by frame in the same loop (and at",
        "1280×800 SDL's own software renderer). A ratio compares with a reference measured in the",
        "same run, the same way.",
        "",
        "| section | figure | median | fastest…slowest | runs | reference | verdict | note |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for figure in report["figures"]:
        reference = f"×{figure['ratio']:.2f} vs {figure['reference']}" if "reference" in figure else "—"
        median = f"{number(figure['median'])} {figure['unit']}".strip()
        spread = f"{number(figure['low'])}…{number(figure['high'])}"
        lines.append("| " + " | ".join(cell(part) for part in [
            figure["section"], figure["name"], median, spread, figure["runs"], reference, verdict(figure), figure.get("note", "")]) + " |")
    missed = [figure["name"] for figure in report["figures"] if figure.get("met") is False]
    lines += ["", f"Targets missed in this run: {len(missed)} of {sum(1 for f in report['figures'] if 'met' in f)}."]
    notes = ROOT / "docs/bench-notes.md"
    if notes.exists():
        lines += ["", notes.read_text().rstrip()]
    target.write_text("\n".join(lines) + "\n")
    print(f"wrote {target}")


if __name__ == "__main__":
    main()
