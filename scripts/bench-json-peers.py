#!/usr/bin/env python3
"""Times JSON parsers on one file inside this Python process, as `gesture-lab bench` times its
own reader inside its process: each run reads the file's bytes and parses them, after one
untimed warm-up. Prints one JSON object: {"python": version, "parsers": {name: [seconds per
run]}, "skipped": {name: reason}}.

Usage: bench-json-peers.py FILE RUNS
"""
import json
import sys
import time


def parsers():
    found = {"json": json.loads}
    skipped = {}
    try:
        import orjson
        found["orjson"] = orjson.loads
    except ImportError as error:
        skipped["orjson"] = str(error)
    try:
        import simdjson
        parser = simdjson.Parser()
        # parse() builds simdjson's document (the tape); values are made only when read.
        found["simdjson"] = lambda data: parser.parse(data)
    except ImportError as error:
        skipped["simdjson"] = str(error)
    return found, skipped


def main():
    path, runs = sys.argv[1], int(sys.argv[2])
    found, skipped = parsers()
    times = {}
    for name, parse in found.items():
        samples = []
        for run in range(runs + 1):
            start = time.perf_counter()
            with open(path, "rb") as file:
                document = parse(file.read())
            elapsed = time.perf_counter() - start
            del document
            if run > 0:
                samples.append(elapsed)
        times[name] = samples
    print(json.dumps({"python": sys.version.split()[0], "parsers": times, "skipped": skipped}))


if __name__ == "__main__":
    main()
