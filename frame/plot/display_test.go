package plot_test

import (
	"bytes"
	"image/png"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/plot"
	"github.com/jobframe/jobframe/ops"
)

// The display methods of notebooks: a PNG of the figure's size, an SVG
// document, and nothing for a figure that carries an error.
func TestDisplayMethods(t *testing.T) {
	runs := frame.New(frame.Float64Col("run_s", []float64{1, 2, 2, 3, 7}, nil))
	f := plot.New("Run time", "run time (s)", "attempts").Size(400, 300).Hist(ops.Histogram(runs, "run_s", 3), "run_s")
	img, err := png.Decode(bytes.NewReader(f.PNG()))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 400 || b.Dy() != 300 {
		t.Errorf("PNG is %dx%d, want 400x300", b.Dx(), b.Dy())
	}
	if svg := f.SVG(); !strings.HasPrefix(svg, "<?xml") || !strings.Contains(svg, "<svg") || !strings.Contains(svg, "Run time") {
		t.Errorf("not an SVG of the figure: %.100s", svg)
	}
	bad := plot.New("x", "", "").Hist(frame.Errorf("no data"), "x")
	if bad.PNG() != nil || bad.SVG() != "" {
		t.Error("a figure with an error drew something")
	}
}
