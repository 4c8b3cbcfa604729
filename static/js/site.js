// Countdowns to the next deadline and one-click quoting; no inline scripts (CSP).
(function () {
  function pad(n) { return n < 10 ? "0" + n : "" + n; }
  function tick() {
    document.querySelectorAll(".countdown[data-deadline]").forEach(function (el) {
      var left = Math.floor((new Date(el.dataset.deadline) - new Date()) / 1000);
      if (isNaN(left)) return;
      if (left <= 0) { el.textContent = el.dataset.doneText || "deadline passed"; return; }
      var d = Math.floor(left / 86400), h = Math.floor(left % 86400 / 3600), m = Math.floor(left % 3600 / 60), s = left % 60;
      el.textContent = (d ? d + (el.dataset.dayUnit || "d") + " " : "") + pad(h) + ":" + pad(m) + ":" + pad(s);
    });
  }
  setInterval(tick, 1000);
  document.addEventListener("DOMContentLoaded", tick);
  document.addEventListener("click", function (ev) {
    var btn = ev.target.closest(".quote-btn");
    if (!btn) return;
    var box = document.getElementById("post-body");
    if (!box) return;
    box.value += (box.value && !box.value.endsWith("\n") ? "\n" : "") + btn.dataset.quote + "\n";
    box.focus();
  });
})();

// Live updates poll only while the tab is visible: htmx asks before each
// request (htmx:confirm), and a hidden tab's polls are cancelled. The strict
// content security policy forbids the eval that hx-trigger filters need.
// A tab shown again asks its page's live channel at once ("live-now").
//
// Where the site pushes, the #live element names a stream (data-stream)
// and does not poll: the page opens one stream (a POST read as server-sent
// events) while the tab is visible, and each event is swapped in as a poll's
// answer would be (the next #live element and the changed parts). A stream
// that ends is followed by the next, from the latest #live element; one
// that fails is tried again after 2, 4 … 30 s, and meanwhile the channel is
// asked once ("live-now"), so nothing waits for the stream to come back.
// A hidden tab closes its stream; shown again, it opens one, whose first
// event brings what changed meanwhile. A stream refused because too many are
// open (429) is asked for again after 30 s, and meanwhile the page asks the
// channel every 10 s, as a polled page does.
(function () {
  var open = null, failures = 0, retry = null, polling = null;

  function poll(on) {
    clearInterval(polling);
    polling = null;
    if (!on) return;
    document.dispatchEvent(new Event("live-now"));
    polling = setInterval(function () { document.dispatchEvent(new Event("live-now")); }, 10000);
  }

  function element() { return document.getElementById("live"); }

  function deliver(frame) {
    var html = frame.split("\n").filter(function (line) { return line.indexOf("data: ") === 0 || line === "data:"; })
      .map(function (line) { return line.slice(line.indexOf(":") + 2); }).join("\n");
    var live = element();
    if (html && live) htmx.swap(live, html, { swapStyle: "outerHTML" });
  }

  function again(delay) {
    clearTimeout(retry);
    retry = setTimeout(connect, delay);
  }

  function connect() {
    var live = element();
    if (open || !live || !live.dataset.stream || document.visibilityState !== "visible") return;
    var controller = new AbortController();
    open = controller;
    fetch(live.dataset.stream, {
      method: "POST",
      headers: { "X-CSRFToken": live.dataset.csrf, "HX-Request": "true", "Accept": "text/event-stream" },
      credentials: "same-origin",
      signal: controller.signal
    }).then(function (response) {
      if (response.status === 404 || response.status === 403) return "stop";
      if (response.status === 429) return "busy";
      if (!response.ok || !response.body) throw new Error("stream " + response.status);
      var reader = response.body.getReader(), decoder = new TextDecoder(), buffer = "";
      failures = 0;
      poll(false);
      function pump() {
        return reader.read().then(function (chunk) {
          if (chunk.done) return "ended";
          buffer += decoder.decode(chunk.value, { stream: true });
          var cut;
          while ((cut = buffer.indexOf("\n\n")) >= 0) {
            deliver(buffer.slice(0, cut));
            buffer = buffer.slice(cut + 2);
          }
          return pump();
        });
      }
      return pump();
    }).then(function (how) {
      if (open === controller) open = null;
      if (how === "ended") again(0);
      if (how === "busy") { poll(true); again(30000); }
    }, function () {
      if (open !== controller) return;  // closed on purpose (hidden tab)
      open = null;
      failures += 1;
      document.dispatchEvent(new Event("live-now"));
      again(Math.min(30000, 1000 * Math.pow(2, failures)));
    });
  }

  function close() {
    if (open) { var controller = open; open = null; controller.abort(); }
    clearTimeout(retry);
    poll(false);
  }

  document.addEventListener("htmx:confirm", function (ev) {
    if (document.visibilityState !== "visible" && ev.target.closest("[data-poll]")) ev.preventDefault();
  });
  document.addEventListener("visibilitychange", function () {
    var live = element();
    if (live && live.dataset.stream) {
      if (document.visibilityState === "visible") connect(); else close();
    } else if (document.visibilityState === "visible") {
      document.dispatchEvent(new Event("live-now"));
    }
  });
  document.addEventListener("DOMContentLoaded", connect);
})();

// A thread opened at its first unread post shows that post: the page
// scrolls to the "new" separator unless the address names a post.
document.addEventListener("DOMContentLoaded", function () {
  var marker = document.getElementById("new");
  if (marker && !location.hash) marker.scrollIntoView();
});

// The host dashboard on a narrow screen: the urgent group stays open and the
// others fold (each is a <details>), unless the address points into one.
document.addEventListener("DOMContentLoaded", function () {
  if (!window.matchMedia("(max-width: 600px)").matches) return;
  var target = location.hash ? document.getElementById(location.hash.slice(1)) : null;
  document.querySelectorAll("details.dash-group[data-narrow-closed]").forEach(function (group) {
    if (!(target && group.contains(target))) group.removeAttribute("open");
  });
});
