package plot_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/plot"
	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/ops"
)

func TestThinKeepsPeaks(t *testing.T) {
	// 10 points in 2 buckets (maxPoints 8 → 2 buckets over x 0..9).
	xs := []float64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	vs := []float64{5, 9, 1, 5, 5, 5, 0, 7, 5, 4}
	got := plot.Thin(xs, vs, 8)
	// bucket [0,4.5): first 0, lowest 2, highest 1, last 4;
	// bucket [4.5,9]: first 5, lowest 6, highest 7, last 9.
	want := []int{0, 1, 2, 4, 5, 6, 7, 9}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Thin = %v, want %v", got, want)
	}
	if got := plot.Thin(xs, vs, 0); len(got) != 10 {
		t.Fatalf("Thin(…, 0) kept %d of 10", len(got))
	}
}

func TestThinMillion(t *testing.T) {
	n := 1_000_000
	xs, vs := make([]float64, n), make([]float64, n)
	for i := range xs {
		xs[i] = float64(i)
		vs[i] = float64(i % 100)
	}
	vs[777_777] = 1e6 // a one-point spike
	vs[333_333] = -5  // a one-point trough
	keep := plot.Thin(xs, vs, plot.DefaultMaxPoints)
	if len(keep) > plot.DefaultMaxPoints {
		t.Fatalf("kept %d points, want at most %d", len(keep), plot.DefaultMaxPoints)
	}
	has := map[int]bool{}
	for _, k := range keep {
		has[k] = true
	}
	for _, k := range []int{0, 333_333, 777_777, n - 1} {
		if !has[k] {
			t.Errorf("point %d (value %g) was thinned away", k, vs[k])
		}
	}
}

func TestMergeBars(t *testing.T) {
	starts := []int64{0, 5, 12, 100, 101}
	ends := []int64{10, 11, 20, 100, 150}
	got := plot.MergeBars(starts, ends, 2)
	want := [][2]int64{{0, 20}, {100, 150}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("MergeBars = %v, want %v", got, want)
	}
	if got := plot.MergeBars(starts, ends, 0); len(got) != 4 { // only overlaps merge
		t.Fatalf("MergeBars(pixel 0) = %v, want 4 spans", got)
	}
}

func TestComputeBoxStats(t *testing.T) {
	// numpy: np.percentile([1,2,3,4,100], [25,50,75]) = 2, 3, 4; IQR 2,
	// fences -1 and 7.
	s := plot.ComputeBoxStats([]float64{100, 3, 1, 4, 2})
	if s.N != 5 || s.Q1 != 2 || s.Median != 3 || s.Q3 != 4 || s.WhiskerLo != 1 || s.WhiskerHi != 4 ||
		!reflect.DeepEqual(s.Outliers, []float64{100}) || s.Min != 1 || s.Max != 100 {
		t.Fatalf("ComputeBoxStats = %+v", s)
	}
	// numpy: np.percentile([1,2,3,4], [25,50,75]) = 1.75, 2.5, 3.25.
	s = plot.ComputeBoxStats([]float64{4, 1, 3, 2})
	if s.Q1 != 1.75 || s.Median != 2.5 || s.Q3 != 3.25 || len(s.Outliers) != 0 {
		t.Fatalf("ComputeBoxStats = %+v", s)
	}
}

// hq loads the bundled HyperQueue journal.
func hq(t *testing.T) *loaders.Dataset {
	t.Helper()
	d, err := loaders.Open("../../testdata/hq/synthetic_v0.26_journal.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// colorCount counts the pixels of img within a small distance of c.
func colorCount(img image.Image, c color.Color) int {
	r0, g0, b0, _ := c.RGBA()
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if absDiff(r, r0) < 0x1800 && absDiff(g, g0) < 0x1800 && absDiff(bl, b0) < 0x1800 {
				n++
			}
		}
	}
	return n
}

func absDiff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}

