#!/usr/bin/env bash
# Live input against the truth: the real window under Xvfb is sent gestures on an exact
# schedule (scripts/xsend.py, through XTest as xdotool does), with R pressed 0.5 s, 5 s and
# 30 s after it opens; each recording is checked against what was sent, and the live
# decisions against the HUD and a headless replay (Tests/EndToEnd/check-live-timing.py).
# Usage: Tests/EndToEnd/e2e-live-timing.sh PATH_TO_GESTURE_LAB [DELAY...]   (default delays 0.5 5 30)
set -uo pipefail
cd "$(dirname "$0")/../.."
BIN=$(realpath "$1")
shift
delays=("$@")
[ ${#delays[@]} -eq 0 ] && delays=(0.5 5 30)
source scripts/xvfb.sh
work=$(mktemp -d)
[ -n "${KEEP_WORK:-}" ] && echo "live timing: work folder $work" || trap 'rm -rf "$work"' EXIT
start_xvfb || { echo "live timing: cannot start Xvfb"; exit 1; }
if [ -n "${KEEP_WORK:-}" ]; then trap 'kill "$XVFB_PID" 2>/dev/null || true' EXIT; else trap 'kill "$XVFB_PID" 2>/dev/null || true; rm -rf "$work"' EXIT; fi

# 30 moves 20 ms apart (500 pt/s); 10 moves 50 ms apart (100 pt/s); a drag held 600 ms
# before release; a fast flick, 8 moves 8 ms apart (3,750 pt/s), past the threshold 40 ms
# before its release so that the HUD has shown the decision.
gestures='{"x": 150, "y": 300, "moves": 30, "dx": 10, "interval": 0.02, "pause": 1.0},
  {"x": 200, "y": 350, "moves": 10, "dx": 5, "interval": 0.05, "pause": 1.2},
  {"x": 150, "y": 250, "moves": 10, "dx": 15, "interval": 0.02, "hold": 0.6, "pause": 1.0},
  {"x": 150, "y": 400, "moves": 8, "dx": 30, "interval": 0.008, "pause": 1.0}'

failed=0
echo "| R after | gesture | sent ms | recorded ms | sent pt/s | recorded pt/s | release pt/s at the times sent | live release pt/s | delivery ms | live / HUD / replay |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for delay in "${delays[@]}"; do
    run="$work/r$delay"
    mkdir -p "$run"
    "$BIN" play --record-dir "$run/rec" --events-out "$run/events.jsonl" --hud-log "$run/hud.jsonl" >"$run/stdout" 2>"$run/stderr" &
    app=$!
    window=$(timeout 20 xdotool search --sync --name "Gesture Lab" | head -1)
    if [ -z "$window" ]; then echo "live timing: the window did not open"; kill "$app" 2>/dev/null; exit 1; fi
    eval "$(xdotool getwindowgeometry --shell "$window")"
    echo "[{\"key\": \"r\", \"pause\": 0.3}, $gestures, {\"key\": \"r\", \"pause\": 0.3}]" >"$run/plan.json"
    sleep "$delay"
    python3 scripts/xsend.py "$X" "$Y" "$run/plan.json" "$run/sent.jsonl"
    xdotool key --window "$window" q
    wait "$app"
    recording=$(ls "$run"/rec/*.json 2>/dev/null | head -1)
    if [ -z "$recording" ] || [ -s "$run/stderr" ]; then
        echo "live timing: R after ${delay} s: no recording, or the window wrote to standard error"
        cat "$run/stdout" "$run/stderr"
        failed=$((failed + 1))
        continue
    fi
    "$BIN" replay "$recording" --headless --report json >"$run/replay.json"
    python3 Tests/EndToEnd/check-live-timing.py "$BIN" "R ${delay} s" "$run/sent.jsonl" "$recording" "$run/events.jsonl" "$run/hud.jsonl" "$run/replay.json" \
        || failed=$((failed + 1))
    "$BIN" trace validate --strict "$recording" >"$run/validate.out" || { failed=$((failed + 1)); cat "$run/validate.out"; }
done
[ "$failed" -eq 0 ] && echo "live timing: every recording matches what was sent" || echo "live timing: $failed runs failed"
[ "$failed" -eq 0 ]
