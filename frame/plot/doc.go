// Package plot draws jobframe's frames as charts: step series (several on
// one axis, for example busy CPUs against capacity), histograms (the
// lo/hi/count frames of ops.Histogram), bar charts, box plots per
// category and per-worker Gantt timelines colored by state. It renders
// with gonum.org/v1/plot and saves PNG or SVG by the file's extension.
//
// A Figure collects layers and draws them when saved, so that a chain
// reads as one sentence and its first error is kept, as frame.Frame does:
//
//	err := plot.New("Busy CPUs", "", "CPUs").
//		Step(busy, "time", "value", "busy").
//		Step(capacity, "time", "value", "capacity").
//		Save("busy.png")
//
// Times on the x axis are shown as elapsed minutes from the earliest time
// drawn (or from Origin) by default, or as wall-clock times in UTC with
// TimeAxis("clock"). Big inputs stay drawable: a step series of more
// points than MaxPoints is thinned to the first, lowest, highest and last
// point of each time bucket, so no peak is lost, and Gantt bars of one
// worker and state closer than a pixel are merged.
package plot
