"use strict";
// Runs the capture page's measurement (Sources/CapturePage/Page/measure.js) on traces, as
// the page would measure their events, for Tests/EndToEnd/capture-page-differential.py.
//
// Reads JSON on standard input: {"page": PAGE_CONFIG, "rule": "function shouldFinish…",
// "traces": [{"name", "kind": "swipe"|"pinch", "config": HEADER_CONFIG, "window": {width, height},
// "events": [{t, id, phase, x, y}, …]}]} and prints one JSON line per trace:
// {"name", "releases": [{time, progress, velocity, decision, pointerCancelled, followsRelease}, …]}.
//
// Usage: node measure-traces.js MEASURE_JS < input.json
const fs = require("fs");
const path = require("path");

const measure = require(path.resolve(process.argv[2]));
const input = JSON.parse(fs.readFileSync(0, "utf8"));
// The rule is the page's own text, made into a function here as the page's script makes it.
const shouldFinish = new Function(`${input.rule}\nreturn shouldFinish;`)();
const decide = measure.decider(shouldFinish, input.page.ruleArguments);
for (const trace of input.traces) {
  const session = new measure.Session(trace.kind, trace.config, trace.window,
    { singlePrecision: input.page.singlePrecisionProgress, decide });
  for (const event of trace.events) session.handle(event);
  process.stdout.write(JSON.stringify({ name: trace.name, releases: session.releases }) + "\n");
}
