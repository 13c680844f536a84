#!/usr/bin/env bash
# Regenerates the labelled corpus in recordings/ from its plan files, one per controller
# folder (recordings/*/plan.txt). Every trace comes from real input:
#
#   record    NAME | PLAY OPTIONS | GESTURE
#       really performed in the playground window under Xvfb: `gesture-lab play PLAY OPTIONS
#       --record-dir …` is started, R starts recording, scripts/xgesture.py performs GESTURE
#       (its actions: see that script) through XTest on an exact schedule, R stops recording
#       (not again when the gesture itself pressed R: that stop is how a pointer gets a
#       `cancel`), Q quits. The trace's header gets the robot's provenance: the schedule and
#       the sender's log of every event it sent (`trace label --provenance`).
#   import    NAME | FORMAT INPUT [IMPORT OPTIONS] | TRANSFORM OPTIONS
#       `gesture-lab import FORMAT DATA/INPUT --out TMP [IMPORT OPTIONS]`, then
#       `gesture-lab trace transform TMP --out NAME.json TRANSFORM OPTIONS` (a --crop FROM:TO
#       cuts one gesture out of the device recording). DATA is the folder of real device
#       recordings, $GESTURE_LAB_DATA or ../shared/data; import lines are SKIPPED, with a
#       message, when it is absent (they depend on those files).
#   transform NAME | SOURCE | TRANSFORM OPTIONS
#       `gesture-lab trace transform SOURCE.json --out NAME.json TRANSFORM OPTIONS`, SOURCE a
#       trace of the same folder (made earlier in the plan).
#   label     NAME | INTENT | NOTE
#       `gesture-lab trace label NAME.json --in-place --record-outcomes [--intent INTENT]
#       --note NOTE`; INTENT `-` leaves the intent out (a trace with no transition).
#
# Lines starting with # are comments. Existing traces are never overwritten: a NAME whose
# file exists is skipped, and so is its label line, so delete a file to make it again;
# with RELABEL=1 the label lines of existing traces run too (say, after a policy changed).
# After a run: gesture-lab check recordings/ && gesture-lab trace validate recordings/
#
# Usage: scripts/record-corpus.sh PATH_TO_GESTURE_LAB [PLAN_FILE...]
#        (default: recordings/plan.txt, the demo, and every recordings/*/plan.txt)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$(realpath "$1")
shift
plans=("$@")
[ "${#plans[@]}" -eq 0 ] && plans=(recordings/plan.txt recordings/*/plan.txt)
DATA=${GESTURE_LAB_DATA:-../shared/data}
trim() { local s=$1; s=${s#"${s%%[![:space:]]*}"}; s=${s%"${s##*[![:space:]]}"}; printf '%s' "$s"; }

staging=$(mktemp -d)
mkdir "$staging/log"
display_started=false
cleanup() { rm -rf "$staging"; }
trap cleanup EXIT

ensure_display() {
    if ! $display_started; then
        source scripts/xvfb.sh
        start_xvfb
        trap 'kill "$XVFB_PID" 2>/dev/null || true; cleanup' EXIT
        display_started=true
    fi
}

record() {  # FOLDER NAME PLAY_OPTIONS GESTURE
    local folder=$1 name=$2 options=$3 gesture=$4
    ensure_display
    rm -f "$staging"/*.json
    # shellcheck disable=SC2086
    "$BIN" play --record-dir "$staging" $options >"$staging/log/play.out" 2>&1 &
    local app=$!
    local window="" X Y attempt
    # The window is looked for until the same one is found twice 0.3 s apart and answers: a
    # window found while SDL is still setting up can be gone a moment later.
    for attempt in $(seq 1 40); do
        local found
        found=$(timeout 20 xdotool search --sync --name "Gesture Lab" | tail -1)
        sleep 0.3
        if [ -n "$found" ] && [ "$found" = "$(xdotool search --name "Gesture Lab" | tail -1)" ] \
            && xdotool getwindowgeometry "$found" >/dev/null 2>&1; then
            window=$found
            break
        fi
    done
    if [ -z "$window" ]; then echo "record-corpus: the window did not open for $name" >&2; kill "$app" 2>/dev/null; exit 1; fi
    eval "$(xdotool getwindowgeometry --shell "$window")"
    local start
    start=$(sed -n 's/^ *at \([0-9]*\) \([0-9]*\).*/\1 \2/p' <<< "${gesture%%;*}")
    # shellcheck disable=SC2086
    xdotool mousemove --window "$window" ${start:-400 300}
    sleep 0.5
    xdotool key --window "$window" r
    sleep 0.3
    python3 scripts/xgesture.py "$X" "$Y" "$gesture" "$staging/log/sent.json"
    sleep 0.8
    if ! grep -Eq '(^|;) *key r *(;|$)' <<< "$gesture"; then
        xdotool key --window "$window" r
        sleep 0.3
    fi
    # Q quits. The window can close on the key's press, before xdotool sends its release to
    # it, which xdotool reports as BadWindow: how the window ended is what counts.
    xdotool key --window "$window" q 2>/dev/null || true
    if ! wait "$app"; then
        echo "record-corpus: $name: the window failed:" >&2
        cat "$staging/log/play.out" >&2
        exit 1
    fi
    local recorded
    recorded=$(ls -t "$staging"/*.json | head -1)
    python3 -c 'import json, sys; log = json.load(open(sys.argv[1])); json.dump(dict(kind="robot", **log), open(sys.argv[2], "w"))' \
        "$staging/log/sent.json" "$staging/log/provenance.json"
    "$BIN" trace label "$recorded" --in-place --provenance "$staging/log/provenance.json" >/dev/null
    mv "$recorded" "$folder/$name.json"
    echo "recorded $folder/$name.json (the sender's worst lateness: $(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["worst_lateness_ms"])' "$staging/log/sent.json") ms)"
}

for plan in "${plans[@]}"; do
    folder=$(dirname "$plan")
    made=()
    while IFS='|' read -r -u 3 head second third; do
        head=$(trim "$head")
        [[ -z "$head" || "$head" == \#* ]] && continue
        read -r verb name <<< "$head"
        second=$(trim "$second")
        third=$(trim "$third")
        target="$folder/$name.json"
        case "$verb" in
            record|import|transform)
                if [ -e "$target" ]; then echo "skip $target: exists"; continue; fi
                ;;
        esac
        case "$verb" in
            record)
                record "$folder" "$name" "$second" "$third"
                made+=("$name")
                ;;
            import)
                read -r format input options <<< "$second"
                if [ ! -e "$DATA/$input" ]; then
                    echo "skip $target: needs the real device recording $DATA/$input (absent)"
                    continue
                fi
                # shellcheck disable=SC2086
                "$BIN" import "$format" "$DATA/$input" --out "$staging/import-$name.json" $options
                # shellcheck disable=SC2086
                "$BIN" trace transform "$staging/import-$name.json" --out "$target" $third
                rm -f "$staging/import-$name.json"
                echo "imported $target"
                made+=("$name")
                ;;
            transform)
                # shellcheck disable=SC2086
                "$BIN" trace transform "$folder/$second.json" --out "$target" $third
                echo "transformed $target"
                made+=("$name")
                ;;
            label)
                [[ "${RELABEL:-0}" == 1 || " ${made[*]} " == *" $name "* ]] || continue
                intent=()
                [ "$second" != "-" ] && intent=(--intent "$second")
                "$BIN" trace label "$target" --in-place --record-outcomes "${intent[@]}" --note "$third"
                ;;
            *)
                echo "$plan: unknown line '$verb'" >&2
                exit 2
                ;;
        esac
    done 3< "$plan"
done
