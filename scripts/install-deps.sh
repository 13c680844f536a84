#!/usr/bin/env bash
# Installs the Debian packages named on the command line that are not installed yet, with
# apt-get (through sudo when not root). Does nothing when all are present.
set -euo pipefail

if ! command -v swift >/dev/null 2>&1; then
    echo "install-deps: the Swift toolchain (swift) is not on PATH; install Swift 6 first" >&2
    exit 1
fi

missing=()
for package in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-deps: missing packages (${missing[*]}) and no apt-get to install them" >&2
    exit 1
fi
run_as_root=()
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
        run_as_root=(sudo)
    else
        echo "install-deps: missing packages (${missing[*]}); run as root or install sudo" >&2
        exit 1
    fi
fi
echo "install-deps: installing ${missing[*]}"
"${run_as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
"${run_as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
