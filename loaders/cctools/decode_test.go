package cctools

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// named renders the i'th object of a decoded line by name: key:value:unit
// entries, or "bad".
func named(d *lineDecoder, l *txnLine, i int) string {
	if l.bad[i] {
		return "bad"
	}
	var parts []string
	for _, r := range l.resources(i) {
		parts = append(parts, fmt.Sprintf("%s:%g:%s", d.syms.name(r.key), r.value, d.syms.name(r.unit)))
	}
	return strings.Join(parts, " ")
}

// An object with the keys and units of one of the last shapes at its
// place (shapesKept) takes their numbers; any other is numbered by name,
// and a key given twice is bad even when the object starts as a known
// one does.
func TestDecodeObjectShapes(t *testing.T) {
	seq := newLineDecoder() // decodes every line, after the ones before
	for _, c := range []struct{ obj, want string }{
		{`{"memory":[5,"MB"],"x":[1.5,"s"]}`, "memory:5:MB x:1.5:s"},
		{`{"memory":[6,"MB"],"x":[2.5,"s"]}`, "memory:6:MB x:2.5:s"},
		{`{"x":[3,"s"],"memory":[7,"MB"]}`, "x:3:s memory:7:MB"},
		{`{"x":[3,"ms"],"memory":[7,"MB"]}`, "x:3:ms memory:7:MB"},
		{`{"x":[3,"ms"],"memory":[7,"MB"],"y":[1,"s"]}`, "x:3:ms memory:7:MB y:1:s"},
		{`{"x":[4,"ms"],"memory":[8,"MB"],"x":[1,"s"]}`, "bad"},
		{`{"x":[4,"ms"],"memory":[8,"MB"],"y":[2,"s"]}`, "x:4:ms memory:8:MB y:2:s"},
		{`{"x":[4,"ms"],"memory":[8,"MB"]}`, "x:4:ms memory:8:MB"},
		{`{"x":[4,"ms"],"x":[8,"MB"]}`, "bad"},
		{`{"x":[4,"ms"],"memory":[8,"MB"]}`, "x:4:ms memory:8:MB"},
		{`{}`, ""},
		{`{"x":[5,"ms"],"memory":[9,"MB"]}`, "x:5:ms memory:9:MB"},
		// two shapes in turn, then the older with another unit
		{`{"memory":[1,"MB"],"x":[2,"s"]}`, "memory:1:MB x:2:s"},
		{`{"x":[3,"ms"],"memory":[4,"MB"]}`, "x:3:ms memory:4:MB"},
		{`{"memory":[5,"MB"],"x":[6,"s"]}`, "memory:5:MB x:6:s"},
		{`{"x":[7,"ms"],"memory":[8,"MB"]}`, "x:7:ms memory:8:MB"},
		{`{"memory":[5,"MB"],"x":[6,"ms"]}`, "memory:5:MB x:6:ms"},
		{`{"memory":[5,"MB"],"x":[6,"s"]}`, "memory:5:MB x:6:s"},
		// a known shape written otherwise, or not quite that shape:
		// read in full, as alone
		{`{"memory":[5, "MB"],"x":[6,"s"]}`, "memory:5:MB x:6:s"},
		{`{ "memory":[5,"MB"],"x":[6,"s"] }`, "memory:5:MB x:6:s"},
		{`{"memory":[5 ,"MB"],"x":[6,"s"]}`, "memory:5:MB x:6:s"},
		{`{"memory":[5e1,"MB"],"x":[6,"s"]}`, "memory:50:MB x:6:s"},
		{`{"memory":[,"MB"],"x":[6,"s"]}`, "bad"},
		{`{"memory":[5,"MB"],"x":[6,"s"}`, "bad"},
		{`{"memory":[5,"MB"],"x":[6,"s"]]}`, "bad"},
		{`{"memory":[5,"MB"],"x":[6,"s"],}`, "bad"},
		{`{"memory":[5,"MB"],"x":[6,"s"]`, "bad"},
		{`{"memory":[5,"MB"],"xx":[6,"s"]}`, "memory:5:MB xx:6:s"},
		{`{"memory":[5,"MB"],"x":[6]}`, "memory:5:MB x:6:"},
		{`{"memory":[5,"MB"],"x":[7,""]}`, "memory:5:MB x:7:"},
		{`{"memory":[5,"MB"],"x":[8]}`, "memory:5:MB x:8:"},
		{`{}`, ""},
		{`{ }`, ""},
		{`{}`, ""},
		// more shapes in turn than are kept, then the oldest again
		{`{"a":[1,"s"]}`, "a:1:s"},
		{`{"b":[2,"s"]}`, "b:2:s"},
		{`{"c":[3,"s"]}`, "c:3:s"},
		{`{"d":[4,"s"]}`, "d:4:s"},
		{`{"e":[5,"s"]}`, "e:5:s"},
		{`{"a":[6,"s"]}`, "a:6:s"},
		{`{"e":[7,"s"]}`, "e:7:s"},
		{`{"b":[8,"s"]}`, "b:8:s"},
	} {
		line := []byte(`1 1 TASK 1 RETRIEVED SUCCESS 0 {} ` + c.obj)
		var l, alone txnLine
		seq.decode(line, &l, nil)
		if got := named(seq, &l, 1); got != c.want {
			t.Errorf("%s after the others: %q, want %q", c.obj, got, c.want)
		}
		d := newLineDecoder()
		d.decode(line, &alone, nil)
		if got := named(d, &alone, 1); got != c.want {
			t.Errorf("%s alone: %q, want %q", c.obj, got, c.want)
		}
	}
}

