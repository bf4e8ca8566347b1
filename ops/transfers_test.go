package ops

import (
	"encoding/json"
	"os/exec"
	"testing"

	"github.com/jobframe/jobframe/frame"
)

// TestCumulativeSumByHand: a running total per distinct time; nulls left
// out.
func TestCumulativeSumByHand(t *testing.T) {
	f := frame.New(timeCol("time", 5, 0, 5, -1, 9), frame.Float64Col("bytes", []float64{10, 1, 100, 7, 0}, []bool{true, true, true, true, false}))
	s := CumulativeSum(f, "time", "bytes")
	if got := column(t, s, "value"); got != "1.0 111.0" {
		t.Errorf("values %s, want 1 at 0 s and 111 at 5 s", got)
	}
}

// transferFigures runs testdata/efficiency/transfers_figures.py over a
// transactions log.
func transferFigures(t *testing.T, log string) (fig struct {
	Direction map[string]struct {
		Transfers, Bytes int64
		Wall             float64 `json:"wall_s"`
	}
	Files map[string]struct{ Transfers, Destinations, Bytes, Size int64 }
	Cache struct{ Count, Bytes int64 } `json:"cache_updates"`
}) {
	t.Helper()
	py := "/usr/bin/python3"
	if exec.Command(py, "-c", "import json").Run() != nil {
		t.Skip("needs /usr/bin/python3")
	}
	out, err := exec.Command(py, bundled("efficiency/transfers_figures.py"), bundled(log)).Output()
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(out, &fig); err != nil {
		t.Fatal(err)
	}
	return fig
}

// TestTransfersAgainstTheLogs: per direction and per file, the figures
// of the real Work Queue and TaskVine runs equal those
// transfers_figures.py reads from the logs' lines.
func TestTransfersAgainstTheLogs(t *testing.T) {
	for _, log := range []string{"workqueue/realrun_wq_7.17.1_transactions.log", "taskvine/realrun_vine_7.17.1_transactions.log"} {
		want := transferFigures(t, log)
		tr := frameOf(t, load(t, bundled(log)), "transfers").Where("kind", "==", "transfer")
		v := TransferVolume(tr, "direction")
		dirs, _, _ := v.Strings("direction")
		n, _, _ := v.Int64s("transfers")
		b, _, _ := v.Int64s("bytes")
		w, _, _ := v.Float64s("wall_s")
		if len(dirs) != len(want.Direction) {
			t.Errorf("%s: directions %v, want %d", log, dirs, len(want.Direction))
		}
		for i, d := range dirs {
			x := want.Direction[d]
			if n[i] != x.Transfers || b[i] != x.Bytes || !nearly(w[i], x.Wall) {
				t.Errorf("%s %s: %d transfers, %d bytes, %g s; want %d, %d, %g", log, d, n[i], b[i], w[i], x.Transfers, x.Bytes, x.Wall)
			}
		}
		files := TransferFiles(tr)
		names, _, _ := files.Strings("file")
		ft, _, _ := files.Int64s("transfers")
		fd, _, _ := files.Int64s("destinations")
		fr, _, _ := files.Int64s("resent")
		fb, _, _ := files.Int64s("bytes")
		fs, _, _ := files.Int64s("size")
		if len(names) != len(want.Files) {
			t.Errorf("%s: %d files, want %d", log, len(names), len(want.Files))
		}
		for i, name := range names {
			x := want.Files[name]
			if ft[i] != x.Transfers || fd[i] != x.Destinations || fr[i] != x.Transfers-x.Destinations || fb[i] != x.Bytes || fs[i] != x.Size {
				t.Errorf("%s %s: %d %d %d %d %d, want %+v", log, name, ft[i], fd[i], fr[i], fb[i], fs[i], x)
			}
			if i > 0 && fs[i] > fs[i-1] {
				t.Errorf("%s: files not largest first at %s", log, name)
			}
		}
	}
}

func nearly(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 }
