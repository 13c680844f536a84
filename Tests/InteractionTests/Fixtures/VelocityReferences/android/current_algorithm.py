"""Recomputes every case of VelocityTracker_test.json with Android's current lsq2 and impulse
strategies (libs/input/VelocityTracker.cpp at the commit named in the JSON), in single
precision and nanoseconds as Android does, and stores the results as "current" beside each
expectation. Independent of the lab's Swift code: it is the oracle the impulse cases are checked
against where the peer's own expectations predate the peer's code.

Run: python3 current_algorithm.py   (needs numpy; rewrites VelocityTracker_test.json in place)
"""
import json
import pathlib

import numpy as np

f32 = np.float32
HORIZON = 100_000_000
STOPPED = 40_000_000
HISTORY = 20


def history(samples, lift):
    """The movements the strategy holds when the pointer lifts, or None if the lift clears them."""
    kept, last = [], None
    for time, x, y in samples:
        if last is not None and time - last > STOPPED:
            kept = []
        last = time
        if kept and kept[-1][0] == time:
            kept.pop()
        kept.append((time, f32(x), f32(y)))
        kept = kept[-HISTORY:]
        while time - kept[0][0] > HORIZON:
            kept.pop(0)
    if last is None or lift - last > STOPPED:
        return None
    return kept


def energy_to_velocity(work):
    sqrt2 = f32(1.41421356237)
    return f32((f32(-1.0) if work < 0 else f32(1.0)) * np.sqrt(np.abs(work)) * sqrt2)


def impulse(movements, axis):
    work = f32(0)
    for i in range(len(movements) - 1):
        previous = energy_to_velocity(work)
        delta = f32(movements[i + 1][axis] - movements[i][axis])
        current = f32(delta / f32(f32(1e-9) * f32(movements[i + 1][0] - movements[i][0])))
        work = f32(work + f32(f32(current - previous) * np.abs(current)))
        if i == 0:
            work = f32(work * f32(0.5))
    return float(energy_to_velocity(work))


def lsq_general(x, y, n):
    m = len(x)
    a = [[f32(1)] * m for _ in range(n)]
    for i in range(1, n):
        a[i] = [f32(a[i - 1][h] * x[h]) for h in range(m)]
    q = [[f32(0)] * m for _ in range(n)]
    r = [[f32(0)] * n for _ in range(n)]
    for j in range(n):
        q[j] = list(a[j])
        for i in range(j):
            dot = f32(sum(f32(q[j][h] * q[i][h]) for h in range(m)))
            q[j] = [f32(q[j][h] - f32(dot * q[i][h])) for h in range(m)]
        norm = f32(np.sqrt(f32(sum(f32(v * v) for v in q[j]))))
        if norm < f32(0.000001):
            return None
        inverse = f32(f32(1) / norm)
        q[j] = [f32(v * inverse) for v in q[j]]
        for i in range(n):
            r[j][i] = f32(0) if i < j else f32(sum(f32(q[j][h] * a[i][h]) for h in range(m)))
    b = [f32(0)] * n
    for i in reversed(range(n)):
        b[i] = f32(sum(f32(q[i][h] * y[h]) for h in range(m)))
        for j in range(n - 1, i, -1):
            b[i] = f32(b[i] - f32(r[i][j] * b[j]))
        b[i] = f32(b[i] / r[i][i])
    return float(b[1])


def lsq2(movements, axis):
    if len(movements) < 2:
        return None
    newest = movements[-1][0]
    if len(movements) == 2:
        x = [f32(f32(-(newest - m[0])) * f32(1e-9)) for m in reversed(movements)]
        y = [m[axis] for m in reversed(movements)]
        return lsq_general(x, y, 2)
    s = {k: f32(0) for k in ("x", "xy", "y", "x2", "x3", "x2y", "x4")}
    for m in movements:
        xi = f32(f32(-(newest - m[0])) * f32(1e-9))
        yi = m[axis]
        xi2 = f32(xi * xi)
        xi3 = f32(xi2 * xi)
        s["x"] = f32(s["x"] + xi)
        s["x2"] = f32(s["x2"] + xi2)
        s["xy"] = f32(s["xy"] + f32(xi * yi))
        s["x2y"] = f32(s["x2y"] + f32(xi2 * yi))
        s["y"] = f32(s["y"] + yi)
        s["x3"] = f32(s["x3"] + xi3)
        s["x4"] = f32(s["x4"] + f32(xi3 * xi))
    count = f32(len(movements))
    sxx = f32(s["x2"] - f32(f32(s["x"] * s["x"]) / count))
    sxy = f32(s["xy"] - f32(f32(s["x"] * s["y"]) / count))
    sxx2 = f32(s["x3"] - f32(f32(s["x"] * s["x2"]) / count))
    sx2y = f32(s["x2y"] - f32(f32(s["x2"] * s["y"]) / count))
    sx2x2 = f32(s["x4"] - f32(f32(s["x2"] * s["x2"]) / count))
    denominator = f32(f32(sxx * sx2x2) - f32(sxx2 * sxx2))
    if denominator == 0:
        return None
    return float(f32(f32(f32(sxy * sx2x2) - f32(sx2y * sxx2)) / denominator))


def main():
    path = pathlib.Path(__file__).with_name("VelocityTracker_test.json")
    document = json.loads(path.read_text())
    for case in document["cases"]:
        movements = history(case["samples"], case["lift"])
        for expectation in case["expect"]:
            axis = 1 if expectation["axis"] == "x" else 2
            if movements is None:
                expectation["current"] = None
            elif expectation["strategy"] == "impulse":
                expectation["current"] = impulse(movements, axis)
            else:
                expectation["current"] = lsq2(movements, axis)
    text = json.dumps(document, indent=1)
    path.write_text(text + "\n")


if __name__ == "__main__":
    main()
