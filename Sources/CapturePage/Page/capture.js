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

// The release rule, asked as measure.js measures a release.
const decide = GestureLabMeasure.decider(shouldFinish, CONFIG.ruleArguments);

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
  return decide({ progress, velocity, pointsPerProgress: distance, screenExtent: screenWidth }) === "finish";
}

// Numbers as the lab's writer writes them: fixed decimals, trailing zeros trimmed.
function number(value, decimals) {
  let text = value.toFixed(decimals);
  if (decimals > 0) text = text.replace(/0+$/, "").replace(/\.$/, "");
  return text === "-0" ? "0" : text;
}

// Each gesture is measured as the lab replays the trace it becomes (measure.js): its own
// session, its screen the viewport it started in (the trace's window).
function newGesture(timeStamp) {
  const window = { width: innerWidth, height: innerHeight, density: devicePixelRatio || 1 };
  const session = new GestureLabMeasure.Session(mode, CONFIG.modes[mode], window,
    { singlePrecision: CONFIG.singlePrecisionProgress, decide });
  return { t0: timeStamp, lastT: 0, events: [], pointers: new Map(), ids: new Set(), kinds: new Set(), window, session,
           coalesced: 0, dispatched: 0, predicted: 0, clamped: 0, mode };
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

// A position as the trace writes it (three decimals), so the page measures what it saves.
function written(value) { return Number(number(value, 3)); }

function record(pointer, phase, sample, predicted) {
  const t = seconds(sample.timeStamp);
  const event = { t, id: pointer.id, kind: pointer.kind, phase, x: written(sample.clientX), y: written(sample.clientY), predicted: [] };
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
  gesture.session.handle(event);
}

// A release as the HUD and the dialog state it: the decision, then the numbers it was made on.
function describe(release) {
  if (release.pointerCancelled) return "cancel (pointer cancelled)";
  return `${release.decision} (progress ${release.progress.toFixed(3)}, velocity ${release.velocity.toFixed(0)} px/s)`;
}

// The transition as the gesture drives it, and what a release now would decide.
function show(verdict) {
  const session = gesture && gesture.session;
  const progress = session ? session.displayedProgress : 0;
  bar.style.width = `${(progress * 100).toFixed(1)}%`;
  if (session && session.kind === "pinch") {
    card.style.transform = `scale(${1 - 0.6 * progress})`;
  } else {
    card.style.transform = `translateX(${(session ? session.finishingSign : 1) * progress * CONFIG.swipeDistance}px)`;
  }
  card.style.opacity = String(1 - 0.5 * progress);
  // One measurement an event: a release now gives both the live velocity and the pending decision.
  const pending = session && session.pending;
  const lines = [
    `gesture-lab capture · ${mode} · rule ${CONFIG.policy}`,
    `rule check: ${ruleCheck.agree}/${ruleCheck.total} decisions agree with gesture-lab`,
    `progress ${(session ? session.progress : 0).toFixed(3)}  velocity ${(pending ? pending.velocity : 0).toFixed(0)} px/s  pointers ${gesture ? gesture.pointers.size : 0}`,
    `viewport ${innerWidth}×${innerHeight} CSS px at ${devicePixelRatio}x · saved ${saved.length}`,
  ];
  if (pending) lines.push(`released now: ${describe(pending)}`);
  if (verdict) lines.push(`rule says: ${verdict}`);
  if (lastSummary) lines.push(lastSummary);
  hud.textContent = lines.join("\n");
}

function kindOf(event) {
  return event.pointerType === "pen" || event.pointerType === "mouse" ? event.pointerType : "touch";
}

area.addEventListener("pointerdown", (event) => {
  if (asking || (study && !study.accepts())) return;
  if (event.pointerType === "mouse" && event.button !== 0) return;
  if (!gesture) gesture = newGesture(event.timeStamp);
  const kind = kindOf(event);
  const pointer = { id: takeID(kind), kind, last: [event.clientX, event.clientY] };
  if (gesture.ids.has(pointer.id)) return;
  gesture.ids.add(pointer.id);
  gesture.kinds.add(kind);
  gesture.pointers.set(event.pointerId, pointer);
  try { area.setPointerCapture(event.pointerId); } catch (error) { /* the pointer is gone already */ }
  record(pointer, "down", event, null);
  show();
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
  show();
  event.preventDefault();
});

function lift(event, phase) {
  const pointer = gesture && gesture.pointers.get(event.pointerId);
  if (!pointer) return;
  pointer.last = [event.clientX, event.clientY];
  record(pointer, phase, event, null);
  gesture.pointers.delete(event.pointerId);
  gesture.ids.delete(pointer.id);
  if (gesture.pointers.size === 0) finishGesture();
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
  finishGesture();
}
document.addEventListener("visibilitychange", () => { if (document.hidden) abandon(); });

// The lab's verdict on the gesture: its release (the last, if it drove the transition more than
// once), or none when it never took hold (a tap, or a drag that never passed the slop).
function finishGesture() {
  const releases = gesture.session.releases;
  const verdict = releases.length ? describe(releases[releases.length - 1]) + (releases.length > 1 ? ` (release ${releases.length} of ${releases.length})` : "")
    : "nothing (the gesture never took hold of the transition)";
  asking = { gesture, verdict };
  const moves = gesture.events.filter((e) => e.phase === "move").map((e) => e.t);
  const gaps = moves.slice(1).map((t, i) => t - moves[i]).filter((d) => d > 0).sort((a, b) => a - b);
  const median = gaps.length ? gaps[Math.floor(gaps.length / 2)] : 0;
  lastSummary = `last gesture: ${gesture.events.length} events, ${gesture.coalesced} coalesced samples in ${gesture.dispatched} pointermoves` +
    (median ? `, median ${(median * 1000).toFixed(2)} ms (${(1 / median).toFixed(0)} Hz)` : "") + `, ${gesture.predicted} predicted`;
  show(verdict);
  gesture = null;
  document.getElementById("ask-text").textContent = study ? study.ask(verdict) : `The rule says ${verdict}. What did you mean?`;
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
    window: recorded.window,
    devices: [...recorded.kinds].map((kind) => ({ kind, name: `${kind} in ${navigator.userAgent}`.slice(0, 300) })),
    clock: "PointerEvent.timeStamp (DOMHighResTimeStamp), every coalesced sample's own",
    config: CONFIG.modes[recorded.mode],
    expect: { intent: [intent] },
    notes: `${recorded.mode} captured in a browser, meant to ${intent}`,
    history,
  };
  // A study's gesture says which participant, task and try it was (study.js).
  if (study) Object.assign(header, study.header(intent));
  return "[\n" + JSON.stringify(header) + recorded.events.map((e) => ",\n" + eventLine(e)).join("") + "\n]\n";
}

