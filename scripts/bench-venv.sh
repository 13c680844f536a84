#!/usr/bin/env bash
# Makes .build/bench-venv, a virtual environment of the system Python with orjson and
# pysimdjson, the JSON parsers `gesture-lab bench` compares trace loading with. Without the
# package index the venv keeps only the standard json module and the bench says what it skipped.
set -uo pipefail
cd "$(dirname "$0")/.."
VENV=.build/bench-venv
if [ ! -x "$VENV/bin/python3" ]; then
    /usr/bin/python3 -m venv "$VENV" || { echo "bench-venv: cannot create $VENV (Debian package python3-venv)"; exit 0; }
fi
if ! "$VENV/bin/python3" -c "import orjson, simdjson" 2>/dev/null; then
    "$VENV/bin/pip" install --quiet --disable-pip-version-check --timeout 30 orjson pysimdjson \
        || echo "bench-venv: pip could not install orjson and pysimdjson (no package index?); the bench will skip them"
fi
