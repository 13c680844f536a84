#!/usr/bin/env python3
"""The lab's `compose` rule against a Kotlin model of Compose's own target computation.

Tests/EndToEnd/compose-anchored-model.kt re-expresses, in Float as Compose computes, where Foundation
1.8's AnchoredDraggableState settles between two anchors (DraggableAnchors.computeTarget, its
closestAnchor, 125 dp/s, half the distance). This compiles it with Debian's kotlinc, asks it about
every release of a grid (progress 0, 2^-20, 0.5 ± 2^-20, 0.5, 1 - 2^-20, 1 and every 1/64 between;
velocities ±10000, ±125, ±124.99, ±50 and 0 dp/s) at several densities and distances, and asks the
lab's rule, as `gesture-lab export-policy SPEC --for web` writes it (the function the capture page
runs), in Node about the same releases in points (1 pt = 1 dp). Prints the boundary table (F:
finish, the end anchor; C: cancel) with every disagreement, and exits 0 when they all agree, 1 when
some do not, 77 when kotlinc, java or node is missing.

Usage: compose-boundary-oracle.py GESTURE_LAB [--policy SPEC]   (default SPEC: compose)
"""
import hashlib
import pathlib
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
MODEL = ROOT / "Tests/EndToEnd/compose-anchored-model.kt"
CACHE = ROOT / ".build/compose-oracle"
EPSILON = 2.0 ** -20
BOUNDARY_PROGRESS = [0.0, EPSILON, 0.5 - EPSILON, 0.5, 0.5 + EPSILON, 1 - EPSILON, 1.0]
BOUNDARY_VELOCITY = [-10000.0, -125.0, -124.99, 0.0, 124.99, 125.0, 10000.0]
PROGRESS = sorted(set(BOUNDARY_PROGRESS + [i / 64 for i in range(65)]))
VELOCITY = sorted(set(BOUNDARY_VELOCITY + [-50.0, 50.0]))
SETUPS = [(1.0, 200.0), (2.0, 200.0), (2.625, 411.4), (3.5, 360.0)]  # (density, distance in dp)


def model_jar():
    """The compiled model, rebuilt when its source changes."""
    digest = hashlib.sha256(MODEL.read_bytes()).hexdigest()[:16]
    jar = CACHE / f"model-{digest}.jar"
    if not jar.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory() as scratch:
            built = pathlib.Path(scratch) / "model.jar"
            subprocess.run(["kotlinc", str(MODEL), "-include-runtime", "-d", str(built)], check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            shutil.move(str(built), jar)
    return jar


def compose_decisions(jar, density, distance, cases):
    text = "".join(f"{progress!r} {velocity!r}\n" for progress, velocity in cases)
    run = subprocess.run(["java", "-jar", str(jar), repr(density), repr(distance)], input=text, capture_output=True,
                         text=True, check=True)
    return run.stdout.split()


def lab_decisions(binary, spec, cases):
    snippet = subprocess.run([binary, "export-policy", spec, "--for", "web"], capture_output=True, text=True, check=True).stdout
    if "function shouldFinish(progress, velocity) {" not in snippet:
        sys.exit(f"compose-boundary-oracle: '{spec}' needs more than progress and velocity; give a rule in points per second")
    script = snippet + "\nconst cases = JSON.parse(require('fs').readFileSync(0, 'utf8'));\n" \
        "process.stdout.write(cases.map(([p, v]) => shouldFinish(p, v) ? 'F' : 'C').join('\\n'));\n"
    with tempfile.NamedTemporaryFile("w", suffix=".js", delete=False) as handle:
        handle.write(script)
        path = handle.name
    try:
        run = subprocess.run(["node", path], input="[" + ",".join(f"[{p!r},{v!r}]" for p, v in cases) + "]",
                             capture_output=True, text=True, check=True)
    finally:
        pathlib.Path(path).unlink()
    return run.stdout.split()


def label(value):
    names = {EPSILON: "2^-20", 0.5 - EPSILON: "0.5-2^-20", 0.5 + EPSILON: "0.5+2^-20", 1 - EPSILON: "1-2^-20"}
    return names.get(value, repr(value))


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binary = sys.argv[1]
    spec = sys.argv[sys.argv.index("--policy") + 1] if "--policy" in sys.argv else "compose"
    missing = [tool for tool in ("kotlinc", "java", "node") if shutil.which(tool) is None]
    if missing:
        print(f"compose-boundary-oracle: skipped, {', '.join(missing)} not found")
        return 77
    jar = model_jar()
    cases = [(p, v) for p in PROGRESS for v in VELOCITY]
    lab = dict(zip(cases, lab_decisions(binary, spec, cases)))
    disagreements = []
    for density, distance in SETUPS:
        compose = dict(zip(cases, compose_decisions(jar, density, distance, cases)))
        disagreements += [(density, distance, p, v, compose[(p, v)], lab[(p, v)]) for p, v in cases if compose[(p, v)] != lab[(p, v)]]
        if (density, distance) == SETUPS[0]:
            print(f"Compose's AnchoredDraggableState (Kotlin model, density {density}, {distance} dp) | lab '{spec}'")
            print("progress \\ velocity (dp/s = pt/s) | " + " | ".join(label(v) for v in BOUNDARY_VELOCITY))
            for p in BOUNDARY_PROGRESS:
                cells = [compose[(p, v)] + ("" if compose[(p, v)] == lab[(p, v)] else "≠" + lab[(p, v)]) for v in BOUNDARY_VELOCITY]
                print(f"{label(p)} | " + " | ".join(cells))
    total = len(cases) * len(SETUPS)
    print(f"{total - len(disagreements)} of {total} releases agree ({len(cases)} per setup, setups (density, dp): {SETUPS})")
    for density, distance, p, v, compose, ours in disagreements[:40]:
        print(f"  differs: density {density}, {distance} dp, progress {label(p)}, velocity {v}: Compose {compose}, lab {ours}")
    return 0 if not disagreements else 1


if __name__ == "__main__":
    sys.exit(main())
