#!/usr/bin/env bash
# End-to-end test of the real program: a window under Xvfb driven by xdotool records two
# gestures; the recording must exist, `check` must agree with what the window logged live,
# and the window must print nothing on standard error. Then the no-display path.
# Usage: Tests/EndToEnd/e2e.sh PATH_TO_GESTURE_LAB [PATH_TO_A_SECOND_BUILD]
# With a second build (debug against release), every corpus replay must report the same bytes.
set -uo pipefail
cd "$(dirname "$0")/../.."
BIN=$(realpath "$1")
OTHER_BIN=${2:+$(realpath "$2")}
source scripts/xvfb.sh

passed=0
failed=0
# Each result line ends with the seconds since the previous one, where make test's time goes.
last_result=$SECONDS
pass() { echo "e2e PASS: $1 [$((SECONDS - last_result)) s]"; last_result=$SECONDS; passed=$((passed + 1)); }
fail() { echo "e2e FAIL: $1 [$((SECONDS - last_result)) s]"; last_result=$SECONDS; failed=$((failed + 1)); }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
start_xvfb || { echo "e2e: cannot start Xvfb"; exit 1; }
trap 'kill "$XVFB_PID" 2>/dev/null || true; rm -rf "$work"' EXIT

"$BIN" play --record-dir "$work/rec" --events-out "$work/events.jsonl" >"$work/stdout" 2>"$work/stderr" &
app=$!
window=$(timeout 20 xdotool search --sync --name "Gesture Lab" | head -1)
if [ -z "$window" ]; then
    fail "the window did not open"
    cat "$work/stdout" "$work/stderr"
    kill "$app" 2>/dev/null
    echo "$passed passed, $((failed)) failed"
    exit 1
fi
pass "the window opened"
xdotool mousemove --window "$window" 400 300
sleep 0.3
xdotool key --window "$window" r
sleep 0.3
scripts/xdrag.sh "$window" 150 300 360 300 30 0.016      # past the threshold: finishes
sleep 0.8
scripts/xdrag.sh "$window" 200 350 260 350 12 0.016 0.2  # stops short: cancels
sleep 0.8
xdotool key --window "$window" r
sleep 0.3
xdotool key --window "$window" q
for _ in $(seq 1 50); do kill -0 "$app" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$app" 2>/dev/null; then
    fail "the window did not quit on Q"
    kill "$app"
fi
wait "$app"
status=$?
[ "$status" -eq 0 ] && pass "the window quit cleanly" || fail "the window exited with $status"

