/// The page `play --serve` serves: the whole screen is a touch surface whose Pointer Events
/// (every coalesced sample, with the browser's `event.timeStamp`) are streamed to the window
/// as batches of trace events, in order, one request in flight at a time. Self-contained: no
/// network but its own server, no external files.
enum StreamingPage {
    /// The page as UTF-8.
    static let html = Array(text.utf8)

    /// The page's text. The batch is the trace format's event shape with the browser's times
    /// in seconds (`t`), its `pointerId` (`id`) and positions in CSS pixels (points).
    static let text = """
    <!doctype html>
    <html lang="en"><head><meta charset="utf-8">
    <meta name="viewport" content="width=device-width,initial-scale=1,user-scalable=no">
    <title>Gesture Lab: touch the window</title>
    <style>
    html,body{margin:0;height:100%;overflow:hidden;overscroll-behavior:none;touch-action:none;background:#15161a;color:#e8e8e8;font:16px system-ui,sans-serif}
    #area{position:fixed;inset:0;touch-action:none;user-select:none;-webkit-user-select:none}
    #status{position:fixed;left:12px;top:12px;right:12px;pointer-events:none}
    </style></head>
    <body><div id="area"></div><div id="status">Touch here: the lab's window follows.</div>
    <script>
    "use strict";
    const token = new URLSearchParams(location.search).get("token") || "";
    const stream = Math.random().toString(36).slice(2, 12);
    const area = document.getElementById("area");
    const status = document.getElementById("status");
    let pending = [];
    let sending = false;
    let sent = 0;
    let refused = 0;
    function kind(event) {
      return event.pointerType === "mouse" ? "mouse" : event.pointerType === "pen" ? "pen" : "touch";
    }
    function sample(event, phase) {
      const s = {t: Math.max(0, event.timeStamp / 1000), id: event.pointerId, kind: kind(event), phase: phase, x: event.clientX, y: event.clientY};
      if (event.pressure > 0) s.pressure = Math.min(1, event.pressure);
      return s;
    }
    function add(event, phase) {
      const samples = phase === "move" && event.getCoalescedEvents ? event.getCoalescedEvents() : [];
      for (const one of samples.length ? samples : [event]) pending.push(sample(one, phase));
      flush();
    }
    function show() {
      status.textContent = "Streaming to the lab: " + sent + " samples sent" + (refused ? ", " + refused + " refused" : "") + ".";
    }
    function flush() {
      if (sending || pending.length === 0) return;
      const batch = pending;
      pending = [];
      sending = true;
      fetch("/touches?token=" + encodeURIComponent(token) + "&stream=" + stream,
            {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(batch)})
        .then(function (response) { if (response.ok) sent += batch.length; else refused += batch.length; })
        .catch(function () { refused += batch.length; })
        .finally(function () { sending = false; show(); flush(); });
    }
    area.addEventListener("pointerdown", function (event) { area.setPointerCapture(event.pointerId); add(event, "down"); });
    area.addEventListener("pointermove", function (event) { if (event.pointerType !== "mouse" || event.buttons) add(event, "move"); });
    area.addEventListener("pointerup", function (event) { add(event, "up"); });
    area.addEventListener("pointercancel", function (event) { add(event, "cancel"); });
    </script></body></html>

    """
}
