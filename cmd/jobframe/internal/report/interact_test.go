package report

import (
	"bytes"
	"math"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jobframe/jobframe/loaders"
)

// element returns the WebDriver reference of the element with an id.
func (w *webdriver) element(id string) map[string]any {
	w.T.Helper()
	v := w.Call("POST", "/session/"+w.Session+"/element", map[string]any{"using": "css selector", "value": "#" + id})["value"]
	return v.(map[string]any)
}

// actions performs real input (WebDriver's input sources: pointer moves
// and clicks in an element's coordinates, counted from its centre, and
// wheel scrolls), then releases every key and button.
func (w *webdriver) actions(sources ...map[string]any) {
	w.T.Helper()
	w.Call("POST", "/session/"+w.Session+"/actions", map[string]any{"actions": sources})
	w.Call("DELETE", "/session/"+w.Session+"/actions", nil)
}

// chartBox returns a chart element's size in CSS pixels.
func (w *webdriver) chartBox(id string) (width, height float64) {
	var r struct{ W, H float64 }
	w.Exec(`const r = document.getElementById(arguments[0]).getBoundingClientRect(); return JSON.stringify({W: r.width, H: r.height});`, &r, id)
	return r.W, r.H
}

// xRangeScript returns the x range a time chart shows, from its zoom
// state.
const xRangeScript = `const c = echarts.getInstanceByDom(document.getElementById(arguments[0]));
const o = c.getOption(), ax = o.xAxis[0], z = o.dataZoom[0];
const w = ax.max - ax.min;
return JSON.stringify([ax.min + w * z.start / 100, ax.min + w * z.end / 100]);`

// TestReportInteractions drives the HyperQueue journal's report with
// real pointer and wheel input in Chromium: hovering a Gantt bar shows
// its attempt, a wheel on one time chart zooms every time chart to the
// same range, and a click on a legend entry hides its series.
func TestReportInteractions(t *testing.T) {
	w := startChromium(t)
	d, err := loaders.Open(testdata("hq/synthetic_v0.26_journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	doc := Build(d, Options{})
	var buf bytes.Buffer
	if err := writeHTML(&buf, doc); err != nil {
		t.Fatal(err)
	}
	w.openReport(filepath.Join(t.TempDir(), "report.html"), buf.Bytes())
	if t.Failed() {
		t.FailNow()
	}
	charts := map[string]Chart{}
	var timeIDs []string
	for _, s := range doc.Sections {
		for _, c := range s.Charts {
			charts[s.ID] = c
			if c.X == "time" {
				timeIDs = append(timeIDs, c.ID)
			}
		}
	}

	t.Run("hover a Gantt bar", func(t *testing.T) {
		w.T = t
		g := charts["gantt"]
		gs := g.Layers[0].Gantt
		// The longest bar, hovered at its middle.
		best := 0
		for i := range gs.Row {
			if gs.End[i]-gs.Start[i] > gs.End[best]-gs.Start[best] {
				best = i
			}
		}
		var px [2]float64
		w.Exec(`const c = echarts.getInstanceByDom(document.getElementById(arguments[0]));
return JSON.stringify(c.convertToPixel({gridIndex: 0}, [arguments[1], arguments[2]]));`, &px, g.ID, (gs.Start[best]+gs.End[best])/2, gs.Row[best])
		cw, ch := w.chartBox(g.ID)
		w.actions(map[string]any{"type": "pointer", "id": "mouse", "parameters": map[string]any{"pointerType": "mouse"},
			"actions": []any{map[string]any{"type": "pointerMove", "duration": 0, "origin": w.element(g.ID),
				"x": int(px[0] - cw/2), "y": int(px[1] - ch/2)}}})
		var tip string
		for deadline := time.Now().Add(3 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			w.Exec(`const el = document.getElementById(arguments[0]);
const tips = Array.from(el.querySelectorAll("div")).filter(d => d.style.display !== "none" && d.textContent.includes("worker:"));
return JSON.stringify(tips.length ? tips[tips.length - 1].innerText : "");`, &tip, g.ID)
			if tip != "" {
				break
			}
		}
		want := []string{gs.Detail[best], "worker: " + gs.Rows[gs.Row[best]], "state: " + gs.States[gs.State[best]], "duration: " + duration(gs.End[best]-gs.Start[best])}
		for _, s := range want {
			if !strings.Contains(tip, s) {
				t.Errorf("tooltip %q lacks %q", tip, s)
			}
		}
	})

	t.Run("wheel zooms every time chart", func(t *testing.T) {
		w.T = t
		if len(timeIDs) < 4 {
			t.Fatalf("time charts %v, want utilization, throughput, concurrency and the Gantt", timeIDs)
		}
		id := timeIDs[0]
		var scrolls []any
		for range 6 {
			scrolls = append(scrolls, map[string]any{"type": "scroll", "x": 0, "y": 0, "deltaX": 0, "deltaY": -600, "duration": 50, "origin": w.element(id)})
		}
		w.actions(map[string]any{"type": "wheel", "id": "wheel", "actions": scrolls})
		time.Sleep(300 * time.Millisecond)
		var first [2]float64
		w.Exec(xRangeScript, &first, id)
		full := charts["utilization"]
		var lo, hi float64 = math.Inf(1), math.Inf(-1)
		for _, l := range full.Layers {
			for _, x := range l.X {
				lo, hi = min(lo, x, 0), max(hi, x)
			}
		}
		if first[1]-first[0] > 0.6*(hi-lo) {
			t.Fatalf("the wheel left %s at %v of [%g, %g]: want a narrower range", id, first, lo, hi)
		}
		for _, other := range timeIDs[1:] {
			var r [2]float64
			w.Exec(xRangeScript, &r, other)
			if math.Abs(r[0]-first[0]) > 0.5 || math.Abs(r[1]-first[1]) > 0.5 {
				t.Errorf("%s shows %v after zooming %s to %v: want the same range", other, r, id, first)
			}
		}
	})

	t.Run("legend click hides a series", func(t *testing.T) {
		w.T = t
		id, name := charts["utilization"].ID, charts["utilization"].Layers[0].Label
		var at [2]float64
		w.Exec(`const c = echarts.getInstanceByDom(document.getElementById(arguments[0]));
const el = c.getZr().storage.getDisplayList().find(e => e.style && e.style.text === arguments[1]);
if (!el) return JSON.stringify(null);
const r = el.getBoundingRect().clone(); r.applyTransform(el.getComputedTransform());
return JSON.stringify([r.x + r.width / 2, r.y + r.height / 2]);`, &at, id, name)
		if at == [2]float64{} {
			t.Fatalf("no legend entry %q", name)
		}
		cw, ch := w.chartBox(id)
		w.actions(map[string]any{"type": "pointer", "id": "mouse2", "parameters": map[string]any{"pointerType": "mouse"},
			"actions": []any{
				map[string]any{"type": "pointerMove", "duration": 0, "origin": w.element(id), "x": int(at[0] - cw/2), "y": int(at[1] - ch/2)},
				map[string]any{"type": "pointerDown", "button": 0},
				map[string]any{"type": "pointerUp", "button": 0}}})
		var selected map[string]bool
		w.Exec(`const c = echarts.getInstanceByDom(document.getElementById(arguments[0]));
return JSON.stringify(c.getOption().legend[0].selected || {});`, &selected, id)
		if sel, ok := selected[name]; !ok || sel {
			t.Errorf("legend selection %v after clicking %q: want it hidden", selected, name)
		}
	})
}
