// The study mode (`capture-page --study PLAN`): a consent line, a random participant code, then
// the plan's tasks one at a time in the participant's row of the counterbalanced order, each
// repeated; after each gesture the person confirms what they meant with the page's Finish,
// Cancel or Discard (the button the task asks for is marked). It measures nothing: every
// gesture is recorded and measured by capture.js and measure.js as without a study; this only
// says which task it was and writes that into the trace's header.
const study = CONFIG.study ? (() => {
  const plan = CONFIG.study;
  const screen = document.getElementById("study");
  const banner = document.getElementById("task");
  // `#robot=NAME` marks the traces as made by a program (scripted tests), not by a person.
  const robot = new URLSearchParams(location.hash.slice(1)).get("robot");
  const alphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
  const state = { screen: "consent", participant: "", row: 0, steps: [], step: 0, recorded: 0, sent: 0, unsent: 0 };

  function randomWord() {
    const numbers = new Uint32Array(7);
    crypto.getRandomValues(numbers);
    return numbers;
  }

  // A code that names nobody: six characters drawn at random.
  function newCode() {
    return [...randomWord().slice(0, 6)].map((n) => alphabet[n % alphabet.length]).join("");
  }

  // The k-th participant on this device gets the row after the previous one's; the first, a
  // random row. Only that number is kept in the browser.
  function takeRow() {
    const key = `gesture-lab-study-row:${plan.id}`;
    let row = randomWord()[6] % plan.rows.length;
    try {
      const stored = localStorage.getItem(key);
      if (stored !== null && /^\d+$/.test(stored)) row = Number(stored) % plan.rows.length;
      localStorage.setItem(key, String((row + 1) % plan.rows.length));
    } catch (error) { /* storage refused: a random row */ }
    return row;
  }

  // Each task of the row, repeated as the plan says, one after another.
  function sessionSteps(row) {
    const steps = [];
    for (const index of plan.rows[row]) {
      const task = plan.tasks[index];
      for (let trial = 1; trial <= task.trials; trial += 1) steps.push({ task, trial });
    }
    return steps;
  }

  function element(tag, text, className) {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (className) node.className = className;
    return node;
  }

  function button(text, action) {
    const node = element("button", text);
    node.id = `study-${text.toLowerCase().replace(/[^a-z]+/g, "-")}`;
    // Acts when the finger lifts (see capture.js's onPress).
    let pressed = null;
    node.addEventListener("pointerdown", (event) => { pressed = event.pointerId; });
    node.addEventListener("pointercancel", () => { pressed = null; });
    node.addEventListener("pointerup", (event) => { if (event.pointerId === pressed) { pressed = null; action(); } });
    node.addEventListener("click", (event) => { if (event.detail === 0) action(); });
    return node;
  }

  function showScreen(name, parts) {
    state.screen = name;
    screen.replaceChildren(element("div", undefined, "card"));
    const box = screen.firstChild;
    for (const part of parts) box.appendChild(part);
    screen.hidden = false;
    banner.hidden = true;
    report();
  }

  function consent() {
    state.participant = newCode();
    showScreen("consent", [
      element("h1", plan.title),
      element("p", plan.consent),
      element("p", `Your code: ${state.participant}`, "code"),
      element("p", `${sessionSteps(0).length} gestures, one at a time: each task says what to do, and after each gesture you say what you meant.`),
      element("div", undefined, "buttons"),
    ]);
    const buttons = screen.querySelector(".buttons");
    buttons.appendChild(button("I agree", agree));
    buttons.appendChild(button("No thanks", decline));
  }

  function agree() {
    if (state.screen !== "consent") return;
    state.row = takeRow();
    state.steps = sessionSteps(state.row);
    state.step = 0;
    state.recorded = 0;
    screen.hidden = true;
    prompt();
  }

  function decline() {
    if (state.screen !== "consent") return;
    showScreen("declined", [element("h1", "Nothing was recorded"), element("p", "Thank you all the same."), element("div", undefined, "buttons")]);
    screen.querySelector(".buttons").appendChild(button("Start again", consent));
  }

  function current() { return state.steps[state.step]; }

  function prompt() {
    const { task, trial } = current();
    state.screen = "task";
    setMode(task.gesture);
    banner.replaceChildren(
      element("div", `Task ${state.step + 1} of ${state.steps.length} · try ${trial} of ${task.trials}`, "step"),
      element("div", task.prompt, "prompt"));
    banner.hidden = false;
    report();
  }

  function finishSession() {
    const parts = [element("h1", "Done: thank you!"),
      element("p", `${state.recorded} gestures recorded under the code ${state.participant}.`), element("div", undefined, "buttons")];
    showScreen("end", parts);
    const buttons = screen.querySelector(".buttons");
    if (labStream) {
      buttons.before(element("p", state.unsent ? `${state.unsent} could not be sent to the lab.` : "Every gesture was sent to the lab.", "sent"));
    } else {
      buttons.appendChild(button("Save", save));
    }
    buttons.appendChild(button("Next participant", consent));
  }

  // The window shows who is doing which task (play --serve).
  function report() {
    if (!labStream) return;
    const step = current();
    const status = { plan: plan.id, screen: state.screen, participant: state.participant };
    if (state.screen === "task" && step) Object.assign(status, { task: step.task.id, trial: step.trial, step: state.step + 1, steps: state.steps.length });
    fetch(`/study?token=${encodeURIComponent(labStream.token)}`,
          { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(status) }).catch(() => {});
  }

  function device() {
    return { user_agent: navigator.userAgent.slice(0, 300), screen: [window.screen.width, window.screen.height],
             touch_points: navigator.maxTouchPoints || 0, pointer: matchMedia("(pointer: coarse)").matches ? "coarse" : "fine" };
  }

  return {
    state,
    // Gestures count only while a task is shown.
    accepts: () => state.screen === "task",
    // The header's study and provenance for the gesture being labelled.
    header(intent) {
      const { task, trial } = current();
      return {
        provenance: robot ? { kind: "robot", sender: robot.slice(0, 64), input: "capture page" }
          : { kind: "person", input: "capture page", user_agent: navigator.userAgent.slice(0, 300) },
        study: { plan: plan.id, participant: state.participant, task: task.id, trial, task_intent: task.intent,
                 row: state.row, step: state.step + 1, steps: state.steps.length, device: device() },
        notes: `${plan.id}: ${task.id}, try ${trial}; the task asked to ${task.intent}, the person said ${intent}`,
      };
    },
    fileName() {
      const { task, trial } = current();
      return `${plan.id}-${state.participant}-${String(state.step + 1).padStart(3, "0")}-${task.id}-${trial}.json`;
    },
    // What the dialog asks after a gesture: the task, the rule's verdict, the expected answer marked.
    ask(verdict) {
      const { task } = current();
      for (const name of ["finish", "cancel"]) document.getElementById(`label-${name}`).classList.toggle("expected", name === task.intent);
      return `Task: ${task.prompt}\nThe rule says ${verdict}.\nWhat did you mean? (The task asks you to ${task.intent}; Discard to try again.)`;
    },
    // A label given: a kept gesture moves the session on (sent at once under play --serve); a
    // discarded one is tried again.
    labelled(entry) {
      for (const name of ["finish", "cancel"]) document.getElementById(`label-${name}`).classList.remove("expected");
      if (entry) {
        state.recorded += 1;
        if (labStream) {
          fetch(`/traces?token=${encodeURIComponent(labStream.token)}`,
                { method: "POST", headers: { "Content-Type": "application/json" }, body: entry.text })
            .then((response) => { if (response.ok) state.sent += 1; else state.unsent += 1; })
            .catch(() => { state.unsent += 1; });
        }
        state.step += 1;
      }
      if (state.step >= state.steps.length) finishSession(); else prompt();
    },
    start: consent,
    agree,
    decline,
  };
})() : null;

if (study) {
  document.body.classList.add("study");
  study.start();
}

// For the lab's own tools (the study test): where the session is.
window.gestureLabStudy = study && {
  state: () => ({ screen: study.state.screen, participant: study.state.participant, row: study.state.row, step: study.state.step,
                  recorded: study.state.recorded, sent: study.state.sent, unsent: study.state.unsent,
                  steps: study.state.steps.map((s) => ({ task: s.task.id, trial: s.trial, intent: s.task.intent, gesture: s.task.gesture })) }),
  rows: () => CONFIG.study.rows,
  agree: study.agree,
  decline: study.decline,
};