// The loader takes only the values of an object whose decoder and
// shape are those of the last one it translated at that place. Two
// decoders number their shapes apart (the first of each is 1): with
// lines from both in turn, every object keeps its own keys, units and
// values.
func TestCheckResourcesAcrossDecoders(t *testing.T) {
	decs := []*lineDecoder{newLineDecoder(), newLineDecoder()}
	c := &txnLoader{p: source.Problems{File: "t"}, syms: newSymbols()}
	for n, x := range []struct {
		dec       int
		obj, want string
	}{
		{0, `{"memory":[5,"MB"],"x":[1.5,"s"]}`, "memory:5:MB x:1.5:s"},
		{1, `{"x":[2,"s"],"memory":[6,"MB"]}`, "x:2:s memory:6:MB"}, // the other's shape 1
		{1, `{"x":[3,"s"],"memory":[7,"MB"]}`, "x:3:s memory:7:MB"}, // the same shape again
		{0, `{"memory":[8,"MB"],"x":[4,"s"]}`, "memory:8:MB x:4:s"},
		{0, `{"memory":[9,"MB"],"x":[5,"ms"]}`, "memory:9:MB x:5:ms"},   // shape 2 of the first
		{1, `{"x":[6,"ms"],"memory":[10,"MB"]}`, "x:6:ms memory:10:MB"}, // shape 2 of the other
		{1, `{"x":[6,"ms"],"memory":[10,"MB"],"x":[1,"s"]}`, "bad"},
		{1, `{"x":[7,"ms"],"memory":[11,"MB"]}`, "x:7:ms memory:11:MB"},
		{0, `{"memory":[12,"MB"],"x":[8,"ms"]}`, "memory:12:MB x:8:ms"},
		{0, `{"memory":[13,"MB"],"x":[9,"ms"]}`, "memory:13:MB x:9:ms"},
	} {
		var l txnLine
		decs[x.dec].decode([]byte(`1 1 TASK 1 RETRIEVED SUCCESS 0 {} `+x.obj), &l, nil)
		c.pre = &l
		rs, bad, _ := c.checkResources(l.tail, 1, n+1, "resources_measured")
		got := "bad"
		if !bad {
			var parts []string
			for _, r := range rs {
				parts = append(parts, fmt.Sprintf("%s:%g:%s", c.syms.name(r.key), r.value, c.syms.name(r.unit)))
			}
			got = strings.Join(parts, " ")
		}
		if got != x.want {
			t.Errorf("line %d, %s from decoder %d: %q, want %q", n+1, x.obj, x.dec, got, x.want)
		}
	}
}