function label(intent) {
  if (!asking) return;
  const { gesture: recorded, verdict } = asking;
  asking = null;
  ask.hidden = true;
  if (intent !== "discard") {
    const text = traceText(recorded, intent, verdict);
    const entry = { name: study ? study.fileName() : fileName(new Date()), text, intent, mode: recorded.mode,
                    releases: recorded.session.releases.map((r) => ({ ...r })) };
    saved.push(entry);
    window.dispatchEvent(new CustomEvent("gesturelab-trace", { detail: entry }));
  }
  saveButton.textContent = `Save (${saved.length})`;
  show();
  if (study) study.labelled(intent !== "discard" ? saved[saved.length - 1] : null);
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
  show();
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
  traces: () => saved.map((s) => ({ name: s.name, text: s.text, intent: s.intent, mode: s.mode, releases: s.releases })),
  // The gesture waiting for its label: every release as the page measured and decided it.
  asking: () => asking && { verdict: asking.verdict, releases: asking.gesture.session.releases.map((r) => ({ ...r })) },
  ruleCheck,
  label,
  setMode,
  streaming: () => labStream && { sent: labStream.sent, refused: labStream.refused, idle: !labStream.sending && !labStream.pending.length },
};

if (ruleCheck.agree !== ruleCheck.total) hud.classList.add("bad");
show();
