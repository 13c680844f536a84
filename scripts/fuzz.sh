#!/usr/bin/env bash
# Fuzzes the parsers of untrusted input (see Sources/Fuzz) with libFuzzer and AddressSanitizer,
# SECONDS per target. A crash, a hang (an input taking over 5 s; 25 s in a debug build) or running out of memory is a
# finding: its reproducer is written to fuzz/crashes/TARGET/ and the script exits 1.
# Seeds: recordings/, ../shared/data/evemu when present, fuzz/seeds/TARGET/; dictionaries of
# each format's words: fuzz/dictionaries/TARGET.dict.
# Usage: scripts/fuzz.sh SECONDS TARGET...   (targets: trace evemu libinput getevent dollarone chunked validate replay policy http)
# FUZZ_JOBS=N runs N targets at once (default: the number of cores); FUZZ_CONFIGURATION=debug
# fuzzes a debug build (below).
set -uo pipefail
cd "$(dirname "$0")/.."

if [ $# -lt 2 ]; then
    echo "usage: $0 SECONDS TARGET..." >&2
    exit 2
fi
seconds=$1
shift

SWIFT=${SWIFT:-swift}
# FUZZ_CONFIGURATION=debug builds without optimisation: a fifth of the build time and fewer
# executions a second, which suits the short run in `make test`; long runs use release.
configuration=${FUZZ_CONFIGURATION:-release}
case $configuration in release|debug) ;; *) echo "fuzz: FUZZ_CONFIGURATION must be release or debug, not '$configuration'" >&2; exit 2 ;; esac
# A build folder of its own: the sanitized objects would otherwise replace the normal builds'.
scratch=.build/fuzz
[ "$configuration" = debug ] && scratch=.build/fuzz-debug
binary=$scratch/$configuration/Fuzz
# Seconds one input may take before it counts as a hang, and as a slow unit (libFuzzer's own
# -report_slow_units, 10 s unless told, would otherwise be a second, stricter limit). Without
# optimisation an input takes several times as long: a 505 KB corpus seed of the validate
# target took 3.1 s of CPU in the debug build at a93d0d3 and 8.5 s on 2026-12-07 (10 s on a
# loaded machine, which libFuzzer's default reported as a slow unit and failed make test), so
# the debug run allows 25 s. Validate's speed on large traces is issue #50's.
hang_seconds=5
[ "$configuration" = debug ] && hang_seconds=25
shared_evemu=../shared/data/evemu
# Inputs up to 1 MB: the limits (a 1 MiB header, 64 KiB lines and events) must be reached.
max_len=1048576
# Lines of a long shared evemu recording kept in its seed, so the seed fits in max_len.
seed_lines=400

# Not `--sanitize fuzzer --sanitize address`: SwiftPM passes them as two -sanitize= options in
# an order that varies from run to run, and swiftc keeps only the last one, so a build got
# either no coverage (libFuzzer mutating blind) or no AddressSanitizer, and rebuilt every time.
# `--sanitize fuzzer` makes SwiftPM link libFuzzer's main; the combined option, passed last,
# instruments for both. Linked with the toolchain's lld: Debian's gold warns on every build
# that it "cannot export local symbol '__asan_extra_spill_area'".
$SWIFT build -c "$configuration" --product Fuzz --sanitize fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld --scratch-path "$scratch" || exit 1
# A binary without coverage counters would run blind and find nothing; refuse it.
symbols=$(nm "$binary")
if ! grep -q sancov.module_ctor <<<"$symbols" || ! grep -q asan.module_ctor <<<"$symbols"; then
    echo "fuzz: $binary lacks coverage or AddressSanitizer instrumentation" >&2
    exit 1
fi

