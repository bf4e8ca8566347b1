// jobframe report: draws the charts of the page from the JSON data block
// #jf-data with Apache ECharts (embedded above). Every chart on a time axis
// shares its x range with the others: zooming one (wheel, drag, the slider)
// zooms them all to the same times.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("jf-data").textContent);
  var palette = ["#0072B2", "#D55E00", "#009E73", "#E69F00", "#CC79A7", "#56B4E9", "#F0E442", "#000000"];
  var stateColors = { success: "#009E73", failed: "#D55E00", lost: "#E69F00", canceled: "#999999", running: "#0072B2" };
  var font = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

  // num shows a number with three significant digits (integers whole).
  function num(v) {
    if (v === null || v === undefined || !isFinite(v)) return "–";
    if (Number.isInteger(v)) return v.toLocaleString("en-US");
    var a = Math.abs(v);
    if (a >= 1000) return Math.round(v).toLocaleString("en-US");
    return String(Number(v.toPrecision(3)));
  }
  // dur shows seconds as a duration in the largest fitting unit.
  function dur(s) {
    var a = Math.abs(s);
    if (a === 0) return "0 s";
    if (a < 1) return num(s * 1e3) + " ms";
    if (a < 120) return num(s) + " s";
    if (a < 7200) return num(s / 60) + " min";
    if (a < 172800) return num(s / 3600) + " h";
    return num(s / 86400) + " d";
  }
  // tick shows elapsed seconds on a time axis: m:ss, h:mm:ss, or from
  // two days on "Nd hh:mm" (a span of 299 days is 299d 08:26, not
  // 7184:26:40).
  function tick(s) {
    var neg = s < 0, t = Math.round(Math.abs(s)), h = Math.floor(t / 3600), m = Math.floor((t % 3600) / 60), x = t % 60;
    var p = function (n) { return (n < 10 ? "0" : "") + n; };
    if (h >= 48) return (neg ? "-" : "") + Math.floor(h / 24) + "d " + p(h % 24) + ":" + p(m);
    return (neg ? "-" : "") + (h > 0 ? h + ":" + p(m) + ":" + p(x) : m + ":" + p(x));
  }
  // clock shows the wall-clock time (UTC) of elapsed seconds s.
  function clock(origin, s) {
    return new Date(origin / 1000 + s * 1000).toISOString().replace("T", " ").replace(/\.\d+Z$/, "").replace("Z", "") + " UTC";
  }
  function esc(s) {
    return String(s).replace(/[&<>"]/g, function (c) { return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]; });
  }
  // when shows a time: elapsed, and the clock unless the chart has no
  // origin (a comparison of runs, each on its own elapsed time).
  function when(spec, s) {
    return "+" + tick(s) + (spec.origin_us ? " (" + clock(spec.origin_us, s) + ")" : "");
  }

  function base(spec) {
    var labelled = spec.layers.some(function (l) { return l.label; }) || spec.layers[0].kind === "gantt";
    return {
      animation: false,
      color: palette,
      textStyle: { fontFamily: font },
      title: { text: spec.title, left: "center", top: 4, textStyle: { fontSize: 14, fontWeight: 600, fontFamily: font } },
      legend: labelled ? { top: 28, type: "scroll", textStyle: { fontFamily: font } } : undefined,
      // The axis lines go at these margins; labels and axis names are
      // kept inside outerBounds (the canvas less the title, legend and
      // zoom slider), the plot shrinking to make room.
      grid: { left: 60, right: 24, top: labelled ? 64 : 42, bottom: spec.x === "time" ? 74 : 50,
        outerBounds: { left: 2, right: 10, top: labelled ? 52 : 30, bottom: spec.x === "time" ? 30 : 2 } },
      tooltip: { confine: true, textStyle: { fontFamily: font } },
    };
  }

  function timeAxis(spec, lo, hi) {
    var form = hi - lo >= 172800 ? "days, hh:mm" : "h:mm:ss";
    var name = spec.x_label || (spec.origin_us ? "elapsed (" + form + ") since " + clock(spec.origin_us, 0) : "elapsed (" + form + ")");
    return {
      type: "value", min: lo, max: hi, name: name, nameLocation: "middle", nameGap: 26,
      axisLabel: { formatter: tick, hideOverlap: true }, splitLine: { show: true },
    };
  }
  function zoom() {
    return [{ type: "inside", xAxisIndex: 0, filterMode: "none" },
      { type: "slider", xAxisIndex: 0, filterMode: "none", height: 16, bottom: 6, labelFormatter: tick }];
  }
  function valueAxis(spec) {
    return { type: "value", name: spec.y_label, nameLocation: "middle", nameGap: 44, axisLabel: { formatter: num } };
  }

  // extent returns the smallest and largest x of a time chart's layers.
  function extent(spec) {
    var lo = Infinity, hi = -Infinity;
    spec.layers.forEach(function (l) {
      var xs = l.kind === "gantt" ? l.gantt.start.concat(l.gantt.end) : l.x || [];
      for (var i = 0; i < xs.length; i++) { if (xs[i] < lo) lo = xs[i]; if (xs[i] > hi) hi = xs[i]; }
    });
    if (!(lo <= hi)) { lo = 0; hi = 1; }
    if (spec.x === "time") lo = Math.min(lo, 0); // from the origin: the log's start
    if (lo === hi) hi = lo + 1;
    return [lo, hi];
  }

  function stepOption(spec) {
    var o = base(spec), time = spec.x === "time", ex = extent(spec);
    o.xAxis = time ? timeAxis(spec, ex[0], ex[1]) : { type: "value", name: spec.x_label, nameLocation: "middle", nameGap: 26, min: ex[0], max: ex[1] };
    o.yAxis = valueAxis(spec);
    if (time) o.dataZoom = zoom();
    o.tooltip.trigger = "axis";
    o.tooltip.formatter = function (ps) {
      if (!ps.length) return "";
      var x = ps[0].axisValue, head = time ? when(spec, x) : num(x);
      return esc(head) + ps.map(function (p) {
        return "<br>" + p.marker + esc(p.seriesName || spec.y_label) + ": <b>" + esc(num(p.value[1])) + "</b>";
      }).join("");
    };
    o.series = spec.layers.map(function (l) {
      var pts = new Array(l.x.length);
      for (var i = 0; i < pts.length; i++) pts[i] = [l.x[i], l.y[i]];
      return { type: "line", name: l.label || spec.y_label, step: "end", showSymbol: false, lineStyle: { width: 1.5 }, data: pts, large: true };
    });
    return o;
  }

  function ganttOption(spec) {
    var o = base(spec), g = spec.layers[0].gantt, ex = extent(spec);
    o.xAxis = timeAxis(spec, ex[0], ex[1]);
    var label = spec.y_label || "worker";
    if (g.total_rows > g.rows.length) label += " (the " + g.rows.length + " busiest of " + g.total_rows + ")";
    o.yAxis = { type: "category", data: g.rows, inverse: true, name: label, nameLocation: "middle", nameGap: 8,
      axisLabel: { show: true, fontSize: 11, hideOverlap: true }, axisTick: { show: false } };
    o.dataZoom = zoom();
    if (g.rows.length > 60) {
      // Many rows: a slider on the right shows 60 of them at a time, each
      // labelled; drag it (or its ends) to move through the workers.
      o.dataZoom.push({ type: "slider", yAxisIndex: 0, filterMode: "weakFilter", width: 14, right: 6,
        startValue: 0, endValue: 59, showDetail: false, brushSelect: false });
      o.grid.right = 36;
      o.grid.outerBounds.right = 30;
    }
    o.tooltip.trigger = "item";
    o.tooltip.formatter = function (p) {
      var i = p.value[3], n = g.count[i];
      var lines = [
        (g.detail[i] ? esc(g.detail[i]) : esc(num(n) + " attempts, merged at this scale")),
        "worker: " + esc(g.rows[g.row[i]]),
        "state: " + esc(g.states[g.state[i]]) + (g.running[i] ? " (still running at the end of the log)" : ""),
        "start: " + esc(when(spec, g.start[i])),
        (n > 1 ? "span: " : "duration: ") + esc(dur(g.end[i] - g.start[i])),
      ];
      return p.marker + lines.join("<br>");
    };
    var byState = g.states.map(function () { return []; });
    for (var i = 0; i < g.row.length; i++) byState[g.state[i]].push([g.start[i], g.end[i], g.row[i], i]);
    o.series = g.states.map(function (st, k) {
      return {
        type: "custom", name: st, encode: { x: [0, 1], y: 2 }, data: byState[k],
        itemStyle: { color: stateColors[st] || "#CC79A7" },
        progressive: 0,
        renderItem: function (params, api) {
          var a = api.coord([api.value(0), api.value(2)]), b = api.coord([api.value(1), api.value(2)]);
          var h = Math.max(api.size([0, 1])[1] * 0.8, 1);
          var cs = params.coordSys;
          var r = echarts.graphic.clipRectByRect({ x: a[0], y: a[1] - h / 2, width: Math.max(b[0] - a[0], 1), height: h },
            { x: cs.x, y: cs.y, width: cs.width, height: cs.height });
          return r && { type: "rect", shape: r, style: api.style() };
        },
      };
    });
    return o;
  }

  function categoryOption(spec) {
    var o = base(spec), cats = spec.categories || [];
    o.xAxis = { type: "category", data: cats, name: spec.x_label, nameLocation: "middle", nameGap: 26,
      axisLabel: { rotate: cats.length > 8 ? 40 : 0, interval: cats.length > 60 ? "auto" : 0 } };
    o.yAxis = valueAxis(spec);
    o.tooltip.trigger = "item";
    o.series = [];
    spec.layers.forEach(function (l, k) {
      if (l.kind === "bars") {
        o.series.push({ type: "bar", name: l.label || spec.y_label, data: l.y, itemStyle: { color: palette[k % palette.length] } });
        o.tooltip.formatter = function (p) { return esc(p.name) + "<br>" + p.marker + esc(p.seriesName || spec.y_label) + ": <b>" + esc(num(p.value)) + "</b>"; };
        return;
      }
      var boxes = l.boxes.map(function (b) { return [b.WhiskerLo, b.Q1, b.Median, b.Q3, b.WhiskerHi]; });
      o.series.push({ type: "boxplot", name: l.label || spec.y_label, data: boxes, itemStyle: { color: "#fff", borderColor: palette[k % palette.length] },
        tooltip: { formatter: function (p) {
          var b = l.boxes[p.dataIndex];
          return esc(cats[p.dataIndex]) + " (" + num(b.N) + " values)<br>max " + esc(num(b.Max)) + "<br>upper whisker " + esc(num(b.WhiskerHi)) +
            "<br>Q3 " + esc(num(b.Q3)) + "<br>median <b>" + esc(num(b.Median)) + "</b><br>Q1 " + esc(num(b.Q1)) +
            "<br>lower whisker " + esc(num(b.WhiskerLo)) + "<br>min " + esc(num(b.Min));
        } } });
      var out = [];
      l.boxes.forEach(function (b, i) { (b.Outliers || []).forEach(function (v) { out.push([i, v]); }); });
      if (out.length) {
        o.series.push({ type: "scatter", name: (l.label || spec.y_label) + " outliers", data: out, symbolSize: 4,
          itemStyle: { color: palette[k % palette.length], opacity: 0.6 },
          tooltip: { formatter: function (p) { return esc(cats[p.value[0]]) + ": " + esc(num(p.value[1])) + " (beyond 1.5 IQR)"; } } });
      }
    });
    return o;
  }

  function histOption(spec) {
    var o = base(spec), l = spec.layers[0];
    // Bins on half-integer edges hold whole numbers: label them by the
    // numbers they hold (3, or 3–5), not by their edges.
    var whole = l.lo.every(function (lo) { return lo - Math.floor(lo) === 0.5; });
    function binText(lo, hi) {
      if (!whole) return num(lo) + "–" + num(hi);
      return hi - lo === 1 ? num(lo + 0.5) : num(lo + 0.5) + "–" + num(hi - 0.5);
    }
    var cats = l.lo.map(function (lo, i) { return binText(lo, l.hi[i]); });
    o.xAxis = { type: "category", data: cats, name: spec.x_label, nameLocation: "middle", nameGap: 26, axisLabel: { rotate: 40, fontSize: 10 } };
    o.yAxis = valueAxis(spec);
    o.tooltip.trigger = "item";
    o.tooltip.formatter = function (p) {
      var i = p.dataIndex, s = spec.layers[p.seriesIndex];
      var range = whole ? " " + binText(s.lo[i], s.hi[i]) : " from " + num(s.lo[i]) + " to " + num(s.hi[i]);
      return esc(spec.x_label + range) + "<br>" + p.marker + esc(s.label || spec.y_label) + ": <b>" + esc(num(p.value)) + "</b>";
    };
    o.series = spec.layers.map(function (s) { return { type: "bar", name: s.label || spec.y_label, data: s.y, barCategoryGap: "4%" }; });
    return o;
  }

  function option(spec) {
    switch (spec.layers[0].kind) {
      case "step": return stepOption(spec);
      case "gantt": return ganttOption(spec);
      case "hist": return histOption(spec);
      default: return categoryOption(spec);
    }
  }

  // charts are the page's ECharts instances by chart id; info their
  // specs and x extents. A page served live redraws them in place as new
  // data comes (window.jfReport.update).
  var charts = {}, info = {}, syncing = false;

  // Linked zoom: the x range (in seconds since the origin every time
  // chart shares) of the chart zoomed goes to the others.
  function onZoom(id) {
    return function () {
      var t = info[id];
      if (syncing || !t || t.spec.x !== "time") return;
      var z = charts[id].getOption().dataZoom[0], lo = t.extent[0], w = t.extent[1] - t.extent[0];
      var from = lo + w * z.start / 100, to = lo + w * z.end / 100;
      syncing = true;
      try {
        Object.keys(info).forEach(function (k) {
          if (k !== id && info[k].spec.x === "time") charts[k].dispatchAction({ type: "dataZoom", dataZoomIndex: 0, startValue: from, endValue: to });
        });
      } finally { syncing = false; }
    };
  }

  // draw draws a chart in its element, or again in place.
  function draw(spec) {
    var el = document.getElementById(spec.id);
    if (!el) return;
    var chart = charts[spec.id];
    if (chart && chart.getDom() !== el) { chart.dispose(); chart = null; }
    if (chart) {
      chart.resize(); // its box may have another size now
      chart.setOption(option(spec), { notMerge: true });
    } else {
      chart = echarts.init(el, null, { renderer: "canvas" });
      chart.setOption(option(spec));
      chart.on("datazoom", onZoom(spec.id));
      charts[spec.id] = chart;
    }
    info[spec.id] = { spec: spec, extent: extent(spec) };
  }
  (data.charts || []).forEach(draw);
  window.jfReport = {
    // update draws the charts of specs, in place where they were drawn,
    // and disposes of those no longer there.
    update: function (specs) {
      var seen = {};
      (specs || []).forEach(function (s) { seen[s.id] = true; draw(s); });
      Object.keys(charts).forEach(function (k) {
        if (!seen[k]) { charts[k].dispose(); delete charts[k]; delete info[k]; }
      });
    }
  };
  window.addEventListener("resize", function () { Object.keys(charts).forEach(function (k) { charts[k].resize(); }); });
  window.addEventListener("beforeprint", function () { Object.keys(charts).forEach(function (k) { charts[k].resize(); }); });
  document.documentElement.dataset.charts = "ready";
  document.documentElement.dataset.readyMs = String(Math.round(performance.now()));
})();
