"use strict";
// Written by `gesture-lab capture-page`: the configuration and the rule come from the lab.
const CONFIG = /*CONFIG*/null;
/*RULE*/

const area = document.getElementById("area");
const card = document.getElementById("card");
const hud = document.getElementById("hud");
const bar = document.getElementById("bar");
const ask = document.getElementById("ask");
const saveButton = document.getElementById("save");

// Served by `play --serve`: every recorded event also goes to the lab's window at once, on
// the browser's own clock (`event.timeStamp` in seconds), one request in flight at a time and
// the rest queued in order; Save sends the traces to the lab's record folder.
const labStream = CONFIG.stream ? { token: new URLSearchParams(location.search).get("token") || "",
  name: Math.random().toString(36).slice(2, 12), pending: [], sending: false, sent: 0, refused: 0 } : null;

function streamEvent(event, timeStamp) {
  const streamed = { t: Math.max(0, timeStamp / 1000), id: event.id, kind: event.kind, phase: event.phase, x: event.x, y: event.y };
  if (event.pressure !== undefined) streamed.pressure = event.pressure;
  if (event.size !== undefined) streamed.size = event.size;
  labStream.pending.push(streamed);
  flushStream();
}

function flushStream() {
  if (labStream.sending || !labStream.pending.length) return;
  const batch = labStream.pending;
  labStream.pending = [];
  labStream.sending = true;
  fetch(`/touches?token=${encodeURIComponent(labStream.token)}&stream=${labStream.name}`,
        { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(batch) })
    .then((response) => { if (response.ok) labStream.sent += batch.length; else labStream.refused += batch.length; })
    .catch(() => { labStream.refused += batch.length; })
    .finally(() => { labStream.sending = false; flushStream(); });
}

async function sendToLab() {
  for (const trace of saved) {
    const response = await fetch(`/traces?token=${encodeURIComponent(labStream.token)}`,
                                 { method: "POST", headers: { "Content-Type": "application/json" }, body: trace.text });
    if (!response.ok) { hud.classList.add("bad"); return; }
  }
}

let mode = "swipe";
let gesture = null;       // the gesture being recorded, from its first down to its last lift
let asking = null;        // a finished gesture waiting for its label
const saved = [];         // labelled traces: {name, text, intent, mode}
let lastSummary = "";

// The rule is checked against the lab's own decisions before anything is shown.
const ruleCheck = (() => {
  let agree = 0;
  const disagreements = [];
  for (const [progress, velocity, distance, screenWidth, finish] of CONFIG.ruleCheck) {
    if (ruleDecides(progress, velocity, distance, screenWidth) === finish) agree += 1;
    else disagreements.push([progress, velocity]);
  }
  return { agree, total: CONFIG.ruleCheck.length, disagreements };
})();

function ruleDecides(progress, velocity, distance, screenWidth) {
  const extra = CONFIG.ruleArguments.map((name) => (name === "distance" ? distance : screenWidth));
  return shouldFinish(progress, velocity, ...extra) === true;
}

// Numbers as the lab's writer writes them: fixed decimals, trailing zeros trimmed.
function number(value, decimals) {
  let text = value.toFixed(decimals);
  if (decimals > 0) text = text.replace(/0+$/, "").replace(/\.$/, "");
  return text === "-0" ? "0" : text;
}

function newGesture(timeStamp) {
  return { t0: timeStamp, lastT: 0, events: [], pointers: new Map(), ids: new Set(), kinds: new Set(),
           samples: new Map(), spans: [], startSpan: null, first: null, sign: 0, coalesced: 0, dispatched: 0,
           predicted: 0, clamped: 0, mode };
}

// The lab's pointer ids: the mouse is 0, fingers and pens 1, 2, … (the smallest free) while down.
function takeID(kind) {
  if (kind === "mouse") return 0;
  let id = 1;
  while (gesture.ids.has(id)) id += 1;
  return id;
}

function seconds(timeStamp) {
  let t = Math.round((timeStamp - gesture.t0) * 1000) / 1e6;
  if (t < gesture.lastT) { gesture.clamped += 1; t = gesture.lastT; }
  gesture.lastT = t;
  return t;
}

