#!/usr/bin/env bash
# A phone's touches streamed into the window: the real window under Xvfb runs
# `play --serve --port 0`, scripts/serve-client.py reads the printed URL and plays the page's
# part (a flick, then a two-finger pinch held while the window saves a screenshot, each touch
# posted when its own time comes), checks that requests without the token are refused (403)
# and sends a trace to the record folder; after the window quits, its live decisions must
# equal a headless replay of what it recorded.
# Usage: scripts/e2e-serve.sh PATH_TO_GESTURE_LAB   (KEEP_WORK=1 keeps the work folder)
set -uo pipefail
cd "$(dirname "$0")/.."
BIN=$(realpath "$1")
source scripts/xvfb.sh
work=$(mktemp -d)
start_xvfb || { echo "serve: cannot start Xvfb"; exit 1; }
if [ -n "${KEEP_WORK:-}" ]; then
    echo "serve: work folder $work"
    trap 'kill "$XVFB_PID" 2>/dev/null || true' EXIT
else
    trap 'kill "$XVFB_PID" 2>/dev/null || true; rm -rf "$work"' EXIT
fi

"$BIN" play --serve --port 0 --record --record-dir "$work/rec" --screenshot-dir "$work/shots" \
    --events-out "$work/events.jsonl" --controller swipe,pinch --pinch out --policy flutter >"$work/stdout" 2>"$work/stderr" &
app=$!
window=$(timeout 20 xdotool search --sync --name "Gesture Lab" | head -1)
url=""
for _ in $(seq 1 100); do
    url=$(sed -n 's/^serving the touch page at //p' "$work/stdout")
    [ -n "$url" ] && break
    sleep 0.1
done
if [ -z "$window" ] || [ -z "$url" ]; then
    echo "serve: the window did not open or printed no URL"
    cat "$work/stdout" "$work/stderr"
    kill "$app" 2>/dev/null
    exit 1
fi
case $url in http://127.0.0.1:*) ;; *) echo "serve: not bound to 127.0.0.1 by default: $url"; kill "$app"; exit 1 ;; esac
failed=0
python3 scripts/serve-client.py send "$url" "$work" recordings/demo.json xdotool key --window "$window" s || failed=1
xdotool key --window "$window" q
wait "$app" || { echo "serve: the window exited with $?"; failed=1; }
saved=$(cat "$work/saved.txt" 2>/dev/null)
recording=$(ls "$work"/rec/*.json 2>/dev/null | grep -v "/${saved:-none}\$" | head -1)
if [ -z "$recording" ] || [ -s "$work/stderr" ]; then
    echo "serve: no recording, or the window wrote to standard error"
    cat "$work/stdout" "$work/stderr"
    exit 1
fi
if [ -z "$saved" ] || ! "$BIN" trace diff recordings/demo.json "$work/rec/$saved" >/dev/null; then
    echo "serve: the sent trace was not saved as sent (${saved:-nothing saved})"
    failed=1
fi
grep -q "saved the phone's trace" "$work/stdout" || { echo "serve: the window did not say it saved the trace"; failed=1; }
"$BIN" replay "$recording" --headless --report json >"$work/replay.json" || failed=1
python3 scripts/serve-client.py compare "$work/sent.jsonl" "$recording" "$work/events.jsonl" "$work/replay.json" || failed=1
"$BIN" trace validate --strict "$recording" >"$work/validate.out" || { cat "$work/validate.out"; failed=1; }
shot=$(ls "$work"/shots/*.png 2>/dev/null | head -1)
if [ -z "$shot" ]; then
    echo "serve: no screenshot of the window during the pinch"
    failed=1
elif [ -n "${SERVE_SCREENSHOT:-}" ]; then
    mkdir -p "$(dirname "$SERVE_SCREENSHOT")" && cp "$shot" "$SERVE_SCREENSHOT"
    echo "serve: screenshot of the streamed pinch: $SERVE_SCREENSHOT"
fi
[ "$failed" -eq 0 ] && echo "serve: streamed touches decided live as the replay decides them"
[ "$failed" -eq 0 ]
