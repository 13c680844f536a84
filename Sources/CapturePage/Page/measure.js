"use strict";
// The lab's measurement in JavaScript, for the capture page's live view: the same progress,
// velocity and release as `gesture-lab replay` computes from the trace the page saves. Each
// part follows the Swift type it names, operation for operation, so the doubles come out equal;
// Tests/EndToEnd/capture-page-differential.py holds the two to each other (in Node on every corpus
// trace, and in Chromium on the touches dispatched to the page). Change both or neither.
const GestureLabMeasure = (() => {
  // SampleTime.microseconds: seconds to whole microseconds, half away from zero, NaN as 0.
  const timeLimit = 9e15;
  function microseconds(seconds) {
    const scaled = seconds * 1e6;
    if (Number.isNaN(scaled)) return 0;
    const rounded = scaled < 0 ? -Math.round(-scaled) : Math.round(scaled);
    return Math.min(Math.max(rounded, -timeLimit), timeLimit);
  }

  function dot(left, right) {
    let sum = 0;
    for (let index = 0; index < left.length; index += 1) sum += left[index] * right[index];
    return sum;
  }

  // LeastSquaresSolver.fit: Gram–Schmidt least squares (Flutter's lsq_solver.dart).
  function fit(x, y, degree, minimumNorm) {
    const count = x.length, size = degree + 1;
    if (degree > count || y.length !== count) return null;
    const design = [];
    for (let power = 0; power < size; power += 1) design.push(new Array(count).fill(1));
    for (let power = 1; power < size; power += 1) {
      for (let sample = 0; sample < count; sample += 1) design[power][sample] = design[power - 1][sample] * x[sample];
    }
    const orthonormal = design.map((column) => column.slice());
    const upper = [];
    for (let row = 0; row < size; row += 1) upper.push(new Array(size).fill(0));
    for (let column = 0; column < size; column += 1) {
      for (let earlier = 0; earlier < column; earlier += 1) {
        const projection = dot(orthonormal[column], orthonormal[earlier]);
        for (let sample = 0; sample < count; sample += 1) orthonormal[column][sample] -= projection * orthonormal[earlier][sample];
      }
      const norm = Math.sqrt(dot(orthonormal[column], orthonormal[column]));
      if (!(norm >= minimumNorm)) return null;
      const inverseNorm = 1 / norm;
      for (let sample = 0; sample < count; sample += 1) orthonormal[column][sample] *= inverseNorm;
      for (let other = column; other < size; other += 1) upper[column][other] = dot(orthonormal[column], design[other]);
    }
    const coefficients = new Array(size).fill(0);
    for (let row = size - 1; row >= 0; row -= 1) {
      let value = dot(orthonormal[row], y);
      for (let column = size - 1; column > row; column -= 1) value -= upper[row][column] * coefficients[column];
      coefficients[row] = value / upper[row][row];
    }
    return coefficients;
  }

  // LeastSquaresSolver.quadraticSlope: Android's solveUnweightedLeastSquaresDeg2.
  function quadraticSlope(x, y) {
    let sumX = 0, sumXY = 0, sumY = 0, sumX2 = 0, sumX3 = 0, sumX2Y = 0, sumX4 = 0;
    for (let index = 0; index < x.length; index += 1) {
      const xValue = x[index], yValue = y[index], x2 = xValue * xValue;
      sumX += xValue;
      sumX2 += x2;
      sumXY += xValue * yValue;
      sumX2Y += x2 * yValue;
      sumY += yValue;
      sumX3 += x2 * xValue;
      sumX4 += x2 * x2;
    }
    const count = x.length;
    const sxx = sumX2 - sumX * sumX / count;
    const sxy = sumXY - sumX * sumY / count;
    const sxx2 = sumX3 - sumX * sumX2 / count;
    const sx2y = sumX2Y - sumX2 * sumY / count;
    const sx2x2 = sumX4 - sumX2 * sumX2 / count;
    const denominator = sxx * sx2x2 - sxx2 * sxx2;
    if (denominator === 0) return null;
    return (sxy * sx2x2 - sx2y * sxx2) / denominator;
  }

  // SampleHistory: the newest `capacity` samples {x, y, time (µs)}, oldest first.
  class SampleHistory {
    constructor(capacity, replacesSameTime) { this.capacity = capacity; this.replacesSameTime = replacesSameTime; this.samples = []; }
    get newest() { return this.samples.length ? this.samples[this.samples.length - 1] : null; }
    removeAll() { this.samples = []; }
    append(sample) {
      const newest = this.newest;
      if (this.replacesSameTime && newest && newest.time === sample.time) { this.samples[this.samples.length - 1] = sample; return; }
      if (this.samples.length === this.capacity) this.samples.shift();
      this.samples.push(sample);
    }
    dropOlder(horizon) {
      const newest = this.newest;
      if (!newest) return;
      while (this.samples.length && newest.time - this.samples[0].time > horizon) this.samples.shift();
    }
  }

  const historySize = 20, horizon = 100000;

  // FlutterVelocityTracker.
  class FlutterVelocityTracker {
    constructor(stoppedTime) { this.stoppedTime = stoppedTime; this.history = new SampleHistory(historySize, false); }
    reset() { this.history.removeAll(); }
    addSample(x, y, seconds) { this.history.append({ x, y, time: microseconds(seconds) }); }
    velocity() {
      const newest = this.history.newest;
      if (!newest) return [0, 0];
      const ages = [], xs = [], ys = [];
      let previous = newest;
      for (let index = this.history.samples.length - 1; index >= 0; index -= 1) {
        const sample = this.history.samples[index];
        const age = newest.time - sample.time, gap = Math.abs(sample.time - previous.time);
        previous = sample;
        if (age > horizon || gap > this.stoppedTime) break;
        ages.push(-age / 1000);
        xs.push(sample.x - newest.x);
        ys.push(sample.y - newest.y);
      }
      if (ages.length < 3) return [0, 0];
      const fitX = fit(ages, xs, 2, 1e-10), fitY = fit(ages, ys, 2, 1e-10);
      if (!fitX || !fitY) return [0, 0];
      return [fitX[1] * 1000 + 0, fitY[1] * 1000 + 0];
    }
    releaseVelocity(seconds) {
      const newest = this.history.newest;
      if (!newest || Math.trunc((microseconds(seconds) - newest.time) / 1000) > Math.trunc(this.stoppedTime / 1000)) return [0, 0];
      return this.velocity();
    }
  }

  // AndroidMovementHistory: a pause clears, equal times replace, 20 samples within 100 ms.
  class AndroidMovementHistory {
    constructor(stoppedTime) { this.stoppedTime = stoppedTime; this.history = new SampleHistory(historySize, true); this.lastEventTime = null; }
    removeAll() { this.history.removeAll(); this.lastEventTime = null; }
    add(x, y, seconds) {
      const time = microseconds(seconds);
      if (this.lastEventTime !== null && time - this.lastEventTime > this.stoppedTime) this.history.removeAll();
      this.lastEventTime = time;
      this.history.append({ x, y, time });
      this.history.dropOlder(horizon);
    }
    keepsHistory(seconds) { return this.lastEventTime !== null && microseconds(seconds) - this.lastEventTime <= this.stoppedTime; }
  }

  // AndroidLSQ2Strategy.
  function lsq2(samples) {
    if (samples.length < 2) return null;
    const newest = samples[samples.length - 1];
    const ages = samples.map((s) => -(newest.time - s.time) / 1000000);
    const xs = samples.map((s) => s.x - newest.x), ys = samples.map((s) => s.y - newest.y);
    if (samples.length === 2) {
      const fitX = fit(ages, xs, 1, 1e-6), fitY = fit(ages, ys, 1, 1e-6);
      return fitX && fitY ? [fitX[1] + 0, fitY[1] + 0] : null;
    }
    const slopeX = quadraticSlope(ages, xs), slopeY = quadraticSlope(ages, ys);
    return slopeX !== null && slopeY !== null ? [slopeX + 0, slopeY + 0] : null;
  }

  // AndroidImpulseStrategy.
  function kineticEnergyToVelocity(work) { return (work < 0 ? -1 : 1) * Math.sqrt(Math.abs(work)) * Math.sqrt(2); }
  function impulseAxis(samples, axis) {
    let work = 0;
    for (let index = 0; index < samples.length - 1; index += 1) {
      const previousVelocity = kineticEnergyToVelocity(work);
      const interval = (samples[index + 1].time - samples[index].time) / 1000000;
      const currentVelocity = (samples[index + 1][axis] - samples[index][axis]) / interval;
      work += (currentVelocity - previousVelocity) * Math.abs(currentVelocity);
      if (index === 0) work *= 0.5;
    }
    return kineticEnergyToVelocity(work);
  }
  function impulse(samples) { return samples.length ? [impulseAxis(samples, "x") + 0, impulseAxis(samples, "y") + 0] : null; }

  // LastTwoPointsVelocityTracker's estimate.
  function lastTwo(samples) {
    if (samples.length < 2) return [0, 0];
    const newest = samples[samples.length - 1], older = samples[samples.length - 2];
    const interval = (newest.time - older.time) / 1000000;
    return [(newest.x - older.x) / interval + 0, (newest.y - older.y) / interval + 0];
  }

  // AndroidVelocityTracker and LastTwoPointsVelocityTracker: Android's history, one estimate.
  class AndroidVelocityTracker {
    constructor(estimate, stoppedTime) { this.estimate = estimate; this.movements = new AndroidMovementHistory(stoppedTime); }
    reset() { this.movements.removeAll(); }
    addSample(x, y, seconds) { this.movements.add(x, y, seconds); }
    velocity() { return this.estimate(this.movements.history.samples) || [0, 0]; }
    releaseVelocity(seconds) { return this.movements.keepsHistory(seconds) ? this.velocity() : [0, 0]; }
  }

  // VelocityEstimator.makeTracker, by the names trace headers use.
  const estimators = { "flutter": null, "android-lsq2": lsq2, "android-impulse": impulse, "last-two": lastTwo };
  function makeTracker(name, stopSeconds) {
    const stoppedTime = microseconds(stopSeconds);
    if (name === "flutter") return new FlutterVelocityTracker(stoppedTime);
    if (!(name in estimators)) throw new Error(`unknown velocity estimator ${name}`);
    return new AndroidVelocityTracker(estimators[name], stoppedTime);
  }

  // DragRecognizer on the horizontal axis, as HorizontalSwipeController sets it up: the lift's
  // own position does not move the drag (VCTransitionsLibrary decides on the last update).
  class DragRecognizer {
    constructor(slop, tracker) {
      this.slop = slop; this.tracker = tracker; this.state = "ready"; this.pointerID = null;
      this.down = [0, 0]; this.position = [0, 0]; this.hasPassedSlop = false; this.hasWonArena = false;
    }
    get translation() { return [this.position[0] - this.down[0], this.position[1] - this.down[1]]; }
    follows(id) { return this.pointerID === id; }
    offer(event) {
      if (this.pointerID === null) { this.start(event); return "join"; }
      if (this.state !== "possible") return "pass";
      this.abandon();
      return "withdraw";
    }
    move(event) {
      this.position = [event.x, event.y];
      this.tracker.addSample(event.x, event.y, event.t);
      if (this.state !== "possible" || this.hasPassedSlop || !(Math.abs(this.translation[0]) > this.slop)) return null;
      this.hasPassedSlop = true;
      if (this.hasWonArena) this.state = "began";
      return "accepted";
    }
    lift(event) {
      if (event.phase === "cancel") this.tracker.reset();
      if (this.state !== "began") { this.abandon(); return "rejected"; }
      this.state = event.phase === "up" ? "ended" : "cancelled";
      this.pointerID = null;
      return null;
    }
    acceptGesture(id) {
      if (!this.follows(id)) return;
      this.hasWonArena = true;
      if (this.hasPassedSlop && this.state === "possible") this.state = "began";
    }
    abandon() {
      if (this.pointerID === null) return;
      this.state = this.state === "began" ? "cancelled" : "failed";
      this.pointerID = null;
    }
    start(event) {
      this.pointerID = event.id; this.down = [event.x, event.y]; this.position = [event.x, event.y];
      this.state = "possible"; this.hasPassedSlop = false; this.hasWonArena = false;
      this.tracker.reset();
      this.tracker.addSample(event.x, event.y, event.t);
    }
  }

  // PointerCluster's span: the pointers' mean distance to their centroid.
  function span(contacts) {
    if (!contacts.length) return 0;
    let sumX = 0, sumY = 0;
    for (const contact of contacts) { sumX += contact.x; sumY += contact.y; }
    const inverse = 1 / contacts.length, centreX = sumX * inverse, centreY = sumY * inverse;
    let total = 0;
    for (const contact of contacts) {
      const dx = contact.x - centreX, dy = contact.y - centreY;
      total += Math.sqrt(dx * dx + dy * dy);
    }
    return total / contacts.length;
  }

  // PinchRecognizer's scale (its rotation decides nothing and is left out).
  class PinchRecognizer {
    constructor(slop, tracker) {
      this.slop = slop; this.tracker = tracker; this.state = "ready"; this.contacts = [];
      this.scale = 1; this.startSpan = null; this.hasPassedSlop = false; this.won = new Set();
      this.baseScale = 1; this.baseSpan = 0;
    }
    get effectiveSpan() { return (this.startSpan === null ? 0 : this.startSpan) * this.scale; }
    follows(id) { return this.contacts.some((c) => c.id === id); }
    offer(event) {
      if (!this.contacts.length) this.restart();
      if (!this.follows(event.id)) this.contacts.push({ id: event.id, x: event.x, y: event.y });
      this.rebase();
      this.sample(event.t);
      return "join";
    }
    move(event) {
      const contact = this.contacts.find((c) => c.id === event.id);
      if (contact) { contact.x = event.x; contact.y = event.y; }
      if (this.contacts.length >= 2 && this.baseSpan > 0) this.scale = this.baseScale * span(this.contacts) / this.baseSpan;
      this.sample(event.t);
      if (this.state !== "possible" || this.hasPassedSlop || this.startSpan === null ||
          !(Math.abs(this.effectiveSpan - this.startSpan) > this.slop)) return null;
      this.hasPassedSlop = true;
      this.beginIfWon();
      return "accepted";
    }
    lift(event) {
      if (event.phase === "cancel") {
        this.tracker.reset();
        if (this.state === "began") { this.finish("cancelled"); return null; }
        this.abandon();
        return "rejected";
      }
      this.remove(event.id);
      if (this.state === "began") {
        if (this.contacts.length < 2) this.finish("ended");
        return null;
      }
      if (this.contacts.length) return null;
      this.state = "failed";
      return "rejected";
    }
    acceptGesture(id) {
      if (!this.follows(id)) return;
      this.won.add(id);
      this.beginIfWon();
    }
    abandon() { if (this.contacts.length) this.finish(this.state === "began" ? "cancelled" : "failed"); }
    restart() {
      this.state = "possible"; this.scale = 1; this.startSpan = null; this.hasPassedSlop = false; this.won = new Set();
      this.tracker.reset();
    }
    beginIfWon() {
      if (this.state === "possible" && this.hasPassedSlop && this.contacts.every((c) => this.won.has(c.id))) this.state = "began";
    }
    remove(id) {
      this.contacts = this.contacts.filter((c) => c.id !== id);
      this.won.delete(id);
      this.rebase();
    }
    finish(final) { this.state = final; this.contacts = []; this.won = new Set(); }
    rebase() {
      if (this.contacts.length < 2) return;
      const current = span(this.contacts);
      if (this.startSpan === null) this.startSpan = current;
      this.baseScale = this.scale;
      this.baseSpan = current;
    }
    sample(seconds) { if (this.startSpan !== null) this.tracker.addSample(this.effectiveSpan, 0, seconds); }
  }

  // The two controllers the page records with: the horizontal swipe that dismisses
  // (HorizontalSwipeController, AxisSwipe, SwipeController) and the pinch (PinchController).
  class SwipeController {
    constructor(config, screen, singlePrecision) {
      this.distance = config.swipe_distance; this.screen = screen; this.singlePrecision = singlePrecision;
      this.recognizer = new DragRecognizer(config.tunables.axis_slop, makeTracker(config.velocity, config.tunables.velocity_stop));
      this.finishingSign = 1;
    }
    travel() {
      const fraction = Math.abs(this.recognizer.translation[0] / this.distance);
      return this.singlePrecision ? Math.min(Math.max(Math.fround(fraction), 0), 1) : Math.min(Math.max(fraction, 0), 1);
    }
    progress() { return clamp(this.travel()); }
    displayedProgress(progress) { return progress >= 1 ? 0.99 : progress; }
    didTakeHold() { this.finishingSign = this.recognizer.translation[0] < 0 ? -1 : 1; }
    measure(seconds) {
      return { progress: this.progress(), velocity: this.recognizer.tracker.releaseVelocity(seconds)[0] * this.finishingSign,
               pointsPerProgress: this.distance, screenExtent: this.screen.width };
    }
  }

  class PinchController {
    constructor(config, screen) {
      this.pinchIn = config.pinch !== "out"; this.screen = screen; this.startScale = 1;
      this.recognizer = new PinchRecognizer(config.tunables.scale_slop, makeTracker(config.velocity, config.tunables.velocity_stop));
    }
    get travel() {
      const scale = this.recognizer.scale;
      if (!(scale > 0)) return this.pinchIn ? 1 : 0;
      return this.pinchIn ? 1 - scale / this.startScale : 1 - this.startScale / scale;
    }
    progress() { return clamp(this.travel); }
    displayedProgress(progress) { return progress; }
    didTakeHold() { this.startScale = this.recognizer.scale; }
    measure(seconds) {
      const spanVelocity = this.recognizer.tracker.releaseVelocity(seconds)[0];
      const startSpan = (this.recognizer.startSpan === null ? 0 : this.recognizer.startSpan) * this.startScale;
      const current = this.recognizer.effectiveSpan;
      const pointsPerProgress = this.pinchIn ? startSpan : (startSpan > 0 ? current * current / startSpan : 0);
      return { progress: 0 + this.travel, velocity: this.pinchIn ? -spanVelocity : spanVelocity,
               pointsPerProgress, screenExtent: this.screen.width };
    }
  }

  // TransitionGrip.progress for a transition taken at rest: the gesture's travel, clamped to 0…1.
  function clamp(progress) { return Math.min(Math.max(progress, 0), 1); }

  // InteractionSession with one controller: every pointer's arena has one member, which wins it
  // as it closes on the down, so the arena's rulings reduce to accepting each pointer at once.
  // A transition is taken at rest (the page saves one gesture a trace, each replayed afresh). A
  // second transition in one gesture may grab the first while it completes, from a progress the
  // page does not animate: its release is marked `followsRelease`, so nobody takes it for the lab's
  // unless the lab's record says it grabbed nothing.
  class Session {
    // `decide(measurement)` is the release rule: "finish" or "cancel".
    constructor(kind, config, screen, options) {
      this.kind = kind;
      this.controller = kind === "pinch" ? new PinchController(config, screen) : new SwipeController(config, screen, options.singlePrecision);
      this.decide = options.decide;
      this.holding = false;
      this.releases = [];
      this.now = 0;
    }
    get recognizer() { return this.controller.recognizer; }
    // Feeds one event; a release it ends is added to `releases`.
    handle(event) {
      this.now = Math.max(this.now, event.t);
      const recognizer = this.recognizer;
      if (event.phase === "down") {
        if (recognizer.offer(event) === "join") recognizer.acceptGesture(event.id);
      } else if (recognizer.follows(event.id)) {
        if (event.phase === "move") recognizer.move(event); else recognizer.lift(event);
      }
      this.drive(event);
    }
    drive(event) {
      const state = this.recognizer.state;
      if (state === "began" && !this.holding) {
        this.holding = true;
        this.followsRelease = this.releases.length > 0;
        this.controller.didTakeHold();
        return;
      }
      if ((state === "ended" || state === "cancelled") && this.holding) {
        this.holding = false;
        const pointerCancelled = state === "cancelled";
        const measurement = this.controller.measure(event.t);
        const decision = pointerCancelled ? "cancel" : this.decide(measurement);
        this.releases.push({ time: event.t, ...measurement, decision, pointerCancelled, followsRelease: this.followsRelease });
      }
    }
    // What the transition shows now (0…1), and what a release now would measure and decide.
    get progress() { return this.holding ? this.controller.progress() : 0; }
    get displayedProgress() { return this.controller.displayedProgress(this.progress); }
    get pending() {
      if (!this.holding) return null;
      const measurement = this.controller.measure(this.now);
      return { ...measurement, decision: this.decide(measurement) };
    }
    get finishingSign() { return this.kind === "pinch" ? 1 : this.controller.finishingSign; }
  }

  // The release rule as the page runs it: `shouldFinish` (what `export-policy --for web` writes)
  // asked with the extra arguments it names, the points per progress as `distance` and the
  // screen's extent as `screenWidth`.
  function decider(shouldFinish, ruleArguments) {
    return (measurement) => {
      const extra = ruleArguments.map((name) => (name === "distance" ? measurement.pointsPerProgress : measurement.screenExtent));
      return shouldFinish(measurement.progress, measurement.velocity, ...extra) === true ? "finish" : "cancel";
    };
  }

  return { Session, decider, microseconds, makeTracker };
})();
if (typeof module !== "undefined") module.exports = GestureLabMeasure;
