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
document.addEventListener("htmx:confirm", function (ev) {
  if (document.visibilityState !== "visible" && ev.target.closest("[data-poll]")) ev.preventDefault();
});
document.addEventListener("visibilitychange", function () {
  if (document.visibilityState === "visible") document.dispatchEvent(new Event("live-now"));
});

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