// shapedLog is a Work Queue log of n tasks, each run once, whose
// measured objects vary in the order and units of their keys: task i
// reports memory i MB and x i/4 in seconds (keys in either order) or
// in megabytes.
func shapedLog(n int) string {
	var b strings.Builder
	us := int64(1500000000000000)
	at := func() int64 { us += 100; return us }
	fmt.Fprintf(&b, "%d 7 MANAGER START\n", at())
	fmt.Fprintf(&b, "%d 7 WORKER worker-1 10.0.0.1:9123 CONNECTION\n", at())
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "%d 7 TASK %d WAITING default FIRST_RESOURCES {\"cores\":[1,\"cores\"]}\n", at(), i)
		fmt.Fprintf(&b, "%d 7 TASK %d RUNNING 10.0.0.1:9123 FIRST_RESOURCES {\"cores\":[1,\"cores\"]}\n", at(), i)
		var obj string
		switch x := float64(i) / 4; i % 5 {
		case 0, 1:
			obj = fmt.Sprintf(`{"memory":[%d,"MB"],"x":[%g,"s"]}`, i, x)
		case 2:
			obj = fmt.Sprintf(`{"x":[%g,"s"],"memory":[%d,"MB"]}`, x, i)
		case 3:
			obj = fmt.Sprintf(`{"memory":[%d,"MB"],"x":[%g,"MB"]}`, i, x)
		case 4:
			obj = fmt.Sprintf(`{"x":[%g,"MB"],"memory":[%d,"MB"],"y%d":[1,"s"]}`, x, i, i%7)
		}
		fmt.Fprintf(&b, "%d 7 TASK %d RETRIEVED SUCCESS 0 {} %s\n", at(), i, obj)
		fmt.Fprintf(&b, "%d 7 TASK %d DONE SUCCESS 0 {} %s\n", at(), i, obj)
	}
	fmt.Fprintf(&b, "%d 7 MANAGER END\n", at())
	return b.String()
}

// The decode goroutines number keys and units in tables of their own,
// which the loader translates: loaded with one decoder or three, every
// task has the measured values its lines give.
func TestDecodersNumberApart(t *testing.T) {
	const n = 3000 // 12,000 lines: a dozen batches
	log := shapedLog(n)
	for _, procs := range []int{2, 4} {
		t.Run(fmt.Sprint(procs-1, " decoders"), func(t *testing.T) {
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
			d, err := LoadWorkQueue(strings.NewReader(log), source.Options{Name: "shaped.log"})
			if err != nil {
				t.Fatal(err)
			}
			tasks := sourcetest.Frame(t, d, schema.Tasks)
			if tasks.NumRows() != n {
				t.Fatalf("%d rows, want %d", tasks.NumRows(), n)
			}
			ids, _, _ := tasks.Int64s("task")
			mem, memOK, _ := tasks.Float64s("mem_mb")
			xs, xsOK, _ := tasks.Float64s("x_s")
			xmb, xmbOK, _ := tasks.Float64s("x_mb")
			y, yOK, err := tasks.Float64s("y3_s")
			if err != nil {
				t.Fatal(err)
			}
			for r, id := range ids {
				x, inMB := float64(id)/4, id%5 >= 3
				switch {
				case !memOK[r] || mem[r] != float64(id):
					t.Fatalf("task %d: mem_mb %v (%v), want %d", id, mem[r], memOK[r], id)
				case inMB && (!xmbOK[r] || xmb[r] != x || xsOK[r]):
					t.Fatalf("task %d: x_mb %v (%v), x_s valid %v; want x_mb %g", id, xmb[r], xmbOK[r], xsOK[r], x)
				case !inMB && (!xsOK[r] || xs[r] != x || xmbOK[r]):
					t.Fatalf("task %d: x_s %v (%v), x_mb valid %v; want x_s %g", id, xs[r], xsOK[r], xmbOK[r], x)
				case yOK[r] != (id%5 == 4 && id%7 == 3) || yOK[r] && y[r] != 1:
					t.Fatalf("task %d: y3_s %v (%v)", id, y[r], yOK[r])
				}
			}
		})
	}
}

// blankOrComment agrees with the test on strings.TrimSpace it replaces.
func TestBlankOrComment(t *testing.T) {
	for _, s := range []string{"", " ", "\t\r\n\v\f", "#", "  # x", "1 2 TASK", " 1", "\u00a0#", "\u00a0", "\u2003\u00a0 # x", "\u00a0x", "é", "\x85#", "\xff", " \xff#"} {
		trimmed := strings.TrimSpace(s)
		if want := trimmed == "" || trimmed[0] == '#'; blankOrComment(s) != want {
			t.Errorf("%q: %v, want %v", s, blankOrComment(s), want)
		}
	}
}
