# Gesture Lab: `make run` opens the playground (or replays the demo headless without a
# display); `make test` runs every test. Both install missing Debian packages first.

SWIFT ?= swift
DEBIAN_PACKAGES := libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev fonts-dejavu-core xvfb xdotool time python3
RELEASE_BIN := .build/release/gesture-lab
DEBUG_BIN := .build/debug/gesture-lab

.PHONY: all deps build build-debug run test unit-test e2e golden bench transitions clean

all: build

deps:
	@scripts/install-deps.sh $(DEBIAN_PACKAGES)

build: deps
	$(SWIFT) build -c release --product gesture-lab

build-debug: deps
	$(SWIFT) build --product gesture-lab

run: build
	$(RELEASE_BIN)

test: deps unit-test e2e

unit-test:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# The end-to-end checks run the release build (as users do) and compare it with the debug one.
e2e: build build-debug
	scripts/e2e.sh $(RELEASE_BIN) $(DEBUG_BIN)

# Regenerates the golden pixel hashes of every transition, on purpose, after a visual change.
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

clean:
	rm -rf .build out
