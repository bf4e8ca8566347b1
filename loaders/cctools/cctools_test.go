package cctools

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// logFacts are the figures shared/data/README.md gives for one
// transactions log.
type logFacts struct {
	file    string // bundled testdata path, or shared data path prefixed "shared:"
	source  string
	records int
	span    string // last minus first record time, seconds
	tasks   int    // distinct (run, task) ids
	events  string // "TYPE STATE:n" counts that must hold (others may exist)
	done    string // done_result counts over the final attempts
	states  string // attempt states of the attempts (attempt >= 1)
}

var logCases = []logFacts{
	{file: "workqueue/realrun_wq_7.17.1_transactions.log", source: "workqueue", records: 182, span: "41.629", tasks: 16,
		events: "TASK WAITING:20 TASK RUNNING:20 TASK WAITING_RETRIEVAL:18 TASK RETRIEVED:18 TASK DONE:16 WORKER CONNECTION:3 WORKER DISCONNECTION:3 TRANSFER INPUT+OUTPUT:73 CATEGORY MAX:2 CATEGORY MIN:2 CATEGORY FIRST:2 MANAGER START:1",
		done:   "RESOURCE_EXHAUSTION:1 SUCCESS:15", states: "exhausted:3 lost:2 success:15"},
	{file: "shared:workqueue/synthetic_wq_7.17_transactions.log", source: "workqueue", records: 473, span: "379.629", tasks: 40,
		events: "TASK WAITING:49 TASK RUNNING:49 TASK WAITING_RETRIEVAL:45 TASK RETRIEVED:45 TASK DONE:40 WORKER CONNECTION:3 TRANSFER INPUT+OUTPUT:231",
		done:   "RESOURCE_EXHAUSTION:1 SUCCESS:39", states: "exhausted:6 lost:4 success:39"},
	{file: "shared:workqueue/colmena_wq_2023-02_transactions.log", source: "workqueue", span: "1409.857", tasks: 1228,
		events: "TASK WAITING:1228 TASK RUNNING:1228 TASK WAITING_RETRIEVAL:1228 TASK RETRIEVED:1228 TASK DONE:1228 WORKER CONNECTION:102 WORKER RESOURCES:102 WORKER DISCONNECTION:102 TRANSFER INPUT+OUTPUT:4912",
		done:   "SUCCESS:1228", states: "success:1228"},
	{file: "taskvine/realrun_vine_7.17.1_transactions.log", source: "taskvine", records: 187, span: "39.656", tasks: 16,
		events: "TASK READY:20 TASK RUNNING:20 TASK WAITING_RETRIEVAL:20 TASK RETRIEVED:16 TASK DONE:16 WORKER CONNECTION:3 WORKER RESOURCES:3 WORKER TRANSFER:35 WORKER CACHE_UPDATE:43 WORKER DISCONNECTION:3 MANAGER START:1 MANAGER END:1",
		done:   "RESOURCE_EXHAUSTION:1 SUCCESS:15", states: "exhausted:3 forsaken:2 success:15"},
	{file: "taskvine/cctools-test_2025-04-25_transactions.log", source: "taskvine", records: 4, span: "11.415", tasks: 1,
		events: "TASK READY:1 WORKER DISCONNECTION:1 MANAGER START:1 MANAGER END:1", done: "", states: ""},
	{file: "shared:taskvine/synthetic_vine_7.17_transactions.log", source: "taskvine", records: 421, span: "364.517", tasks: 40,
		events: "TASK READY:49 TASK RUNNING:49 TASK WAITING_RETRIEVAL:45 TASK RETRIEVED:40 TASK DONE:40 WORKER CONNECTION:3 WORKER TRANSFER:90 WORKER CACHE_UPDATE:93 APPLICATION :1",
		done:   "RESOURCE_EXHAUSTION:1 SUCCESS:39", states: "exhausted:6 lost:4 success:39"},
	{file: "shared:taskvine/lnni_2025-03_transactions.log", source: "taskvine", records: 6219, span: "302.393", tasks: 1866,
		events: "TASK READY:1500 TASK RUNNING:690 TASK WAITING_RETRIEVAL:429 TASK RETRIEVED:430 TASK DONE:430 LIBRARY SENT:366 LIBRARY STARTED:94 WORKER CONNECTION:183 WORKER RESOURCES:561 WORKER TRANSFER:567 WORKER CACHE_UPDATE:935 WORKER DISCONNECTION:33",
		done:   "LIBRARY_EXIT:198 SUCCESS:231 UNKNOWN:1", states: "library_exit:199 running:260 success:231"},
	{file: "shared:taskvine/colmena_vine_2023-02_transactions.log", source: "taskvine", records: 12122, span: "1397.046", tasks: 1228,
		events: "TASK WAITING:1228 TASK RUNNING:1228 TASK RETRIEVED:1228 TASK DONE:1228 WORKER CONNECTION:100 WORKER RESOURCES:768 WORKER TRANSFER:3784 WORKER CACHE_UPDATE:1228 WORKER DISCONNECTION:100 MANAGER END:1",
		done:   "SUCCESS:1228", states: "success:1228"},
	{file: "shared:taskvine/blast_50workers_2023-01_transactions.log", source: "taskvine", records: 1052, span: "44.266", tasks: 100,
		events: "TASK WAITING:100 TASK RUNNING:100 TASK WAITING_RETRIEVAL:100 TASK RETRIEVED:100 TASK DONE:100 WORKER CONNECTION:50 WORKER RESOURCES:50 WORKER DISCONNECTION:50 WORKER CACHE-UPDATE:300 TRANSFER INPUT:100",
		done:   "SUCCESS:100", states: "success:100"},
}

