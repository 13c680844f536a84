#!/usr/bin/env bash
# Runs the full benchmark (under Xvfb when there is no display, for the window figures) and
# writes out/bench.json. Usage: scripts/run-bench.sh PATH_TO_GESTURE_LAB [bench options]
# (e.g. --only rendering --transitions fold; see gesture-lab bench --help).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$(realpath "$1")
shift
source scripts/xvfb.sh
if [ -z "${DISPLAY:-}" ]; then start_xvfb; fi
scripts/bench-venv.sh
# The start-up section's reference: a bare SDL2 window (scripts/bare-sdl-window.c), built with
# the toolchain's clang (or CC) against the same SDL2.
CC=${CC:-$(command -v clang || command -v cc)}
mkdir -p .build
"$CC" -O2 -o .build/bench-bare-sdl-window scripts/bare-sdl-window.c $(pkg-config --cflags --libs sdl2)
"$BIN" bench --json out/bench.json --force "$@"
