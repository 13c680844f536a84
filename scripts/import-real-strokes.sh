#!/bin/sh
# Imports the real recordings of ../shared/data (see its README) as traces under OUT
# (default /tmp/gesture-lab-real): the evemu touchscreens and touchpads, and the $1 pen strokes
# of subject s02 at every speed. Used to measure prediction error on real strokes
# (docs/prediction.md). Skips, with a message, when ../shared/data is absent.
set -eu
LAB=${LAB:-.build/debug/gesture-lab}
DATA=${DATA:-../shared/data}
OUT=${1:-/tmp/gesture-lab-real}
if [ ! -d "$DATA" ]; then
    echo "no $DATA: the real recordings are not here (a fresh clone has none); nothing imported"
    exit 0
fi
mkdir -p "$OUT/touchscreen" "$OUT/touchpad" "$OUT/pen"
for name in 3m wetab ntrig-dell-xt2; do
    "$LAB" import evemu "$DATA/evemu/$name.event" --out "$OUT/touchscreen/$name.json" --force >/dev/null
done
"$LAB" import evemu "$DATA/evemu/bcm5974.event" --out "$OUT/touchpad/bcm5974.json" --force >/dev/null
for events in "$DATA"/evemu-devices/*.events; do
    base=$(basename "$events" .events)
    case "$base" in
        touchpads_*) kind=touchpad ;;
        *) kind=touchscreen ;;
    esac
    # Format 1.3 files usually carry their device description at the top; else the device's .desc.
    desc="$DATA/evemu-devices/$(echo "$base" | sed 's/\.[^.]*$//').desc"
    if [ -f "$desc" ]; then
        "$LAB" import evemu "$events" --prop "$desc" --out "$OUT/$kind/$base.json" --force >/dev/null
    else
        "$LAB" import evemu "$events" --out "$OUT/$kind/$base.json" --force >/dev/null
    fi
done
for stroke in "$DATA"/dollar1/s02/*/*.xml; do
    speed=$(basename "$(dirname "$stroke")")
    "$LAB" import dollar1 "$stroke" --out "$OUT/pen/$speed-$(basename "$stroke" .xml).json" --force >/dev/null
done
echo "imported into $OUT: $(find "$OUT/touchscreen" -name '*.json' | wc -l) touchscreen, $(find "$OUT/touchpad" -name '*.json' | wc -l) touchpad, $(find "$OUT/pen" -name '*.json' | wc -l) pen traces"
