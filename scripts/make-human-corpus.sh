#!/usr/bin/env bash
# Regenerates recordings/human/ from ../shared/data: real people's strokes and touches, cut to
# single gestures and labelled honestly (intent unknown; the expected outcomes are what the
# lab decided when they were made, a regression record). See recordings/human/README.md.
# Usage: scripts/make-human-corpus.sh PATH_TO_GESTURE_LAB [--force]   (--force replaces the folder's traces)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$(realpath "$1")
force=${2:-}
data=../shared/data
out=recordings/human
[ -d "$data/dollar1" ] && [ -d "$data/evemu" ] && [ -d "$data/evemu-devices" ] \
    || { echo "make-human-corpus: $data (dollar1, evemu, evemu-devices) is not there" >&2; exit 1; }
if ls "$out"/*/*.json >/dev/null 2>&1; then
    [ "$force" = --force ] || { echo "make-human-corpus: $out already holds traces; give --force to make them again" >&2; exit 1; }
    rm -f "$out"/dollar1/*.json "$out"/touchscreen/*.json "$out"/touchpad/*.json
fi
mkdir -p "$out/dollar1" "$out/touchscreen" "$out/touchpad" "$out/licenses"
# The licences of the kernel recordings travel with what is made from them.
cp "$data/evemu/COPYING" "$out/licenses/evemu-LGPL-3.0.txt"
cp "$data/evemu-devices/LICENSE" "$out/licenses/evemu-devices-MIT.txt"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Labels a new trace: a note, and each policy's outcomes as the regression expectation. No
# intent: nobody asked these people what they meant.
label() {
    "$BIN" trace label "$1" --in-place --record-outcomes --note "$2" >/dev/null
}

# $1 pen strokes (Wobbrock, Wilson and Li, UIST 2007): four shapes with one main direction
# change, the first take of each subject at each speed, as drags for the pan controller.
for subject in s02 s03 s04 s05; do
    for speed in fast medium slow; do
        for shape in check caret v arrow; do
            trace="$out/dollar1/$subject-$speed-$shape.json"
            "$BIN" import dollar1 "$data/dollar1/$subject/$speed/${shape}01.xml" --out "$trace" --controller pan >/dev/null
            label "$trace" "human pen stroke, intent unknown: \$1 log $subject/$speed/${shape}01.xml, replayed as a drag"
        done
    done
done

# Kernel recordings: imported whole, cut at the moments no finger is down into one trace per
# gesture (scripts/split-gestures.py, which leaves out taps and resting fingers), each listened
# to by the controller its motion suits.
# cut KIND NAME EVENTS PROP DESCRIPTION   (PROP empty: the recording describes its device itself)
cut() {
    local kind=$1 name=$2 events=$3 prop=$4 description=$5 number=0 span contacts controller pinch
    "$BIN" import evemu "$events" ${prop:+--prop "$prop"} --out "$work/$name.json" >/dev/null
    while read -r span contacts controller pinch; do
        number=$((number + 1))
        local whole="$work/$name-$number-whole.json" trace="$out/$kind/$name-$number.json"
        "$BIN" import evemu "$events" ${prop:+--prop "$prop"} --out "$whole" --controller "$controller" ${pinch:+--pinch "$pinch"} >/dev/null
        "$BIN" trace transform "$whole" --crop "$span" --out "$trace" >/dev/null
        label "$trace" "human $description, intent unknown: $(basename "$events") from ${span%%:*} s to ${span##*:} s, $contacts finger(s), heard as $controller${pinch:+ $pinch}"
    done < <(python3 scripts/split-gestures.py "$work/$name.json")
}
devices=$data/evemu-devices
cut touchscreen 3m "$data/evemu/3m.event" "$data/evemu/3m.prop" "touchscreen (3M MicroTouch 22\")"
cut touchscreen atmel-one-finger "$devices/touchscreens_Atmel_maXTouch_Touchscreen.1-finger-drag-up-down.events" \
    "" "touchscreen (Atmel maXTouch)"
cut touchscreen atmel-four-fingers "$devices/touchscreens_Atmel_maXTouch_Touchscreen.4-finger-drag-down.events" \
    "" "touchscreen (Atmel maXTouch)"
cut touchscreen ep0430m09 "$devices/touchscreens_EP0430M09.2-finger-scroll-down.events" "$devices/touchscreens_EP0430M09.desc" \
    "touchscreen (EP0430M09)"
cut touchpad bcm5974 "$data/evemu/bcm5974.event" "$data/evemu/bcm5974.prop" "touchpad (Apple bcm5974), positions on the pad scaled to the window"
cut touchpad synaptics "$devices/touchpads_SynPS2_Synaptics_TouchPad.hp8470p.two-finger-scroll-horizontal.events" \
    "$devices/touchpads_SynPS2_Synaptics_TouchPad.hp8470p.desc" "touchpad (Synaptics, HP 8470p), positions on the pad scaled to the window"
echo "make-human-corpus: $(ls "$out"/*/*.json | wc -l) traces in $out"
