# Gesture Lab: `make run` opens the playground (or replays the demo headless without a
# display); `make test` runs every test. Both install missing Debian packages first.

SWIFT ?= swift
DEBIAN_PACKAGES := libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev fonts-dejavu-core xvfb xdotool
RELEASE_BIN := .build/release/gesture-lab
DEBUG_BIN := .build/debug/gesture-lab

.PHONY: all deps build build-debug run test unit-test e2e clean

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

e2e: build-debug
	scripts/e2e.sh $(DEBUG_BIN)

clean:
	rm -rf .build out
