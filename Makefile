# Gesture Lab: `make run` opens the playground (or replays the demo headless without a
# display); `make test` runs every test. Both install missing Debian packages first.

SWIFT ?= swift
DEBIAN_PACKAGES := libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev fonts-dejavu-core xvfb xdotool time python3 python3-venv chromium nodejs libxml2-utils kotlin default-jdk-headless
RELEASE_BIN := .build/release/gesture-lab
DEBUG_BIN := .build/debug/gesture-lab
# Seconds of fuzzing per target for `make fuzz`, and for the short run in `make test`.
FUZZ_SECONDS ?= 300
FUZZ_SMOKE_SECONDS ?= 20
FUZZ_TARGETS ?= trace evemu libinput getevent dollarone chunked validate replay policy http

# SwiftPM drops the obsolete -D_REENTRANT of Debian's sdl2.pc with a warning on every build;
# builds read a copy without it (made by `deps`), so they have no warnings.
PKG_CONFIG_COPY := .build/pkgconfig
export PKG_CONFIG_PATH := $(CURDIR)/$(PKG_CONFIG_COPY)

# Where `make install` puts the gesture-lab command: $(PREFIX)/bin.
PREFIX ?= /usr/local

.PHONY: all deps build build-debug run install test unit-test e2e fuzz fuzz-smoke test-asan golden bench transitions clean

all: build

deps:
	@scripts/install-deps.sh $(DEBIAN_PACKAGES)
	@mkdir -p $(PKG_CONFIG_COPY)
	@sed 's/ *-D_REENTRANT//' "$$(PKG_CONFIG_PATH= pkg-config --variable=pcfiledir sdl2)/sdl2.pc" > $(PKG_CONFIG_COPY)/sdl2.pc

build: deps
	$(SWIFT) build -c release --product gesture-lab

build-debug: deps
	$(SWIFT) build --product gesture-lab

run: build
	$(RELEASE_BIN)

# Puts gesture-lab on PATH (PREFIX=$$HOME/.local for a user's own bin folder), with the demo
# trace in PREFIX/share/gesture-lab, where it looks when run outside the repository.
install: build
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 755 $(RELEASE_BIN) "$(DESTDIR)$(PREFIX)/bin/gesture-lab"
	install -d "$(DESTDIR)$(PREFIX)/share/gesture-lab/recordings"
	install -m 644 recordings/demo.json "$(DESTDIR)$(PREFIX)/share/gesture-lab/recordings/demo.json"
	@echo "installed $(DESTDIR)$(PREFIX)/bin/gesture-lab"

test: deps unit-test fuzz-smoke e2e

unit-test:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# The end-to-end checks run the release build (as users do) and compare it with the debug one.
e2e: build build-debug
	Tests/EndToEnd/e2e.sh $(RELEASE_BIN) $(DEBUG_BIN)

# Regenerates the golden pixel hashes of every transition, on purpose, after a visual change;
# Golden/reference (the pictures SDL drew before the own rasteriser) is never rewritten.
golden: deps
	$(SWIFT) build --build-tests
	GESTURE_LAB_UPDATE_GOLDEN=1 $(SWIFT) test --skip-build --filter OffscreenRenderingTests/everyTransitionRenders
	@echo "rewrote Tests/SDLFrontTests/Golden/render-hashes.json; review the change with git diff"

# Speed and memory, measured side by side with their references (see docs/bench.md).
bench: build
	scripts/run-bench.sh $(RELEASE_BIN)

# docs/transitions/NAME.png for every transition at progress 0.5.
transitions: build
	scripts/render-transitions.sh $(RELEASE_BIN)

# libFuzzer on the parsers of untrusted input (scripts/fuzz.sh); reproducers go to fuzz/crashes/.
fuzz:
	SWIFT=$(SWIFT) scripts/fuzz.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)

# The short run in `make test` fuzzes a debug build: it builds in a fifth of the time.
fuzz-smoke:
	SWIFT=$(SWIFT) FUZZ_CONFIGURATION=debug scripts/fuzz.sh $(FUZZ_SMOKE_SECONDS) $(FUZZ_TARGETS)

# Every test under AddressSanitizer, in a build folder of its own so the debug build stays;
# Tests/EngineTests/LeakSanitizerSuppressions.swift says why XCTest's own leaks are left out.
test-asan: deps
	$(SWIFT) test --sanitize address --scratch-path .build/asan

clean:
	rm -rf .build out
