#!/usr/bin/env bash
# Records gestures by really dragging in the playground window (under Xvfb, with xdotool),
# one trace per gesture, into a folder. Each line of the plan file is
#   NAME FROM_X FROM_Y TO_X TO_Y STEPS STEP_SECONDS HOLD_SECONDS [play options...]
# and produces FOLDER/NAME.json. Label the results with `gesture-lab trace label`.
# Usage: scripts/record-gestures.sh PATH_TO_GESTURE_LAB PLAN_FILE FOLDER
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$(realpath "$1")
plan=$2
folder=$3
source scripts/xvfb.sh
start_xvfb
mkdir -p "$folder"
staging=$(mktemp -d)
while read -r name from_x from_y to_x to_y steps step_seconds hold options; do
    [[ -z "$name" || "$name" == \#* ]] && continue
    if [ -e "$folder/$name.json" ]; then echo "skip $name: $folder/$name.json exists"; continue; fi
    # shellcheck disable=SC2086
    "$BIN" play --record-dir "$staging" $options >/dev/null &
    app=$!
    window=$(timeout 20 xdotool search --sync --name "Gesture Lab" | head -1)
    xdotool mousemove --window "$window" "$from_x" "$from_y"
    sleep 0.3
    xdotool key --window "$window" r
    sleep 0.2
    scripts/xdrag.sh "$window" "$from_x" "$from_y" "$to_x" "$to_y" "$steps" "$step_seconds" "$hold"
    sleep 0.8
    xdotool key --window "$window" r
    sleep 0.2
    xdotool key --window "$window" q
    wait "$app"
    recorded=$(ls -t "$staging"/*.json | head -1)
    mv "$recorded" "$folder/$name.json"
    echo "recorded $folder/$name.json"
done < "$plan"
rm -rf "$staging"