// TestFiguresOfTheJournal draws every kind of layer from the bundled
// journal as PNG and SVG and checks that the data's colors are on the
// picture, not just the axes.
func TestFiguresOfTheJournal(t *testing.T) {
	d := hq(t)
	tasks, placements, workers := d.Frames[schema.Tasks], d.Frames[schema.Placements], d.Frames[schema.Workers]
	dur := ops.Durations(tasks)
	figs := map[string]struct {
		fig    *plot.Figure
		colors []color.Color
	}{
		"steps": {plot.New("Busy CPUs against capacity", "", "CPUs").OriginMicros(d.LogStart).
			Step(ops.Busy(placements, "cpus"), "time", "value", "busy").
			Step(ops.Capacity(workers, "cpus"), "time", "value", "capacity"),
			[]color.Color{plot.Color(0), plot.Color(1)}},
		"clock": {plot.New("Attempts by state", "", "attempts").TimeAxis(plot.Clock).
			Step(ops.StateCounts(tasks), "time", "running", "running"),
			[]color.Color{plot.Color(0)}},
		"hist": {plot.New("Run time", "run time (s)", "attempts").Hist(ops.Histogram(dur, "run_s", 10), "run_s"),
			[]color.Color{color.NRGBA{0x40, 0x95, 0xc5, 0xff}}}, // Color(0) at alpha 0xc0 over white
		"bars": {plot.New("Tasks per worker", "worker", "attempts").Bars(ops.TasksPerWorker(placements, workers), "worker", "count", ""),
			[]color.Color{plot.Color(0)}},
		"box": {plot.New("Run time by state", "state", "run time (s)").Box(dur, "state", "run_s", "run"),
			[]color.Color{plot.Color(0)}},
		"gantt": {plot.New("Attempts per worker", "", "").Gantt(ops.Gantt(placements)),
			[]color.Color{plot.StateColor("success")}},
	}
	dir := t.TempDir()
	if out := os.Getenv("JOBFRAME_ARTIFACTS"); out != "" {
		dir = out
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for name, c := range figs {
		t.Run(name, func(t *testing.T) {
			png1 := filepath.Join(dir, "plot_"+name+".png")
			if err := c.fig.Save(png1); err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(png1)
			if err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			if got := img.Bounds().Size(); got != image.Pt(900, 420) {
				t.Fatalf("size %v, want 900×420", got)
			}
			for _, col := range c.colors {
				if n := colorCount(img, col); n < 50 {
					t.Errorf("%d pixels of the data color %v, want at least 50", n, col)
				}
			}
			if n := colorCount(img, color.White); n > 900*420*995/1000 {
				t.Errorf("%d of %d pixels are white: the figure looks blank", n, 900*420)
			}
			svg := filepath.Join(dir, "plot_"+name+".svg")
			if err := c.fig.Save(svg); err != nil {
				t.Fatal(err)
			}
			s, err := os.ReadFile(svg)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Contains(s, []byte("<svg")) || bytes.Count(s, []byte("<path")) < 10 || len(s) < 2000 {
				t.Errorf("SVG of %d bytes with %d paths: want a drawn figure", len(s), bytes.Count(s, []byte("<path")))
			}
		})
	}
}

func TestFigureErrors(t *testing.T) {
	d := hq(t)
	placements := d.Frames[schema.Placements]
	busy := ops.Busy(placements, "cpus")
	h := ops.Histogram(ops.Durations(d.Frames[schema.Tasks]), "run_s", 5)
	for _, c := range []struct {
		name string
		err  error
		want string
	}{
		{"mixed axes", plot.New("m", "", "").Step(busy, "time", "value", "").Hist(h, "").Err(), "cannot draw numbers on an x axis of times"},
		{"missing column", plot.New("c", "", "").Step(busy, "time", "nope", "").Err(), "nope"},
		{"not a histogram", plot.New("h", "", "").Hist(busy, "").Err(), "want columns lo, hi, count"},
		{"bad time axis", plot.New("t", "", "").TimeAxis("days").Err(), `time axis "days"`},
		{"bad format", plot.New("f", "", "").Step(busy, "time", "value", "").Save(filepath.Join(t.TempDir(), "x.gif")), `format "gif": want png or svg`},
		{"nothing", plot.New("n", "", "").Save(filepath.Join(t.TempDir(), "x.png")), "nothing to draw"},
		{"frame error", plot.New("e", "", "").Step(frame.Errorf("broken input"), "time", "value", "").Err(), "broken input"},
		{"bad size", plot.New("s", "", "").Size(10, 10).Err(), "size 10×10"},
	} {
		if c.err == nil || !strings.Contains(c.err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, c.err, c.want)
		}
	}
}
