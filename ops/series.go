package ops

import (
	"fmt"

	"github.com/jobframe/jobframe/frame"
)

// Integral returns the area under a step series: Σ value_i × (time_{i+1}
// − time_i) over consecutive points, each value holding until the next
// point (the last point adds nothing), in value·seconds. Points must be in
// time order, as every op here returns them. Multiply by 1/60 for
// value·minutes (Balsam's reports) or 1/3600 for value·hours
// (core-hours).
func Integral(series *frame.Frame, timeCol, valueCol string) (float64, error) {
	area, err := integral("Integral", series, timeCol, valueCol)
	return area / 1e6, err
}

// IntegralMicros is Integral in value·µs (node·µs, cpu·µs), summed
// without any scaling: with whole-µs steps and values that are multiples
// of a power of two (0.25 cpus, whole nodes), every product and partial
// sum below 2^53 is exact, and so is the area.
func IntegralMicros(series *frame.Frame, timeCol, valueCol string) (float64, error) {
	return integral("IntegralMicros", series, timeCol, valueCol)
}

func integral(op string, series *frame.Frame, timeCol, valueCol string) (float64, error) {
	if err := require(op, series, "every step series of this package has them", timeCol, valueCol); err != nil {
		return 0, err
	}
	t, _, err := series.Micros(timeCol)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", op, err)
	}
	v, ok, err := series.Float64s(valueCol)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", op, err)
	}
	area := 0.0
	for i := 0; i+1 < len(t); i++ {
		if ok[i] {
			area += v[i] * float64(t[i+1]-t[i])
		}
	}
	return area, nil
}

// TimeWeightedMean returns the mean of a step series over its span
// (Integral divided by last time − first time, in value units); 0 for a
// series spanning no time.
func TimeWeightedMean(series *frame.Frame, timeCol, valueCol string) (float64, error) {
	area, err := integral("TimeWeightedMean", series, timeCol, valueCol)
	if err != nil {
		return 0, err
	}
	t, _, _ := series.Micros(timeCol)
	if len(t) < 2 || t[len(t)-1] == t[0] {
		return 0, nil
	}
	return area / float64(t[len(t)-1]-t[0]), nil
}
