#!/usr/bin/env bash
# A phone's touches streamed into the window over `play --serve`, under Xvfb, twice:
# 1. Tests/EndToEnd/serve-client.py reads the printed URL and plays the page's part (a flick, then a
#    two-finger pinch held while the window saves a screenshot, each touch posted when its own
#    time comes), checks that requests without the token are refused (403) and sends a trace
#    to the record folder;
# 2. headless Chromium opens the served capture page itself and pinches on it through the
#    DevTools protocol (Tests/EndToEnd/serve-browser-test.py): the page's own code streams the touches,
#    the window saves a screenshot while the fingers are held, and the pinch the page labels
#    and saves arrives in the record folder.
# 3. With the record folder on a nearly full 1 MiB tmpfs (when this machine lets us mount one),
#    traces sent from the phone get 507 and leave nothing behind, and the window says so once.
# 4. Swipes streamed while 500 connections from others idle, trickle or stall
#    (Tests/EndToEnd/attack-serve.py): every request is answered within a second and the window keeps
#    its frame rate (the attack table).
# 5. The served page runs a study (play --serve --study): the window says who does which task,
#    and every confirmed trace reaches the record folder with its study header.
# After each, the window's live decisions must equal a headless replay of what it recorded.
# Usage: Tests/EndToEnd/e2e-serve.sh PATH_TO_GESTURE_LAB   (KEEP_WORK=1 keeps the work folder;
# SERVE_SCREENSHOT=FILE.png keeps the window's screenshot of the page's pinch, and the page's
# own beside it as FILE-page.png; ATTACK_TABLE=FILE.txt keeps the attack table, and the window
# under attack as FILE.png; SERVE_STUDY_SCREENSHOT=FILE.png keeps the window during the study)
set -uo pipefail
cd "$(dirname "$0")/../.."
BIN=$(realpath "$1")
source scripts/xvfb.sh
work=$(mktemp -d)
start_xvfb || { echo "serve: cannot start Xvfb"; exit 1; }
if [ -n "${KEEP_WORK:-}" ]; then
    echo "serve: work folder $work"
    trap 'kill "$XVFB_PID" 2>/dev/null || true' EXIT
else
    trap 'kill "$XVFB_PID" 2>/dev/null || true; umount "$work/full/rec" 2>/dev/null; rm -rf "$work"' EXIT
fi
failed=0

# open_window RUN OPTIONS...: starts the window with RUN/rec as its record folder, sets app,
# window and url.
open_window() {
    local run=$1
    shift
    mkdir -p "$run"
    "$BIN" play --serve --port 0 --record-dir "$run/rec" --screenshot-dir "$run/shots" \
        --events-out "$run/events.jsonl" "$@" >"$run/stdout" 2>"$run/stderr" &
    app=$!
    window=$(timeout 20 xdotool search --sync --name "Gesture Lab" | head -1)
    url=""
    for _ in $(seq 1 100); do
        url=$(sed -n 's/^serving the touch page at //p' "$run/stdout")
        [ -n "$url" ] && break
        sleep 0.1
    done
    if [ -z "$window" ] || [ -z "$url" ]; then
        echo "serve: the window did not open or printed no URL"
        cat "$run/stdout" "$run/stderr"
        kill "$app" 2>/dev/null
        exit 1
    fi
    case $url in http://127.0.0.1:*) ;; *) echo "serve: not bound to 127.0.0.1 by default: $url"; kill "$app"; exit 1 ;; esac
}

