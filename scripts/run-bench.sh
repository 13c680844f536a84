#!/usr/bin/env bash
# Runs the full benchmark (under Xvfb when there is no display, for the window figures) and
# writes out/bench.json. Usage: scripts/run-bench.sh PATH_TO_GESTURE_LAB [bench options]
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$(realpath "$1")
shift
source scripts/xvfb.sh
if [ -z "${DISPLAY:-}" ]; then start_xvfb; fi
scripts/bench-venv.sh
"$BIN" bench --json out/bench.json --force "$@"