function record(pointer, phase, sample, predicted) {
  const t = seconds(sample.timeStamp);
  const event = { t, id: pointer.id, kind: pointer.kind, phase, x: sample.clientX, y: sample.clientY, predicted: [] };
  // A lift's pressure (0) and size (1) say the contact has ended, not what it was: left out.
  const touching = phase === "down" || phase === "move";
  if (touching && pointer.kind !== "mouse") event.pressure = Math.min(Math.max(sample.pressure || 0, 0), 1);
  if (touching && pointer.kind === "touch") event.size = Math.max(sample.width || 0, sample.height || 0, 0);
  if (predicted) {
    for (const p of predicted.slice(0, CONFIG.predictedLimit)) {
      event.predicted.push({ t: Math.max(0, Math.round((p.timeStamp - gesture.t0) * 1000) / 1e6), x: p.clientX, y: p.clientY });
      gesture.predicted += 1;
    }
  }
  gesture.events.push(event);
  if (labStream) streamEvent(event, sample.timeStamp);
  let history = gesture.samples.get(pointer.id);
  if (!history) { history = []; gesture.samples.set(pointer.id, history); }
  history.push([t, sample.clientX, sample.clientY]);
  noteSpan(t);
}

// Pinch: the pointers' mean distance to their centroid, sampled at every event.
function span() {
  const points = [...gesture.pointers.values()].map((p) => p.last);
  if (points.length < 2) return null;
  const cx = points.reduce((s, p) => s + p[0], 0) / points.length;
  const cy = points.reduce((s, p) => s + p[1], 0) / points.length;
  return points.reduce((s, p) => s + Math.hypot(p[0] - cx, p[1] - cy), 0) / points.length;
}

function noteSpan(t) {
  const value = span();
  if (value === null) return;
  if (gesture.startSpan === null) gesture.startSpan = value;
  gesture.spans.push([t, value]);
}

// Release velocity for the live view: a straight line fitted to the last 100 ms of samples,
// none if the pointer stood still for longer than the lab's velocity stop rule. The lab
// re-estimates it with its own estimator when it replays the trace.
function slope(samples, releaseT) {
  const recent = [];
  for (let i = samples.length - 1; i >= 0; i -= 1) {
    const [t, value] = samples[i];
    const newer = recent.length ? recent[recent.length - 1][0] : releaseT;
    if (newer - t > CONFIG.velocityStop || releaseT - t > 0.1) break;
    recent.push([t, value]);
  }
  if (recent.length < 2) return 0;
  const n = recent.length;
  const mt = recent.reduce((s, r) => s + r[0], 0) / n;
  const mv = recent.reduce((s, r) => s + r[1], 0) / n;
  let num = 0, den = 0;
  for (const [t, value] of recent) { num += (t - mt) * (value - mv); den += (t - mt) * (t - mt); }
  return den > 0 ? num / den : 0;
}

// Progress, velocity and the extra arguments, as the lab's swipe (|travel| / distance, sign fixed
// once past the axis slop) and pinch (1 − span / start span) measure them.
function measure(releaseT) {
  if (gesture.mode === "pinch") {
    const spans = gesture.spans;
    if (!spans.length || !gesture.startSpan) return { progress: 0, velocity: 0, distance: 0 };
    const current = spans[spans.length - 1][1];
    const velocity = releaseT === null ? 0 : -slope(spans, releaseT);
    return { progress: 1 - current / gesture.startSpan, velocity, distance: gesture.startSpan };
  }
  const history = gesture.samples.get(gesture.first);
  if (!history) return { progress: 0, velocity: 0, distance: CONFIG.swipeDistance };
  const dx = history[history.length - 1][1] - history[0][1];
  if (!gesture.sign && Math.abs(dx) > CONFIG.axisSlop) gesture.sign = dx < 0 ? -1 : 1;
  const progress = Math.min(Math.abs(dx) / CONFIG.swipeDistance, 1);
  const xs = history.map(([t, x]) => [t, x]);
  const velocity = releaseT === null ? 0 : slope(xs, releaseT) * (gesture.sign || 1);
  return { progress, velocity, distance: CONFIG.swipeDistance };
}

function show(measured, verdict) {
  const progress = Math.min(Math.max(measured.progress, 0), 1);
  bar.style.width = `${(progress * 100).toFixed(1)}%`;
  if (gesture && gesture.mode === "pinch") {
    card.style.transform = `scale(${1 - 0.6 * progress})`;
  } else {
    card.style.transform = `translateX(${((gesture && gesture.sign) || 1) * progress * CONFIG.swipeDistance}px)`;
  }
  card.style.opacity = String(1 - 0.5 * progress);
  const lines = [
    `gesture-lab capture · ${mode} · rule ${CONFIG.policy}`,
    `rule check: ${ruleCheck.agree}/${ruleCheck.total} decisions agree with gesture-lab`,
    `progress ${progress.toFixed(3)}  velocity ${measured.velocity.toFixed(0)} px/s  pointers ${gesture ? gesture.pointers.size : 0}`,
    `viewport ${innerWidth}×${innerHeight} CSS px at ${devicePixelRatio}x · saved ${saved.length}`,
  ];
  if (verdict) lines.push(`rule says: ${verdict}`);
  if (lastSummary) lines.push(lastSummary);
  hud.textContent = lines.join("\n");
}