func bundledLog(t *testing.T, file string) string {
	if rest, ok := strings.CutPrefix(file, "shared:"); ok {
		return sourcetest.Shared(t, rest)
	}
	return sourcetest.Bundled(file)
}

func loadCC(t *testing.T, path string) *source.Dataset {
	return sourcetest.LoadFile(t, path, LoadWorkQueue, source.Options{})
}

func TestCctoolsLogs(t *testing.T) {
	for _, c := range logCases {
		t.Run(c.file, func(t *testing.T) {
			d := loadCC(t, bundledLog(t, c.file))
			if d.Source != c.source {
				t.Errorf("source %s, want %s", d.Source, c.source)
			}
			if len(d.Warnings) != 0 {
				t.Errorf("warnings: %v", d.Warnings)
			}
			ev := sourcetest.Frame(t, d, schema.Events)
			if c.records > 0 && ev.NumRows() != c.records {
				t.Errorf("%d records, want %d", ev.NumRows(), c.records)
			}
			us, _, _ := ev.Micros("time")
			if got := fmt.Sprintf("%.3f", float64(us[len(us)-1]-us[0])/1e6); got != c.span {
				t.Errorf("span %s s, want %s", got, c.span)
			}
			if got := fmt.Sprintf("%.3f", float64(d.LogEnd-d.LogStart)/1e6); !d.HasLogSpan || got != c.span || d.LogStart != us[0] {
				t.Errorf("log span %v %s s from %d, want %s s from %d", d.HasLogSpan, got, d.LogStart, c.span, us[0])
			}
			counts := sourcetest.GroupCounts(t, ev, "type", "state")
			for _, item := range splitFacts(c.events) {
				key, n := item.key, item.n
				got := 0
				if strings.HasSuffix(key, "INPUT+OUTPUT") {
					base := strings.TrimSuffix(key, "INPUT+OUTPUT")
					got = counts[base+"INPUT"] + counts[base+"OUTPUT"]
				} else {
					got = counts[key]
				}
				if got != n {
					t.Errorf("%q records: %d, want %d", key, got, n)
				}
			}
			tasks := sourcetest.Frame(t, d, schema.Tasks)
			if got := tasks.GroupBy("run", "task").NumGroups(); got != c.tasks {
				t.Errorf("%d tasks, want %d", got, c.tasks)
			}
			if got := sourcetest.Render(sourcetest.GroupCounts(t, tasks.Where("final", "==", true), "done_result")); got != c.done {
				t.Errorf("final results %q, want %q", got, c.done)
			}
			if got := sourcetest.Render(sourcetest.GroupCounts(t, tasks.Where("attempt", ">=", 1), "state")); got != c.states {
				t.Errorf("attempt states %q, want %q", got, c.states)
			}
		})
	}
}

type fact struct {
	key string
	n   int
}

// splitFacts parses "TYPE STATE:n TYPE STATE:n ..." (a key may hold one
// space; "APPLICATION :1" has an empty state).
func splitFacts(s string) []fact {
	var out []fact
	toks := strings.Fields(s)
	for i := 0; i+1 < len(toks); i += 2 {
		typ := toks[i]
		rest := toks[i+1]
		if strings.HasPrefix(rest, ":") {
			var n int
			fmt.Sscanf(rest[1:], "%d", &n)
			out = append(out, fact{typ + " ", n})
			continue
		}
		k := strings.LastIndexByte(rest, ':')
		var n int
		fmt.Sscanf(rest[k+1:], "%d", &n)
		out = append(out, fact{typ + " " + rest[:k], n})
	}
	return out
}

// The decode goroutines' split: a TASK record's fields end with its
// resource objects as one field, spaces and all; other records split
// every field, one starting with '{' included (a TRANSFER's file name).
func TestDecodeFields(t *testing.T) {
	for _, c := range []struct {
		line string
		want []string
	}{
		{`1 2 TASK 7 DONE SUCCESS  0  {} {"a": [1, "s"]}  `, []string{"1", "2", "TASK", "7", "DONE", "SUCCESS", "0", `{} {"a": [1, "s"]}`}},
		{`1 2 TASK 7 WAITING c FIRST_RESOURCES {"cores":[1,"cores"]}`, []string{"1", "2", "TASK", "7", "WAITING", "c", "FIRST_RESOURCES", `{"cores":[1,"cores"]}`}},
		{`1 2 TRANSFER INPUT 7 1 0.5 0.1 {a} b`, []string{"1", "2", "TRANSFER", "INPUT", "7", "1", "0.5", "0.1", "{a}", "b"}},
		{`1 2 {x} y`, []string{"1", "2", "{x}", "y"}},
		{`1  2`, []string{"1", "2"}},
	} {
		var l txnLine
		newLineDecoder().decode([]byte(c.line), &l, nil)
		if !slices.Equal(l.fields, c.want) {
			t.Errorf("%s: got %q, want %q", c.line, l.fields, c.want)
		}
	}
}

