#!/usr/bin/env python3
"""How many release decisions change on the corpus under each resampling mode and predictor,
and why. Runs `gesture-lab check --json` once as recorded and once per mode, pairs the results
by trace and policy, and sorts every change by what moved it.

Usage: scripts/decision-changes.py [PATH ...] [--lab .build/debug/gesture-lab]
(default PATH: recordings/). Standard library only.
"""
import argparse
import collections
import json
import subprocess
import sys

MODES = [("resample", "flutter"), ("resample", "android"),
         ("predict", "linear-first"), ("predict", "linear-second"), ("predict", "lsq"), ("predict", "kalman")]


def check(lab, paths, extra):
    """Every (trace, policy) → its transitions, from `check --json`."""
    run = subprocess.run([lab, "check", *paths, "--json", *extra], capture_output=True, text=True)
    if run.returncode not in (0, 1):
        sys.exit(f"{lab} check {' '.join(extra)} failed ({run.returncode}): {run.stderr.strip()}")
    results = {}
    for line in run.stdout.splitlines():
        row = json.loads(line)
        if "trace" in row and "policy" in row:
            results[(row["trace"], row["policy"])] = row.get("transitions", [])
    return results


def rule(reason):
    """The kind of rule that decided: the reason's first word (progress, fling, projected…)."""
    return reason.split(" ")[0] if reason else "none"


def why(before, after):
    """One line saying what moved a decision."""
    if len(before) != len(after):
        took = "no transition took hold" if not after else f"{len(after)} transitions instead of {len(before)}"
        return f"recognition: {took}"
    for old, new in zip(before, after):
        if old["decision"] != new["decision"]:
            dp = new["progress_at_release"] - old["progress_at_release"]
            dv = new["velocity_at_release"] - old["velocity_at_release"]
            return (f"release: {old['decision']} by {rule(old['reason'])} -> {new['decision']} by {rule(new['reason'])} "
                    f"(progress {dp:+.3f}, velocity {dv:+.0f} pt/s)")
    return "outcome: the same decisions, another outcome"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", default=["recordings/"])
    parser.add_argument("--lab", default=".build/debug/gesture-lab")
    arguments = parser.parse_args()
    baseline = check(arguments.lab, arguments.paths, [])
    print(f"{len(baseline)} checks (trace × policy) as recorded")
    for option, name in MODES:
        results = check(arguments.lab, arguments.paths, [f"--{option}", name])
        changed = [(key, baseline[key], results.get(key, [])) for key in sorted(baseline)
                   if [t["outcome"] for t in baseline[key]] != [t["outcome"] for t in results.get(key, [])]]
        print(f"\n--{option} {name}: {len(changed)} of {len(baseline)} decisions change")
        kinds = collections.Counter()
        for key, before, after in changed:
            line = why(before, after)
            kinds[line.split(" (")[0]] += 1
            print(f"  {key[0]} [{key[1]}]: {line}")
        for kind, count in kinds.most_common():
            print(f"  = {count} × {kind}")


if __name__ == "__main__":
    main()