recording=$(ls "$work"/rec/*.json 2>/dev/null | head -1)
[ -n "$recording" ] && pass "the recording exists: $(basename "$recording")" || fail "no recording in $work/rec"

lines=$(wc -l < "$work/events.jsonl" 2>/dev/null || echo 0)
outcomes=$(grep -o '"outcome":"[a-z]*"' "$work/events.jsonl" 2>/dev/null | cut -d'"' -f4 | paste -sd, -)
[ "$outcomes" = "finished,cancelled" ] && pass "--events-out logged finished,cancelled" \
    || fail "--events-out logged '$outcomes' ($lines lines), expected finished,cancelled"

if [ -n "$recording" ] && [ -n "$outcomes" ]; then
    if "$BIN" check "$recording" --expect "$outcomes" >"$work/check.out" 2>&1; then
        pass "check agrees with the live log"
    else
        fail "check disagrees with the live log"
        cat "$work/check.out"
    fi
fi

if [ -s "$work/stderr" ]; then
    fail "the window wrote to standard error"
    cat "$work/stderr"
else
    pass "the window wrote nothing to standard error"
fi

# kill -9 in the middle of a gesture: every move sent before the last 100 ms must be on disk.
"$BIN" play --record-dir "$work/killed" --record >/dev/null 2>"$work/killed.err" &
app=$!
window=$(timeout 20 xdotool search --sync --name "Gesture Lab" | head -1)
xdotool mousemove --window "$window" 100 200
sleep 0.3
xdotool mousedown 1
for step in $(seq 1 20); do xdotool mousemove --window "$window" $((100 + step * 10)) 200; sleep 0.02; done
sleep 0.2
kill -9 "$app"
wait "$app" 2>/dev/null
xdotool mouseup 1
killed=$(ls "$work"/killed/*.json 2>/dev/null | head -1)
if [ -n "$killed" ] && "$BIN" trace info "$killed" >"$work/killed.info" 2>&1 \
    && grep -q "cut short" "$work/killed.info" && tail -1 "$killed" | grep -q '"phase":"move","x":300,'; then
    pass "after kill -9 mid-gesture the recording loads, cut short, with the last move (x=300)"
else
    fail "kill -9 mid-gesture lost events"
    cat "$work/killed.info" 2>/dev/null; tail -3 "$killed" 2>/dev/null
fi

# Quitting while recording saves the recording, complete.
"$BIN" play --record-dir "$work/quit" --record >/dev/null 2>"$work/quit.err" &
app=$!
window=$(timeout 20 xdotool search --sync --name "Gesture Lab" | head -1)
scripts/xdrag.sh "$window" 150 300 300 300 10 0.02
sleep 0.5
xdotool key --window "$window" q
wait "$app"
quitted=$(ls "$work"/quit/*.json 2>/dev/null | head -1)
if [ -n "$quitted" ] && "$BIN" trace validate "$quitted" >/dev/null 2>&1; then
    pass "quitting while recording saves a complete, valid recording"
else
    fail "quitting while recording did not save a valid recording"
fi

# The window shows the rasteriser's picture: with the HUD off, its screenshot of fold at rest
# (drawn straight into the window's pixels on SDL's software renderer) is, pixel for pixel,
# what `render` draws without a window.
"$BIN" play --size 800x600 --transition fold --renderer software --hud off --screenshot-after 0.3 --screenshot-dir "$work/shot" \
    --record-dir "$work/shot-rec" >"$work/shot.out" 2>&1
"$BIN" render --transition fold --progress 0 --size 800x600 --out "$work/render.png" >"$work/render.out" 2>&1
shot=$(ls "$work"/shot/*.png 2>/dev/null | head -1)
if [ -n "$shot" ] && python3 Tests/EndToEnd/png-pixels-equal.py "$shot" "$work/render.png" >"$work/shot-compare.out" 2>&1; then
    pass "the window's screenshot (HUD off) is pixel for pixel what render draws without a window"
else
    fail "the window's screenshot differs from render's picture"
    cat "$work/shot.out" "$work/render.out" "$work/shot-compare.out" 2>/dev/null
fi

if env -u DISPLAY -u WAYLAND_DISPLAY "$BIN" >"$work/nodisplay.out" 2>&1 && grep -q "No display" "$work/nodisplay.out" \
    && sheet=$(sed -n 's/^contact sheet: //p' "$work/nodisplay.out") && [ -s "$sheet" ] \
    && env -u DISPLAY -u WAYLAND_DISPLAY "$BIN" >"$work/nodisplay2.out" 2>&1 \
    && sheet2=$(sed -n 's/^contact sheet: //p' "$work/nodisplay2.out") && [ -s "$sheet2" ] && [ "$sheet2" != "$sheet" ]; then
    rm -f "$sheet2"
    pass "without a display it replays the demo and writes a contact sheet, a second run beside the first ($sheet, $sheet2)"
else
    fail "the no-display path"
    cat "$work/nodisplay.out"
fi

if env -u DISPLAY -u WAYLAND_DISPLAY "$BIN" play >"$work/play-nodisplay.out" 2>&1; then
    fail "'play' without a display should fail"
else
    grep -q "no display" "$work/play-nodisplay.out" && pass "'play' without a display says so and fails" \
        || { fail "'play' without a display gave no clear message"; cat "$work/play-nodisplay.out"; }
fi

if DISPLAY=:12345 WAYLAND_DISPLAY= timeout 20 "$BIN" play >"$work/bad-display.out" 2>&1; then
    fail "'play' on an unreachable display should fail"
else
    status=$?
    if [ "$status" -eq 4 ] && [ "$(wc -l < "$work/bad-display.out")" -eq 1 ] && grep -q "cannot open the window" "$work/bad-display.out"; then
        pass "'play' on an unreachable display prints one clear line and exits 4"
    else
        fail "'play' on an unreachable display (exit $status)"; cat "$work/bad-display.out"
    fi
fi

if [ -n "$OTHER_BIN" ]; then
    differing=0
    for trace in $(find recordings -name '*.json' | sort); do
        "$BIN" replay "$trace" --headless >"$work/a.json" 2>&1
        "$OTHER_BIN" replay "$trace" --headless >"$work/b.json" 2>&1
        cmp -s "$work/a.json" "$work/b.json" || { differing=$((differing + 1)); echo "differs: $trace"; }
    done
    [ "$differing" -eq 0 ] && pass "both builds give byte-identical reports for every corpus trace" \
        || fail "$differing corpus traces replay differently in the two builds"
fi

# A 100 MB trace replays in bounded memory: peak memory must not grow with the trace.
"$BIN" trace synthesize --events 130000 --pointers 4 --out "$work/ten.json" >/dev/null
"$BIN" trace synthesize --events 1300000 --pointers 4 --out "$work/hundred.json" >/dev/null
small=$(/usr/bin/time -f %M "$BIN" replay "$work/ten.json" --headless 2>&1 >/dev/null | tail -1)
large=$(/usr/bin/time -f %M "$BIN" replay "$work/hundred.json" --headless 2>&1 >/dev/null | tail -1)
size=$(( $(stat -c %s "$work/hundred.json") / 1000000 ))
if [ -n "$small" ] && [ -n "$large" ] && [ $((large - small)) -lt 16384 ]; then
    pass "a ${size} MB trace replays in bounded memory (peak ${large} KiB vs ${small} KiB for a tenth of it)"
else
    fail "peak memory grows with the trace: ${large} KiB for ${size} MB vs ${small} KiB for a tenth"
fi

# The kill table: trace synthesize, transform, export and label killed mid-write (with and
# without --force, and --in-place) leave their target as it was, and the next write removes the
# temporary file the kill left (Tests/EndToEnd/kill-table.sh prints the table).
if Tests/EndToEnd/kill-table.sh "$BIN" 500000 >"$work/kill.out" 2>&1; then
    pass "writes killed mid-way leave their targets as they were; the next write removes the temporary file ($(grep -c '^| `' "$work/kill.out") cases)"
else
    fail "writes killed mid-way"; cat "$work/kill.out"
fi

# Live input against the truth: recordings made under exact schedules, R pressed 0.5, 5 and
# 30 s after the window opens (Tests/EndToEnd/e2e-live-timing.sh prints the table).
if Tests/EndToEnd/e2e-live-timing.sh "$BIN" >"$work/live-timing.out" 2>&1; then
    pass "live recordings match what was sent (durations, speeds, decisions, HUD, replay)"
    cat "$work/live-timing.out"
else
    fail "live recordings do not match what was sent"
    cat "$work/live-timing.out"
fi

# A phone streaming touches into the window over play --serve (Tests/EndToEnd/e2e-serve.sh): the
# token is required, the live decisions equal a headless replay, a sent trace is saved,
# headless Chromium pinches on the served page itself, 500 others' connections do not keep
# the phone out, and a study run on the served page shows on the window's HUD as it goes.
if SERVE_SCREENSHOT=out/serve-pinch.png ATTACK_TABLE=out/serve-attack.txt SERVE_STUDY_SCREENSHOT=out/serve-study.png Tests/EndToEnd/e2e-serve.sh "$BIN" >"$work/serve.out" 2>&1; then
    pass "streamed touches (scripted, and from the served page in Chromium) decide live as the replay decides; requests without the token are refused (out/serve-pinch.png); the phone is served within 1 s under 500 others' connections (out/serve-attack.txt); a study on the served page shows on the HUD and fills the record folder (out/serve-study.png)"
    cat "$work/serve.out"
else
    fail "play --serve"
    cat "$work/serve.out"
fi

# Bring your own rule: tune writes a rule, check, report and export-policy use it by name.
if "$BIN" tune recordings/ --out "$work/rules.json" >"$work/tune.out" 2>&1 && grep -q "^rule to ship (the same procedure on all 74 releases): " "$work/tune.out" \
    && "$BIN" check recordings/swipe --against intent --policy-file "$work/rules.json" --policy tuned --failures-only >"$work/check-tuned.out" 2>&1; then
    pass "tune writes a policy file whose rule check accepts by name ($(grep -m1 '^  tuned  ' "$work/tune.out" | sed 's/^ *tuned *//'), held out; ships $(sed -n 's/^rule to ship (the same procedure on all 74 releases): //p' "$work/tune.out"))"
else
    fail "tune → check with the tuned rule"; cat "$work/tune.out" "$work/check-tuned.out"
fi
exported=0
for platform in uikit swiftui compose flutter android web; do
    "$BIN" export-policy tuned --policy-file "$work/rules.json" --for "$platform" | grep -q "shouldFinish" && exported=$((exported + 1))
done
[ "$exported" -eq 6 ] && pass "export-policy writes the tuned rule for all six platforms" || fail "export-policy: $exported of 6 platforms"

# The report in a real browser: headless Chromium loads it, the DOM holds what it should, no
# console errors, no network; the screenshot is kept in out/ to look at. Its failures must be
# the ones `check --against intent` counts for the same rule.
report_failures=$("$BIN" check recordings/ --policy 'position:threshold=0.35' --against intent 2>/dev/null | sed -n 's/^[0-9]* passed, \([0-9]*\) failed.*/\1/p')
if "$BIN" report recordings/ --out "$work/report.html" --policy 'position:threshold=0.35' --sweep threshold=0.1:0.9:0.05 >/dev/null \
    && [ -n "$report_failures" ] && mkdir -p out && rm -f out/report-screenshot.png \
    && timeout 120 python3 Tests/EndToEnd/report-browser-test.py "$work/report.html" out/report-screenshot.png \
        "$(find recordings -name '*.json' | wc -l)" "$report_failures" 'position:threshold=0.35' >"$work/browser.out" 2>&1; then
    pass "the report loads in headless Chromium with its content and no console errors (out/report-screenshot.png)"
else
    fail "the report in headless Chromium"; cat "$work/browser.out"
fi

# The capture page in a real browser: a swipe, a pinch, a mouse and a pen drag dispatched through the DevTools protocol
# come out in the saved traces at their exact places and within 2 ms of their times, labelled, and
# valid; the screenshots are kept in out/. Skipped (not failed) only when Chromium cannot start.
mkdir -p out
timeout 120 python3 Tests/EndToEnd/capture-page-browser-test.py "$BIN" out >"$work/capture.out" 2>&1
status=$?
if [ $status -eq 0 ]; then
    pass "the capture page saves dispatched touches at their places and times ($(grep -E '^(swipe|pinch|mouse|pen): [0-9]+ events' "$work/capture.out" | sed 's/ (limit.*//' | paste -sd ';' -); out/capture-page-*.png)"
elif [ $status -eq 77 ]; then
    echo "e2e SKIP: the capture page in a browser: $(tail -1 "$work/capture.out")"
else
    fail "the capture page in headless Chromium"; cat "$work/capture.out"
fi

# The study mode with three synthetic participants of known habits (a flicker, a slow dragger, a
# hesitator) on a phone-sized page: every task of studies/back-gesture.json in each one's row of the
# balanced Latin square, intents confirmed on the page's own buttons; the traces, the grouping by
# participant and tune's recovery of the constructed rule are checked, and the consent, task,
# confirm and end screens are kept in out/study-*.png.
timeout 300 python3 Tests/EndToEnd/study-browser-test.py "$BIN" out >"$work/study.out" 2>&1
status=$?
if [ $status -eq 0 ]; then
    pass "the study page with three synthetic participants: $(tail -1 "$work/study.out" | sed 's/^study browser test PASS: //'), grouped by participant, tune ships $(grep -m1 '^rule to ship' "$work/study.out" | sed 's/.*: //') (out/study-*.png)"
    sed -n '/^synthetic participants/,/^$/p' "$work/study.out"
elif [ $status -eq 77 ]; then
    echo "e2e SKIP: the study page in a browser: $(tail -1 "$work/study.out")"
else
    fail "the study page in headless Chromium"; grep -v '^ok ' "$work/study.out" | tail -60
fi

# One measurement: the capture page's progress, velocity and decision equal the lab's replay
# (1e-6 relative, decision exact) on every swipe and pinch trace of the corpus under every preset
# and two custom rules, in Node and through touches dispatched into the page in Chromium; the
# table is kept in out/capture-page-differential.txt. It runs while the steps below do: its
# browser half waits on touches dispatched in real time, and agreement does not depend on
# timing (both sides read the times the page saved).
( timeout 600 python3 Tests/EndToEnd/capture-page-differential.py "$BIN" both --table out/capture-page-differential.txt >"$work/differential.out" 2>&1
  echo $? >"$work/differential.status" ) &
differential=$!

if "$BIN" predict recordings/swipe --plot "$work/prediction.png" >"$work/predict.out" 2>&1 \
    && grep -q "^kalman " "$work/predict.out" && [ -s "$work/prediction.png" ] \
    && ! "$BIN" predict recordings/swipe --plot "$work/prediction.png" >/dev/null 2>&1; then
    pass "predict prints every predictor's error, plots it and keeps an existing plot"
else
    fail "predict"; cat "$work/predict.out"
fi

# check's JUnit XML against the JUnit schema CI tools read (Tests/EndToEnd/junit.xsd), with a failing
# policy so failures are in it; TAP's plan matches its test points.
"$BIN" check recordings/swipe --policy 'position:threshold=0.35' --against intent --format junit --out "$work/junit.xml" >"$work/junit.out" 2>&1
junit_status=$?
"$BIN" check recordings/swipe --policy 'position:threshold=0.35' --against intent --format tap >"$work/check.tap" 2>&1
if [ $junit_status -eq 1 ] && xmllint --noout --schema Tests/EndToEnd/junit.xsd "$work/junit.xml" >"$work/xmllint.out" 2>&1 \
    && grep -q '<failure message="expected cancelled, got finished"' "$work/junit.xml" \
    && [ "$(sed -n 2p "$work/check.tap")" = "1..$(grep -cE '^(not )?ok ' "$work/check.tap")" ]; then
    pass "check --format junit validates against the JUnit schema ($(grep -c '<testcase ' "$work/junit.xml") cases, $(grep -c '<failure ' "$work/junit.xml") failures) and TAP's plan matches its points"
else
    fail "check --format junit / tap"; cat "$work/junit.out" "$work/xmllint.out"; head -5 "$work/check.tap"
fi

# The compose preset against a Kotlin model of Compose's AnchoredDraggableState (Float, as
# Compose computes), compiled by Debian's kotlinc: every boundary release decided alike.
if python3 Tests/EndToEnd/compose-boundary-oracle.py "$BIN" >"$work/compose-oracle.out" 2>&1; then
    pass "compose decides as AnchoredDraggableState at every boundary ($(tail -1 "$work/compose-oracle.out"))"
else
    fail "compose against AnchoredDraggableState's model"; tail -30 "$work/compose-oracle.out"
fi

# Every README example, as written, from a fresh copy with a /tmp of its own.
if python3 Tests/EndToEnd/readme-examples.py "$BIN" >"$work/readme.out" 2>&1; then
    pass "every README example runs as written ($(tail -1 "$work/readme.out" | sed 's/readme examples: //'))"
else
    fail "README examples"; grep -v '| ok |' "$work/readme.out"
fi

wait "$differential"
status=$(cat "$work/differential.status" 2>/dev/null || echo 1)
if [ "$status" -eq 0 ]; then
    pass "the capture page measures as the lab replays ($(grep -E '^all ' out/capture-page-differential.txt | awk '{print $3 "/" $4}' | paste -sd ' and ' -) releases agree, node and browser)"
elif [ "$status" -eq 77 ]; then
    echo "e2e SKIP: the capture page's measurement: $(tail -1 "$work/differential.out")"
else
    fail "the capture page's measurement against the lab's replay"; tail -40 "$work/differential.out"
fi

# Recorded gestures as a web test (export-test --for web), run unchanged by pytest and Playwright
# (from the package index, into .build/playwright-venv; Debian's chromium, no browser downloaded)
# against the capture page: every corpus trace export-test can express is saved within 0.1 ms and
# 0.01 px and decided as the test asserts, by the page (the swipes and pinches under its own
# configuration) or by the lab on what the page saved (the others: edge pans, pans, vertical
# swipes); the table, with who decided, is kept in out/export-test-web-roundtrip.txt.
# It runs alone, after the steps above: Chromium reads the wall clock to place each DevTools
# timestamp, so a busy machine would shift them. Without the package index it fails, saying so.
if ! scripts/playwright-venv.sh >"$work/playwright-venv.out" 2>&1; then
    fail "the web round trip of export-test: $(tail -1 "$work/playwright-venv.out")"
elif timeout 900 .build/playwright-venv/bin/python Tests/EndToEnd/export-test-web-roundtrip.py "$BIN" --table out/export-test-web-roundtrip.txt >"$work/roundtrip.out" 2>&1; then
    pass "export-test --for web replays on the capture page in Chromium as recorded, decided as asserted ($(grep -E '^[0-9]+ traces, ' out/export-test-web-roundtrip.txt); $(grep -cE '^  recordings/' out/export-test-web-roundtrip.txt) left out)"
else
    fail "export-test --for web on the capture page"; tail -60 "$work/roundtrip.out"
fi

echo "e2e: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