# close_window RUN SENT|- TRANSITIONS [SKIP_FILE]: quits, then checks the recording (not SKIP_FILE,
# nor the trace the window said it saved for the page) against the live decisions and a headless
# replay.
close_window() {
    local run=$1 sent=$2 transitions=$3 skip=${4:-none} recording
    xdotool key --window "$window" q
    wait "$app" || { echo "serve: the window exited with an error"; failed=1; }
    page_trace=$(sed -n "s|^saved the phone's trace ([0-9]* events) to .*/||p" "$run/stdout" | head -1)
    [ -n "$page_trace" ] && [ "$skip" = none ] && skip=$page_trace
    recording=$(ls "$run"/rec/*.json 2>/dev/null | grep -v "/$skip\$" | head -1)
    if [ -z "$recording" ] || [ -s "$run/stderr" ]; then
        echo "serve: no recording, or the window wrote to standard error"
        cat "$run/stdout" "$run/stderr"
        failed=1
        return
    fi
    "$BIN" replay "$recording" --headless --report json >"$run/replay.json" || failed=1
    python3 Tests/EndToEnd/serve-client.py compare "$sent" "$recording" "$run/events.jsonl" "$run/replay.json" "$transitions" || failed=1
    "$BIN" trace validate --strict "$recording" >"$run/validate.out" || { cat "$run/validate.out"; failed=1; }
    ls "$run"/shots/*.png >/dev/null 2>&1 || { echo "serve: no screenshot of the window during the pinch"; failed=1; }
}

# 1. Scripted touches, the token and a sent trace.
open_window "$work/scripted" --record --controller swipe,pinch --pinch out --policy flutter
python3 Tests/EndToEnd/serve-client.py send "$url" "$work/scripted" recordings/demo.json xdotool key --window "$window" s || failed=1
saved=$(cat "$work/scripted/saved.txt" 2>/dev/null)
close_window "$work/scripted" "$work/scripted/sent.jsonl" 2 "${saved:-none}"
if [ -z "$saved" ] || ! "$BIN" trace diff recordings/demo.json "$work/scripted/rec/$saved" >/dev/null; then
    echo "serve: the sent trace was not saved as sent (${saved:-nothing saved})"
    failed=1
fi
grep -q "saved the phone's trace" "$work/scripted/stdout" || { echo "serve: the window did not say it saved the trace"; failed=1; }

# 2. The served capture page in headless Chromium.
open_window "$work/page" --record --controller pinch --pinch in
timeout 120 python3 Tests/EndToEnd/serve-browser-test.py "$url" "$work/page/page.png" xdotool key --window "$window" s || failed=1
close_window "$work/page" - 1
if [ -z "$page_trace" ] || ! "$BIN" trace validate --strict "$work/page/rec/$page_trace" >/dev/null \
    || ! grep -q '"intent":\["finish"\]' "$work/page/rec/$page_trace"; then
    echo "serve: the page's saved pinch did not reach the record folder as a labelled trace (${page_trace:-nothing saved})"
    failed=1
fi
shot=$(ls "$work"/page/shots/*.png 2>/dev/null | head -1)
if [ -n "$shot" ] && [ -n "${SERVE_SCREENSHOT:-}" ]; then
    mkdir -p "$(dirname "$SERVE_SCREENSHOT")" && cp "$shot" "$SERVE_SCREENSHOT" && cp "$work/page/page.png" "${SERVE_SCREENSHOT%.png}-page.png"
    echo "serve: the window during the page's pinch: $SERVE_SCREENSHOT (the page: ${SERVE_SCREENSHOT%.png}-page.png)"
fi
# 3. A full disk: a filler leaves 16 KiB of the tmpfs free, so the 48 KiB trace cannot be saved.
mkdir -p "$work/full/rec"
if mount -t tmpfs -o size=1m tmpfs "$work/full/rec" 2>/dev/null; then
    head -c $((1024 * 1024 - 16 * 1024)) /dev/zero >"$work/full/rec/filler"
    open_window "$work/full"
    python3 Tests/EndToEnd/serve-client.py full-disk "$url" recordings/pinch/pinch-in-then-out.json "$work/full/rec" || failed=1
    xdotool key --window "$window" q
    wait "$app" || { echo "serve: the window exited with an error after a full disk"; failed=1; }
    said=$(grep -c "cannot save the phone's trace" "$work/full/stdout")
    [ "$said" -eq 1 ] || { echo "serve: the window said $said times that it could not save (once expected)"; cat "$work/full/stdout"; failed=1; }
    [ -s "$work/full/stderr" ] && { echo "serve: the window wrote to standard error"; cat "$work/full/stderr"; failed=1; }
    umount "$work/full/rec"
else
    echo "serve: skipped the full-disk case: cannot mount a tmpfs here (needs root)"
fi

# 4. Under attack: swipes streamed with no other client, then with 500 idle, slow, stalled and
# half-closed connections from others (Tests/EndToEnd/attack-serve.py); every touch and trace must be
# taken within a second, the recording must hold every touch, and the frames keep their rate.
open_window "$work/attack" --record --controller swipe --frames-out "$work/attack/frames.jsonl" --report-first-frame
python3 Tests/EndToEnd/attack-serve.py phase "$url" "$work/attack" "no attack" 0 "${ATTACK_BASELINE_SECONDS:-6}" recordings/demo.json || failed=1
(sleep 6; xdotool key --window "$window" s) &
python3 Tests/EndToEnd/attack-serve.py phase "$url" "$work/attack" "500 connections" 500 "${ATTACK_SECONDS:-16}" recordings/demo.json || failed=1
close_window "$work/attack" "$work/attack/sent.jsonl" "$(grep -c '"phase": "up"' "$work/attack/sent.jsonl")" trace-none
python3 Tests/EndToEnd/attack-serve.py table "$work/attack" "$work/attack/frames.jsonl" "$work/attack/stdout" >"$work/attack/table.txt" || failed=1
cat "$work/attack/table.txt"
if [ -n "${ATTACK_TABLE:-}" ]; then
    mkdir -p "$(dirname "$ATTACK_TABLE")" && cp "$work/attack/table.txt" "$ATTACK_TABLE"
    shot=$(ls "$work"/attack/shots/*.png 2>/dev/null | head -1)
    [ -n "$shot" ] && cp "$shot" "${ATTACK_TABLE%.txt}.png"
    echo "serve: the attack table: $ATTACK_TABLE (the window under attack: ${ATTACK_TABLE%.txt}.png)"
fi
for saved in $(python3 -c 'import json, sys; print(*[json.loads(line)["saved"] or "nothing" for line in open(sys.argv[1])])' "$work/attack/phases.jsonl"); do
    "$BIN" trace diff recordings/demo.json "$work/attack/rec/$saved" >/dev/null \
        || { echo "serve: a trace sent under attack was not saved as sent ($saved)"; failed=1; }
done

# 5. A study on the served page: headless Chromium runs studies/back-gesture.json as one scripted
# participant (Tests/EndToEnd/study-browser-test.py --serve); the window must say who does which task as it
# happens (its HUD, and each change printed), and every confirmed trace must reach the record
# folder with its study header. The window's screenshot mid-study shows the HUD's study line.
open_window "$work/study" --study studies/back-gesture.json
timeout 180 python3 Tests/EndToEnd/study-browser-test.py "$BIN" "$work/study/page" --serve "$url" >"$work/study/page.out" 2>&1 &
study_test=$!
for _ in $(seq 1 600); do
    grep -q "· task 5/14: " "$work/study/stdout" && { xdotool key --window "$window" s; break; }
    kill -0 "$study_test" 2>/dev/null || break
    sleep 0.1
done
wait "$study_test" || { echo "serve: the study on the served page"; grep -v '^ok ' "$work/study/page.out" | tail -30; failed=1; }
sleep 0.5
xdotool key --window "$window" q
wait "$app" || { echo "serve: the window exited with an error after the study"; failed=1; }
said=$(grep -c "^study back-gesture · participant [A-Z0-9]\{6\} · task [0-9]*/14: " "$work/study/stdout")
sent=$(ls "$work"/study/rec/*.json 2>/dev/null | wc -l)
with_study=$(grep -l '"study":{"plan":"back-gesture","participant":"' "$work"/study/rec/*.json 2>/dev/null | wc -l)
if [ "$said" -eq 14 ] && [ "$sent" -eq 14 ] && [ "$with_study" -eq 14 ] && grep -q "^study back-gesture · participant [A-Z0-9]\{6\} · done" "$work/study/stdout" \
    && "$BIN" trace validate "$work/study/rec" >/dev/null && [ ! -s "$work/study/stderr" ]; then
    echo "serve: the served study: the window said each of the 14 tasks as it came ($(grep -m1 '· task 1/14: ' "$work/study/stdout")) and saved the 14 traces with their study header"
else
    echo "serve: the served study: the window said $said of 14 tasks, saved $sent traces ($with_study with a study header)"
    cat "$work/study/stdout" "$work/study/stderr"
    failed=1
fi
shot=$(ls "$work"/study/shots/*.png 2>/dev/null | head -1)
if [ -n "$shot" ] && [ -n "${SERVE_STUDY_SCREENSHOT:-}" ]; then
    mkdir -p "$(dirname "$SERVE_STUDY_SCREENSHOT")" && cp "$shot" "$SERVE_STUDY_SCREENSHOT"
    echo "serve: the window during the served study: $SERVE_STUDY_SCREENSHOT"
fi

[ "$failed" -eq 0 ] && echo "serve: streamed touches, scripted and from the page in Chromium, decided live as the replay decides them"
[ "$failed" -eq 0 ]
