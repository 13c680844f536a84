#!/usr/bin/env bash
# Drags the mouse in a window: real input through the X server, as a person's drag arrives,
# sent by scripts/xsend.py (the one X input sender). Usage:
# xdrag.sh WINDOW_ID FROM_X FROM_Y TO_X TO_Y STEPS STEP_SECONDS [HOLD_SECONDS]
# Coordinates are relative to the window; HOLD_SECONDS pauses at the end before releasing.
set -euo pipefail
window=$1 from_x=$2 from_y=$3 to_x=$4 to_y=$5 steps=$6 step_seconds=$7 hold=${8:-0}
eval "$(xdotool getwindowgeometry --shell "$window")"
plan=$(mktemp)
trap 'rm -f "$plan"' EXIT
echo "[{\"x\": $from_x, \"y\": $from_y, \"moves\": $steps, \"to\": [$to_x, $to_y], \"interval\": $step_seconds, \"hold\": $hold, \"pause\": 0}]" >"$plan"
python3 "$(dirname "$0")/xsend.py" "$X" "$Y" "$plan" /dev/null