# Writes the seed inputs of target $1 into the empty folder $2.
make_seeds() {
    local target=$1 folder=$2 file name
    for file in fuzz/seeds/"$target"/*; do
        [ -f "$file" ] && cp "$file" "$folder/"
    done
    case $target in
    trace|chunked|validate|replay)
        while IFS= read -r file; do
            name=${file#recordings/}
            # chunked: the first byte is the chunk size less one; seeds start with 6 (7 bytes).
            if [ "$target" = chunked ]; then
                { printf '\006'; cat "$file"; } > "$folder/recording-${name//\//-}"
            else
                cp "$file" "$folder/recording-${name//\//-}"
            fi
        done < <(find recordings -name '*.json')
        ;;
    evemu)
        # Each shared recording twice: with its .prop before the #EVENTS line (see
        # FuzzTarget.parts), and alone, for the importer's own-description path.
        [ -d "$shared_evemu" ] || return 0
        for file in "$shared_evemu"/*.prop; do
            [ -f "$file" ] || continue
            name=$(basename "$file" .prop)
            [ -f "$shared_evemu/$name.event" ] || continue
            { cat "$file"; echo "#EVENTS"; head -n "$seed_lines" "$shared_evemu/$name.event"; } > "$folder/shared-$name-with-prop.txt"
            head -n "$seed_lines" "$shared_evemu/$name.event" > "$folder/shared-$name-alone.txt"
        done
        ;;
    esac
}

# One target: fuzzes it and writes its lines (PASS or FAIL, and how to replay a crash) to its
# result file.
run_target() {
    local target=$1
    local seeds=.build/fuzz-seeds/$target corpus=.build/fuzz-corpus/$target log=.build/fuzz-logs/$target.log crashes=fuzz/crashes/$target
    local result=.build/fuzz-logs/$target.result
    rm -rf "$seeds"
    mkdir -p "$seeds" "$corpus" "$crashes" "$(dirname "$log")"
    make_seeds "$target" "$seeds"
    local dictionary=()
    # The targets that read traces share the trace format's words.
    local words=$target
    case $target in chunked|validate|replay) words=trace ;; esac
    [ -f "fuzz/dictionaries/$words.dict" ] && dictionary=(-dict="fuzz/dictionaries/$words.dict")
    # New inputs go to the first folder, the corpus kept between runs; the seeds are read only.
    SWIFT_BACKTRACE=enable=no GESTURE_LAB_FUZZ_TARGET=$target "$binary" "$corpus" "$seeds" \
        -max_total_time="$seconds" -max_len=$max_len -timeout=$hang_seconds -report_slow_units=$hang_seconds -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$crashes/" "${dictionary[@]}" >"$log" 2>&1
    local status=$?
    local executions slowest reproducers
    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    # Whole seconds; anything above 0 is worth a look for work growing faster than the input.
    slowest=$(sed -n 's/^stat::slowest_unit_time_sec: *//p' "$log" | tail -1)
    reproducers=$(sed -n 's/.*Test unit written to //p' "$log")
    if [ $status -eq 0 ] && [ -z "$reproducers" ]; then
        echo "fuzz PASS: $target, ${executions:-?} executions in ${seconds}s, slowest input ${slowest:-?}s, corpus $(ls "$corpus" | wc -l) inputs" >"$result"
    else
        {
            echo "fuzz FAIL: $target (libFuzzer exited with $status, ${executions:-?} executions); log: $log"
            grep -E "^==[0-9]+==ERROR|^SUMMARY|Fatal error|ALARM|out-of-memory|deadly signal" "$log" | head -5 | sed 's/^/    /'
            for file in $reproducers; do
                echo "    reproducer: $file"
                echo "    replay: GESTURE_LAB_FUZZ_TARGET=$target $binary $file"
            done
        } >"$result"
    fi
}

# FUZZ_JOBS targets at once (default: one per core), each on a core of its own; results in the
# order the targets were given.
jobs=${FUZZ_JOBS:-$(nproc)}
for target in "$@"; do
    rm -f ".build/fuzz-logs/$target.result"
    run_target "$target" &
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
done
wait
passed=0
failed=0
for target in "$@"; do
    result=.build/fuzz-logs/$target.result
    if [ -f "$result" ] && head -1 "$result" | grep -q '^fuzz PASS'; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
    cat "$result" 2>/dev/null || echo "fuzz FAIL: $target (no result)"
done
echo "fuzz: $passed passed, $failed failed"
[ $failed -eq 0 ]
