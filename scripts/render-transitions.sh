#!/usr/bin/env bash
# Writes docs/transitions/NAME.png: every transition at progress 0.5, rendered offscreen.
# Usage: scripts/render-transitions.sh [PATH_TO_GESTURE_LAB] [PROGRESS]
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-.build/release/gesture-lab}
progress=${2:-0.5}
mkdir -p docs/transitions
for name in $("$BIN" list transitions); do
    rm -f "docs/transitions/$name.png"
    "$BIN" render --transition "$name" --progress "$progress" --size 640x400 --out "docs/transitions/$name.png" --force >/dev/null
    echo "docs/transitions/$name.png"
done
