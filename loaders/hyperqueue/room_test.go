package hyperqueue

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// roomJournal is a journal of n tasks on two workers, in jobs of 1,000,
// each task started and finished in turn.
func roomJournal(n int) []byte {
	var b bytes.Buffer
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	line := func(event string) {
		at = at.Add(time.Millisecond)
		fmt.Fprintf(&b, `{"event":%s,"time":"%s"}`+"\n", event, at.Format(time.RFC3339Nano))
	}
	line(`{"type":"server-start","server_uid":"x"}`)
	for w := 1; w <= 2; w++ {
		line(fmt.Sprintf(`{"type":"worker-connected","id":%d,"configuration":{"hostname":"h%d","resources":{"resources":[{"name":"cpus","kind":{"Range":{"start":0,"end":7}}}]}}}`, w, w))
	}
	for job := 1; (job-1)*1000 < n; job++ {
		line(fmt.Sprintf(`{"type":"job-created","job":%d,"closed_job":true,"job_desc":{"name":"j"},"submit_desc":{"submit_dir":"/d","task_desc":{"ids":{"ranges":[{"start":0,"count":1000,"step":1}]},"resources":{"variants":[{"n_nodes":0,"resources":[{"policy":{"Compact":10000},"resource":"cpus"}]}]}}}}`, job))
		for task := 0; task < 1000; task++ {
			line(fmt.Sprintf(`{"type":"task-started","job":%d,"task":%d,"instance":0,"worker":%d}`, job, task, 1+task%2))
			line(fmt.Sprintf(`{"type":"task-finished","job":%d,"task":%d}`, job, task))
		}
	}
	line(`{"type":"server-stop"}`)
	return b.Bytes()
}

// TestRoom loads a journal past the 4 MB after which the tasks' and
// placements' columns make room for the rows of the whole input (40,000
// tasks, 8 MB): the frames are those of a load of unknown size, whose
// columns double as they fill, and hold less room than a doubling leaves,
// at most a twentieth beyond their values.
func TestRoom(t *testing.T) {
	in := roomJournal(40_000)
	sized, err := loadJournal(&source.SizedReader{Reader: bytes.NewReader(in), Head: in[:64<<10], Size: int64(len(in))}, source.Options{})
	if err != nil {
		t.Fatal(err)
	}
	unsized, err := loadJournal(strings.NewReader(string(in)), source.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if a, b := sourcetest.Describe(t, sized), sourcetest.Describe(t, unsized); a != b {
		t.Fatalf("the sized load differs:\n%.2000s\nwant\n%.2000s", a, b)
	}
	for _, name := range []string{schema.Tasks, schema.Placements} {
		used, held := sourcetest.Held(t, sized, name)
		_, doubled := sourcetest.Held(t, unsized, name)
		t.Logf("%s: %d rows, %d bytes in %d held (sized), %d (doubling)", name, sized.Frames[name].NumRows(), used, held, doubled)
		if held > used+used/20 || held >= doubled {
			t.Errorf("%s: the sized load holds %d bytes for %d (a doubling's: %d)", name, held, used, doubled)
		}
	}
}
