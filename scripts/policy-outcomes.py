#!/usr/bin/env python3
"""How policies decide a folder of traces that carry no intent: replays every trace headless
under each policy (`gesture-lab replay --headless --report json`) and prints one table row per
policy: transitions finished, cancelled, traces that drove none, and how many decisions differ
from the first policy's.

Usage: policy-outcomes.py GESTURE_LAB FOLDER POLICY... [--policy-file FILE]
Standard library only.
"""
import json
import os
import subprocess
import sys


def main():
    args = sys.argv[1:]
    policy_file = []
    if "--policy-file" in args:
        index = args.index("--policy-file")
        policy_file = ["--policy-file", args[index + 1]]
        del args[index:index + 2]
    if len(args) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    binary, folder, policies = args[0], args[1], args[2:]
    traces = sorted(os.path.join(root, name) for root, _, names in os.walk(folder) for name in names if name.endswith(".json"))
    decisions = {}
    print(f"{len(traces)} traces in {folder}")
    print("| policy | transitions | finished | cancelled | traces with none | traces decided otherwise than under " + policies[0] + " |")
    print("|---|---|---|---|---|---|")
    for policy in policies:
        finished = cancelled = none = 0
        decided = []
        for trace in traces:
            result = subprocess.run([binary, "replay", trace, "--headless", "--report", "json", "--policy", policy] + policy_file,
                                    capture_output=True, text=True, check=True)
            transitions = json.loads(result.stdout)["transitions"]
            none += not transitions
            finished += sum(t["outcome"] == "finished" for t in transitions)
            cancelled += sum(t["outcome"] == "cancelled" for t in transitions)
            decided.append([t["outcome"] for t in transitions])
        decisions[policy] = decided
        differing = sum(a != b for a, b in zip(decisions[policies[0]], decided))
        print(f"| {policy} | {finished + cancelled} | {finished} | {cancelled} | {none} | {differing} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
