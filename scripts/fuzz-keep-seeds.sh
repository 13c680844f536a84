#!/usr/bin/env bash
# Grows the seed corpus in the repository from what `scripts/fuzz.sh` found: for each TARGET,
# libFuzzer's set-cover merge adds to fuzz/seeds/TARGET/ only the inputs of .build/fuzz-corpus/TARGET/
# that reach code the seeds do not, up to MAX_BYTES each (default 4096, so the repository stays
# small). Run it after a long `make fuzz`, review `git status fuzz/seeds`, and commit.
# Usage: scripts/fuzz-keep-seeds.sh TARGET...
set -uo pipefail
cd "$(dirname "$0")/.."

if [ $# -lt 1 ]; then
    echo "usage: $0 TARGET..." >&2
    exit 2
fi
binary=.build/fuzz/release/Fuzz
max_bytes=${MAX_BYTES:-4096}
if [ ! -x "$binary" ]; then
    echo "fuzz-keep-seeds: $binary is missing; run scripts/fuzz.sh first" >&2
    exit 1
fi
for target in "$@"; do
    corpus=.build/fuzz-corpus/$target
    seeds=fuzz/seeds/$target
    if [ ! -d "$corpus" ]; then
        echo "fuzz-keep-seeds: $target: no corpus in $corpus; run scripts/fuzz.sh first" >&2
        continue
    fi
    mkdir -p "$seeds"
    before=$(ls "$seeds" | wc -l)
    SWIFT_BACKTRACE=enable=no GESTURE_LAB_FUZZ_TARGET=$target "$binary" -set_cover_merge=1 -max_len="$max_bytes" \
        "$seeds" "$corpus" >".build/fuzz-logs/$target-keep.log" 2>&1 || {
        echo "fuzz-keep-seeds: $target: the merge failed; see .build/fuzz-logs/$target-keep.log" >&2
        continue
    }
    echo "fuzz-keep-seeds: $target: $before seeds, now $(ls "$seeds" | wc -l)"
done
