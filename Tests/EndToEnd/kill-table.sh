#!/usr/bin/env bash
# The kill table: every command that writes a trace or an export, killed with SIGKILL in the
# middle of its write, with and without --force (and `trace label --in-place`). After the kill
# the target must be as it was (absent, or the old file) with only the writer's temporary file
# beside it; the next write to the same target must remove that file, say so, and succeed.
# Usage: Tests/EndToEnd/kill-table.sh PATH_TO_GESTURE_LAB [EVENTS]   (EVENTS in the big input, default 2000000)
set -uo pipefail
cd "$(dirname "$0")/../.."
BIN=$(realpath "$1")
events=${2:-2000000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$BIN" trace synthesize --events "$events" --out "$work/big.json" >/dev/null || exit 1
failed=0

# temporaries NAME: how many temporary files of target NAME are in the work folder.
temporaries() { find "$work" -maxdepth 1 -name ".$1.??????" | wc -l; }

# case LABEL NAME FORCE COMMAND...: kills COMMAND once its temporary file for NAME passes 1 MB,
# checks the target, then runs COMMAND again and checks the clean-up.
kill_case() {
    local label=$1 name=$2 force=$3
    shift 3
    local target=$work/$name before after killed_ms state left message
    before=$( [ -e "$target" ] && sha256sum <"$target" | cut -c1-16 || echo absent)
    "$@" >/dev/null 2>"$work/first.err" &
    local pid=$! started=$(date +%s%N)
    for _ in $(seq 1 600); do
        [ -n "$(find "$work" -maxdepth 1 -name ".$name.??????" -size +1M)" ] && break
        kill -0 $pid 2>/dev/null || break
        sleep 0.01
    done
    kill -9 $pid 2>/dev/null
    wait $pid 2>/dev/null
    killed_ms=$(( ($(date +%s%N) - started) / 1000000 ))
    after=$( [ -e "$target" ] && sha256sum <"$target" | cut -c1-16 || echo absent)
    left=$(temporaries "$name")
    [ "$before" = "$after" ] && state="unchanged ($after)" || { state="CHANGED ($before → $after)"; failed=1; }
    [ "$left" -eq 1 ] || { echo "kill-table: $label: $left temporary files after the kill, expected 1 (was the kill too late?)"; failed=1; }
    "$@" >/dev/null 2>"$work/second.err"
    local status=$?
    message=$(grep -c "left by an interrupted write of $name" "$work/second.err")
    local remaining=$(temporaries "$name")
    [ $status -eq 0 ] && [ "$message" -eq 1 ] && [ "$remaining" -eq 0 ] || { echo "kill-table: $label: the next write exited $status, said it removed $message, left $remaining"; cat "$work/second.err"; failed=1; }
    echo "| \`$label\` | $killed_ms ms | $state | $left | exit $status, removed $message, said so | $remaining |"
    [ "$force" = force ] || rm -f "$target"
}

echo "| command (killed mid-write) | killed after | target after the kill | temporary files left | the next write | temporary files after it |"
echo "|---|---:|---|---:|---|---:|"
printf 'old\n' >"$work/synth.json"
kill_case "trace synthesize --force" synth.json force "$BIN" trace synthesize --events "$events" --out "$work/synth.json" --force
printf 'old\n' >"$work/mirror.json"
kill_case "trace transform --force" mirror.json force "$BIN" trace transform "$work/big.json" --mirror x --out "$work/mirror.json" --force
kill_case "trace transform (no --force)" new.json new "$BIN" trace transform "$work/big.json" --mirror x --out "$work/new.json"
printf 'old\n' >"$work/events.csv"
kill_case "trace export --format csv --force" events.csv force "$BIN" trace export "$work/big.json" --format csv --out "$work/events.csv" --force
cp "$work/big.json" "$work/labelled.json"
kill_case "trace label --in-place" labelled.json force "$BIN" trace label "$work/labelled.json" --in-place --note killed
# Traces skip the temporaries: a folder check sees the finished files only.
touch "$work/.stray.json.abcdef"
"$BIN" trace validate "$work/synth.json" "$work/mirror.json" >/dev/null 2>&1 || { echo "kill-table: the rewritten traces do not validate"; failed=1; }
[ $failed -eq 0 ] && echo "kill-table: every killed write left its target as it was and one temporary file, removed by the next write"
exit $failed
