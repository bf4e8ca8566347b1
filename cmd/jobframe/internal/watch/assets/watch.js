// jobframe watch: keeps the report page up to date. The server sends
// the report again (event "report": its sections' HTML and its charts'
// data) whenever its sources change; each section is put in place, the
// charts drawn again where they are (window.jfReport.update), without
// reloading the page.
(function () {
  "use strict";
  var root = document.documentElement;
  var seen = -1;

  // apply puts patch p in the page.
  function apply(p) {
    document.title = p.title;
    document.querySelector("header h1").textContent = p.title;
    document.querySelector("nav").innerHTML = p.nav;
    var main = document.querySelector("main");
    var kept = {};
    document.querySelectorAll("figure.chart-box").forEach(function (f) {
      var c = f.querySelector("div.chart");
      if (c) kept[c.id] = f;
    });
    var sections = p.sections.map(function (s) {
      var el = document.getElementById(s.id);
      if (!el || el.tagName !== "SECTION") {
        el = document.createElement("section");
        el.id = s.id;
      }
      var box = document.createElement("div");
      box.innerHTML = s.html;
      // a chart drawn before keeps its element (and its drawing), sized anew
      box.querySelectorAll("figure.chart-box").forEach(function (f) {
        var c = f.querySelector("div.chart"), old = c && kept[c.id];
        if (!old) return;
        old.setAttribute("style", f.getAttribute("style"));
        old.querySelector("div.chart").setAttribute("style", c.getAttribute("style"));
        f.replaceWith(old);
      });
      el.className = s.empty ? "empty" : "";
      el.replaceChildren.apply(el, Array.prototype.slice.call(box.childNodes));
      return el;
    });
    main.replaceChildren.apply(main, sections);
    window.jfReport.update(p.charts);
  }

  var events = new EventSource("events");
  events.addEventListener("open", function () { root.dataset.live = "connected"; });
  events.addEventListener("error", function () { root.dataset.live = "disconnected"; });
  events.addEventListener("report", function (e) {
    var u = JSON.parse(e.data);
    if (u.seq === seen) return;
    seen = u.seq;
    apply(u.patch);
    root.dataset.seq = String(u.seq);
  });
})();
