package plot_test

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/frame/plot"
)

// New starts a figure; Step adds a step series (time, value) to it, and
// Render draws it as SVG or PNG (Save picks by the file's extension).
func ExampleNew() {
	t0 := int64(1785834000000000) // 2026-08-04T09:00:00Z, µs
	busy := frame.New(
		frame.MicrosCol("time", []int64{t0, t0 + 5e6, t0 + 10e6}, nil),
		frame.Float64Col("value", []float64{4, 6, 2}, nil),
	)
	fig := plot.New("CPUs in use", "", "cpus").Step(busy, "time", "value", "busy")
	var svg bytes.Buffer
	if err := fig.Render(&svg, "svg"); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(strings.HasPrefix(svg.String(), "<?xml"), strings.Contains(svg.String(), "CPUs in use"))
	// Output:
	// true true
}