func TestJSONTail(t *testing.T) {
	for _, c := range []struct {
		line string
		want []string
	}{
		{`1 2 TASK 7 RUNNING w FIRST_RESOURCES {"cores":[1,"cores"]}`, []string{`{"cores":[1,"cores"]}`}},
		{`DONE SUCCESS 0  {} {"a":[1,"s"],"b":[2,"MB"]}`, []string{`{}`, `{"a":[1,"s"],"b":[2,"MB"]}`}},
		{`x {"a":{"b":{}}} {"c":[1]}`, []string{`{"a":{"b":{}}}`, `{"c":[1]}`}},
		{`x {"a":{"b":1} `, []string{`{"a":{"b":1} `}},      // unclosed: handed to the parser whole
		{`x {"a":[1]} junk`, []string{`{"a":[1]}`, `junk`}}, // rejected by the parser
		{`no objects here`, []string{}},
		{`x {{}}{}`, []string{`{{}}`, `{}`}},
	} {
		got := jsonTail(nil, c.line)
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: got %q, want %q", c.line, got, c.want)
		}
	}
}

// A resource object's entries: key and unit found in its text, values
// parsed; a bad object leaves what was parsed before it untouched, and a
// key given twice is refused when the keys are numbered.
func TestResourceObjects(t *testing.T) {
	const a, b = `{"cores":[1,"cores"], "memory" : [ 2048 , "MB" ],"n":[3]}`, `{"wall_time":[6.2,"s"]}`
	got, err := parseRawResources(a, nil)
	if err != nil {
		t.Fatal(err)
	}
	got, err = parseRawResources(b, got)
	if err != nil || len(got) != 4 {
		t.Fatalf("got %v, %v", got, err)
	}
	type entry struct {
		key, unit string
		value     float64
	}
	var entries []entry
	for i, r := range got {
		obj := a
		if i == 3 {
			obj = b
		}
		entries = append(entries, entry{r.key.Of(obj), r.unit.Of(obj), r.value})
	}
	want := []entry{{"cores", "cores", 1}, {"memory", "MB", 2048}, {"n", "", 3}, {"wall_time", "s", 6.2}}
	if !slices.Equal(entries, want) {
		t.Errorf("entries %v, want %v", entries, want)
	}
	for _, bad := range []string{`{"x":[1,"s"]`, `{"x":[1,"s"]} y`, `{"":[1]}`, `{"x":1}`, `{"x":[1,"s\""]}`, `{"x":[one]}`, `[]`, `{} x`} {
		if out, err := parseRawResources(bad, got); err == nil || len(out) != 4 {
			t.Errorf("%s: %d entries, %v", bad, len(out), err)
		}
	}
	if out, err := parseRawResources(`{ }`, got[:0]); err != nil || len(out) != 0 {
		t.Errorf("{ }: %v, %v", out, err)
	}

	syms := newSymbols()
	rs, err := internResources(a, got[:3], syms, nil)
	if err != nil || len(rs) != 3 || rs[0].key != symCores || rs[1].key != symMemory || syms.name(rs[1].unit) != "MB" || rs[2].unit != symNone {
		t.Errorf("interned %v, %v", rs, err)
	}
	// the same keys in the next object are fine; twice in one are not
	if _, err := internResources(a, got[:3], syms, rs); err != nil {
		t.Error(err)
	}
	const dup = `{"cores":[1,"cores"],"memory":[1,"MB"],"cores":[2,"cores"]}`
	raw, err := parseRawResources(dup, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := internResources(dup, raw, syms, nil); err == nil {
		t.Error("a key given twice was accepted")
	}
}

// TestCctoolsLogsStream loads every real transactions log in batches of
// 1, 3 and 64 records: the batches and the final dataset hold the whole
// load's rows (sourcetest.Streams), and each batch's source is the
// log's.
func TestCctoolsLogsStream(t *testing.T) {
	for _, c := range logCases {
		t.Run(c.file, func(t *testing.T) {
			b, err := os.ReadFile(bundledLog(t, c.file))
			if err != nil {
				t.Fatal(err)
			}
			in := []source.Input{{Name: c.file, R: bytes.NewReader(b)}}
			sourcetest.Streams(t, Transactions(), in, source.Options{})
			o := source.Options{BatchRows: 100, Batch: func(d *source.Dataset) error {
				if d.Source != c.source {
					t.Errorf("a batch's source is %s, want %s", d.Source, c.source)
				}
				return nil
			}}
			if _, err := Transactions().Load([]source.Input{{Name: c.file, R: bytes.NewReader(b)}}, o); err != nil {
				t.Fatal(err)
			}
		})
	}
}
