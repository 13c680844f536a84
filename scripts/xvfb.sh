#!/usr/bin/env bash
# Sourced by scripts that need a display: starts Xvfb on a free display number unless
# DISPLAY already works, exports DISPLAY, and stops the server on exit.

start_xvfb() {
    local number
    for number in $(seq 90 120); do
        if [ ! -e "/tmp/.X11-unix/X$number" ] && [ ! -e "/tmp/.X$number-lock" ]; then
            Xvfb ":$number" -screen 0 1280x1024x24 -nolisten tcp >/dev/null 2>&1 &
            XVFB_PID=$!
            export DISPLAY=":$number"
            for _ in $(seq 1 50); do
                if [ -e "/tmp/.X11-unix/X$number" ]; then
                    trap 'kill "$XVFB_PID" 2>/dev/null || true' EXIT
                    return 0
                fi
                sleep 0.1
            done
            kill "$XVFB_PID" 2>/dev/null || true
        fi
    done
    echo "xvfb: could not start Xvfb" >&2
    return 1
}