function kindOf(event) {
  return event.pointerType === "pen" || event.pointerType === "mouse" ? event.pointerType : "touch";
}

area.addEventListener("pointerdown", (event) => {
  if (asking) return;
  if (event.pointerType === "mouse" && event.button !== 0) return;
  if (!gesture) gesture = newGesture(event.timeStamp);
  const kind = kindOf(event);
  const pointer = { id: takeID(kind), kind, last: [event.clientX, event.clientY] };
  if (gesture.ids.has(pointer.id)) return;
  gesture.ids.add(pointer.id);
  gesture.kinds.add(kind);
  gesture.pointers.set(event.pointerId, pointer);
  if (gesture.first === null) gesture.first = pointer.id;
  try { area.setPointerCapture(event.pointerId); } catch (error) { /* the pointer is gone already */ }
  if (gesture.mode === "pinch" && gesture.pointers.size === 2) gesture.startSpan = null;
  record(pointer, "down", event, null);
  show(measure(gesture.lastT));
  event.preventDefault();
});

area.addEventListener("pointermove", (event) => {
  const pointer = gesture && gesture.pointers.get(event.pointerId);
  if (!pointer) return;
  const coalesced = typeof event.getCoalescedEvents === "function" ? event.getCoalescedEvents() : [];
  const samples = coalesced.length ? coalesced : [event];
  const predicted = typeof event.getPredictedEvents === "function" ? event.getPredictedEvents() : [];
  gesture.dispatched += 1;
  samples.forEach((sample, index) => {
    pointer.last = [sample.clientX, sample.clientY];
    gesture.coalesced += 1;
    record(pointer, "move", sample, index === samples.length - 1 ? predicted : null);
  });
  show(measure(gesture.lastT));
  event.preventDefault();
});

function lift(event, phase) {
  const pointer = gesture && gesture.pointers.get(event.pointerId);
  if (!pointer) return;
  pointer.last = [event.clientX, event.clientY];
  record(pointer, phase, event, null);
  gesture.pointers.delete(event.pointerId);
  gesture.ids.delete(pointer.id);
  if (gesture.pointers.size === 0) finishGesture(gesture.lastT);
}
area.addEventListener("pointerup", (event) => lift(event, "up"));
area.addEventListener("pointercancel", (event) => lift(event, "cancel"));

// A page hidden mid-gesture loses its pointers: each still down is cancelled.
function abandon() {
  if (!gesture) return;
  for (const [pointerId, pointer] of [...gesture.pointers]) {
    record(pointer, "cancel", { timeStamp: gesture.t0 + gesture.lastT * 1000, clientX: pointer.last[0], clientY: pointer.last[1] }, null);
    gesture.pointers.delete(pointerId);
  }
  finishGesture(gesture.lastT);
}
document.addEventListener("visibilitychange", () => { if (document.hidden) abandon(); });

function finishGesture(releaseT) {
  const measured = measure(releaseT);
  const finish = ruleDecides(measured.progress, measured.velocity, measured.distance, innerWidth);
  const verdict = `${finish ? "finish" : "cancel"} (progress ${measured.progress.toFixed(3)}, velocity ${measured.velocity.toFixed(0)} px/s)`;
  asking = { gesture, verdict, finish };
  const moves = gesture.events.filter((e) => e.phase === "move").map((e) => e.t);
  const gaps = moves.slice(1).map((t, i) => t - moves[i]).filter((d) => d > 0).sort((a, b) => a - b);
  const median = gaps.length ? gaps[Math.floor(gaps.length / 2)] : 0;
  lastSummary = `last gesture: ${gesture.events.length} events, ${gesture.coalesced} coalesced samples in ${gesture.dispatched} pointermoves` +
    (median ? `, median ${(median * 1000).toFixed(2)} ms (${(1 / median).toFixed(0)} Hz)` : "") + `, ${gesture.predicted} predicted`;
  show(measured, verdict);
  gesture = null;
  document.getElementById("ask-text").textContent = `The rule says ${verdict}. What did you mean?`;
  ask.hidden = false;
}

function pad(value, width) { return String(value).padStart(width, "0"); }

function fileName(date) {
  const base = `trace-${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1, 2)}${pad(date.getUTCDate(), 2)}-` +
    `${pad(date.getUTCHours(), 2)}${pad(date.getUTCMinutes(), 2)}${pad(date.getUTCSeconds(), 2)}-${pad(date.getUTCMilliseconds(), 3)}`;
  let name = `${base}.json`;
  for (let n = 2; saved.some((s) => s.name === name); n += 1) name = `${base}-${n}.json`;
  return name;
}

