#!/usr/bin/env bash
# Drags the mouse in a window with xdotool: real input through the X server, as a person's
# drag arrives. Usage: xdrag.sh WINDOW_ID FROM_X FROM_Y TO_X TO_Y STEPS STEP_SECONDS [HOLD_SECONDS]
# Coordinates are relative to the window; HOLD_SECONDS pauses at the end before releasing.
set -euo pipefail
window=$1 from_x=$2 from_y=$3 to_x=$4 to_y=$5 steps=$6 step_seconds=$7 hold=${8:-0}
xdotool mousemove --window "$window" "$from_x" "$from_y"
sleep 0.1
xdotool mousedown 1
for step in $(seq 1 "$steps"); do
    x=$(( from_x + (to_x - from_x) * step / steps ))
    y=$(( from_y + (to_y - from_y) * step / steps ))
    xdotool mousemove --window "$window" "$x" "$y"
    sleep "$step_seconds"
done
sleep "$hold"
xdotool mouseup 1
