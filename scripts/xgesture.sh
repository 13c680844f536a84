#!/usr/bin/env bash
# Performs one gesture in a window with real X input (xdotool: XTEST pointer, buttons and
# keys, through the X server as a person's input arrives). The whole gesture runs as ONE
# xdotool command chain, so its timing is xdotool's own `sleep` between steps rather than
# the 5–10 ms it takes to start a process per step: flicks come out fast.
#
# Usage: scripts/xgesture.sh WINDOW_ID 'ACTION; ACTION; ...'
# Coordinates are window-relative points. Actions:
#   at X Y                     move the pointer (no button) to X Y
#   down | up                  press | release the left button where the pointer is
#   drag X Y STEPS STEP_S      move in STEPS equal steps to X Y, sleeping STEP_S after each
#   flick X Y STEPS STEP_S     the same without the sleep after the last step, so an `up`
#                              right after it lifts while the pointer is still moving
#   hold SECONDS               stay still
#   jitter DX DY N STEP_S      N moves alternating between here+(DX,DY) and here (a shaky hold)
#   alt down | alt up          press | release Alt (a mirrored second pointer while dragging)
#   ctrl down | ctrl up        press | release Ctrl (Ctrl+wheel = pinch steps)
#   wheel out|in N STEP_S      N wheel notches away from (out: spread) / towards (in: close)
#                              the user, sleeping STEP_S after each
#   key K                      press and release key K (e.g. r: stop recording mid-gesture)
# Prints the xdotool chain it runs on standard error.
set -euo pipefail
window=$1
actions=$2
chain=()
x=0
y=0
IFS=';' read -ra steps <<< "$actions"
for step in "${steps[@]}"; do
    read -ra word <<< "$step"
    [ "${#word[@]}" -eq 0 ] && continue
    case "${word[0]}" in
        at)
            x=${word[1]} y=${word[2]}
            chain+=(mousemove --window "$window" "$x" "$y")
            ;;
        down) chain+=(mousedown 1) ;;
        up) chain+=(mouseup 1) ;;
        drag|flick)
            to_x=${word[1]} to_y=${word[2]} count=${word[3]} pause=${word[4]}
            for i in $(seq 1 "$count"); do
                chain+=(mousemove --window "$window" $(( x + (to_x - x) * i / count )) $(( y + (to_y - y) * i / count )))
                [[ "${word[0]}" == flick && $i -eq $count ]] || chain+=(sleep "$pause")
            done
            x=$to_x y=$to_y
            ;;
        hold) chain+=(sleep "${word[1]}") ;;
        jitter)
            dx=${word[1]} dy=${word[2]} count=${word[3]} pause=${word[4]}
            for i in $(seq 1 "$count"); do
                if (( i % 2 )); then
                    chain+=(mousemove --window "$window" $(( x + dx )) $(( y + dy )))
                else
                    chain+=(mousemove --window "$window" "$x" "$y")
                fi
                chain+=(sleep "$pause")
            done
            if (( count % 2 )); then x=$(( x + dx )) y=$(( y + dy )); fi
            ;;
        alt) [ "${word[1]}" = down ] && chain+=(keydown Alt_L) || chain+=(keyup Alt_L) ;;
        ctrl) [ "${word[1]}" = down ] && chain+=(keydown Control_L) || chain+=(keyup Control_L) ;;
        wheel)
            button=5
            [ "${word[1]}" = out ] && button=4
            # mousedown+mouseup, not `click`, which waits 100 ms after each click
            for _ in $(seq 1 "${word[2]}"); do chain+=(mousedown "$button" mouseup "$button" sleep "${word[3]}"); done
            ;;
        key) chain+=(key "${word[1]}") ;;
        *) echo "xgesture: unknown action '${word[0]}' in '$step'" >&2; exit 2 ;;
    esac
done
echo "xdotool ${chain[*]}" >&2
xdotool "${chain[@]}"