function eventLine(e) {
  let line = `{"t":${e.t.toFixed(6)},"id":${e.id},"kind":"${e.kind}","phase":"${e.phase}","x":${number(e.x, 3)},"y":${number(e.y, 3)}`;
  if (e.pressure !== undefined) line += `,"pressure":${number(e.pressure, 4)}`;
  if (e.size !== undefined) line += `,"size":${number(e.size, 3)}`;
  if (e.predicted.length) {
    line += `,"predicted":[${e.predicted.map((p) => `{"t":${p.t.toFixed(6)},"x":${number(p.x, 3)},"y":${number(p.y, 3)}}`).join(",")}]`;
  }
  return line + "}";
}

function traceText(recorded, intent, verdict) {
  const now = new Date();
  const history = [`captured in a browser by ${CONFIG.program}: ${recorded.coalesced} coalesced samples in ${recorded.dispatched} pointermoves, ${recorded.predicted} predicted samples kept apart`];
  if (recorded.clamped) history.push(`${recorded.clamped} event times raised to the time before them (the browser's went backwards)`);
  history.push(`labelled ${intent}; the page's rule said ${verdict}`);
  const header = {
    format: CONFIG.format, version: CONFIG.version, created: now.toISOString().replace(/\.\d+Z$/, "Z"), program: CONFIG.program,
    window: { width: innerWidth, height: innerHeight, density: devicePixelRatio || 1 },
    devices: [...recorded.kinds].map((kind) => ({ kind, name: `${kind} in ${navigator.userAgent}`.slice(0, 300) })),
    clock: "PointerEvent.timeStamp (DOMHighResTimeStamp), every coalesced sample's own",
    config: CONFIG.modes[recorded.mode],
    expect: { intent: [intent] },
    notes: `${recorded.mode} captured in a browser, meant to ${intent}`,
    history,
  };
  return "[\n" + JSON.stringify(header) + recorded.events.map((e) => ",\n" + eventLine(e)).join("") + "\n]\n";
}

function label(intent) {
  if (!asking) return;
  const { gesture: recorded, verdict } = asking;
  asking = null;
  ask.hidden = true;
  if (intent !== "discard") {
    const text = traceText(recorded, intent, verdict);
    const entry = { name: fileName(new Date()), text, intent, mode: recorded.mode };
    saved.push(entry);
    window.dispatchEvent(new CustomEvent("gesturelab-trace", { detail: entry }));
  }
  saveButton.textContent = `Save (${saved.length})`;
  show({ progress: 0, velocity: 0 });
}
// Buttons act when the finger lifts from them: Chrome swallows the click of a tap that stops a
// fling, and the tap right after a quick swipe is one. A click with no pointer is the keyboard.
function onPress(id, action) {
  const button = document.getElementById(id);
  let pressed = null;
  button.addEventListener("pointerdown", (event) => { pressed = event.pointerId; });
  button.addEventListener("pointercancel", () => { pressed = null; });
  button.addEventListener("pointerup", (event) => {
    if (event.pointerId !== pressed) return;
    pressed = null;
    action();
  });
  button.addEventListener("click", (event) => { if (event.detail === 0) action(); });
}
onPress("label-finish", () => label("finish"));
onPress("label-cancel", () => label("cancel"));
onPress("label-discard", () => label("discard"));

function setMode(next) {
  if (gesture || asking) return;
  mode = next;
  for (const name of Object.keys(CONFIG.modes)) document.getElementById(`mode-${name}`).classList.toggle("on", name === mode);
  card.querySelector("span").textContent = mode === "pinch" ? "pinch me" : "drag me";
  show({ progress: 0, velocity: 0 });
}
onPress("mode-swipe", () => setMode("swipe"));
onPress("mode-pinch", () => setMode("pinch"));

// On a phone the share sheet takes every trace at once; elsewhere each is downloaded.
async function save() {
  if (!saved.length) return;
  if (labStream) return sendToLab();
  const files = saved.map((s) => new File([s.text], s.name, { type: "application/json" }));
  const coarse = matchMedia("(pointer: coarse)").matches;
  if (coarse && navigator.canShare && navigator.canShare({ files })) {
    try { await navigator.share({ files, title: "gesture-lab traces" }); return; } catch (error) { /* cancelled: download instead */ }
  }
  for (const file of files) {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(file);
    link.download = file.name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
onPress("save", save);

// For the lab's own tools (tests, play --serve): what the page has saved and how its rule checked.
window.gestureLabCapture = {
  traces: () => saved.map((s) => ({ name: s.name, text: s.text, intent: s.intent, mode: s.mode })),
  ruleCheck,
  label,
  setMode,
  streaming: () => labStream && { sent: labStream.sent, refused: labStream.refused, idle: !labStream.sending && !labStream.pending.length },
};

if (ruleCheck.agree !== ruleCheck.total) hud.classList.add("bad");
show({ progress: 0, velocity: 0 });
