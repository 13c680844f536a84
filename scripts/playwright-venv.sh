#!/usr/bin/env bash
# Makes .build/playwright-venv, a virtual environment of the system Python with Playwright for
# Python and pytest from the package index, for running the web tests `gesture-lab export-test
# --for web` writes (Tests/EndToEnd/export-test-web-roundtrip.py). Playwright's own browsers are never
# downloaded: the tests run Debian's chromium (GESTURE_LAB_CHROMIUM=/usr/bin/chromium).
# Without the package index this fails, saying so: the round trip is a test that must run.
set -uo pipefail
cd "$(dirname "$0")/.."
VENV=.build/playwright-venv
PACKAGES=(playwright==1.65.2 pytest==9.2.0)
if [ ! -x "$VENV/bin/python3" ]; then
    /usr/bin/python3 -m venv "$VENV" || { echo "playwright-venv: cannot create $VENV (Debian package python3-venv)" >&2; exit 1; }
fi
if ! "$VENV/bin/python3" -c "import playwright, pytest" 2>/dev/null \
    || [ "$("$VENV/bin/python3" -c 'import importlib.metadata as m; print(m.version("playwright"), m.version("pytest"))')" != "1.65.2 9.2.0" ]; then
    if ! PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 "$VENV/bin/pip" install --quiet --disable-pip-version-check --timeout 30 "${PACKAGES[@]}"; then
        echo "playwright-venv: pip could not install ${PACKAGES[*]} (is the package index reachable?); the web round trip cannot run" >&2
        exit 1
    fi
fi
