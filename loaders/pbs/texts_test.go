package pbs

import (
	"bytes"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// A text a job keeps is a copy, never a view of its record's line: the
// words interned (one copy for each), the others copied into blocks,
// whatever their size.
func TestTextsCopy(t *testing.T) {
	var x texts
	line := strings.Repeat("user01;cn001;", 2) + strings.Repeat("v", textBlock)
	inLine := func(s string) bool {
		p, lo := uintptr(unsafe.Pointer(unsafe.StringData(s))), uintptr(unsafe.Pointer(unsafe.StringData(line)))
		return len(s) > 0 && p >= lo && p < lo+uintptr(len(line))
	}
	a, b := x.word(line[:6]), x.word(line[13:19])
	if a != "user01" || b != "user01" || unsafe.StringData(a) != unsafe.StringData(b) || inLine(a) {
		t.Errorf("word: %q and %q, one copy %v, a view of the line %v", a, b, unsafe.StringData(a) == unsafe.StringData(b), inLine(a))
	}
	var kept []string
	for i := range 20_000 { // past several blocks
		s := x.copied(line[7+i%3 : 12])
		if s != line[7+i%3:12] || inLine(s) {
			t.Fatalf("copied %q, want %q, not a view of the line (%v)", s, line[7+i%3:12], inLine(s))
		}
		kept = append(kept, s)
	}
	for i, s := range kept { // a later block leaves the earlier ones whole
		if s != line[7+i%3:12] {
			t.Fatalf("copy %d became %q", i, s)
		}
	}
	big := x.copied(line[26:])
	if big != line[26:] || inLine(big) || x.copied("") != "" {
		t.Errorf("a text larger than a block: equal %v, a view %v", big == line[26:], inLine(big))
	}
	if v := x.str(str{line[:6], true}, false); v.v != "user01" || inLine(v.v) || x.str(str{}, true).ok {
		t.Errorf("str: %+v", v)
	}
}

// No text a job or run keeps is a view of a record's line: loading the
// bundled logs record by record, every string the builder holds at the
// end lies outside every line's copy (whose place decode's views of the
// job id give).
func TestJobsKeepNoLine(t *testing.T) {
	placed, texts := 0, 0
	for _, name := range []string{"gjbex_vsc-tools-lib_20160601", "ubccr_xdmod_accounting-logs.log", "allocations_acct.log"} {
		b, err := os.ReadFile(sourcetest.Bundled("pbs/" + name))
		if err != nil {
			t.Fatal(err)
		}
		bld, dec := newBuilder(64, false), decoder{loc: time.UTC}
		var lines [][2]uintptr // where each record's line copy lies
		var alive []string     // a view of each, so that no later text is allocated there
		p := &source.Problems{File: name, Lenient: true}
		for n, line := range bytes.Split(b, []byte("\n")) {
			var r record
			dec.decode(line, &r)
			if i := bytes.Index(line, []byte(";"+r.id+";")); r.id != "" && i >= 0 {
				lo := uintptr(unsafe.Pointer(unsafe.StringData(r.id))) - uintptr(i+1)
				lines, alive = append(lines, [2]uintptr{lo, lo + uintptr(len(line))}), append(alive, r.id)
			}
			if err := bld.apply(line, n+1, &r, p); err != nil {
				t.Fatal(err)
			}
		}
		view := func(s string) bool {
			at := uintptr(unsafe.Pointer(unsafe.StringData(s)))
			for _, l := range lines {
				if len(s) > 0 && at >= l[0] && at < l[1] {
					return true
				}
			}
			return false
		}
		kept := 0
		for _, j := range bld.jobs {
			for _, s := range []string{j.id, j.user.v, j.group.v, j.account.v, j.project.v, j.name.v, j.queue.v, j.execVnode.v, j.reqNodesSpec.v, j.reqSelect.v} {
				kept++
				if view(s) {
					t.Errorf("%s: job %s keeps %q, a view of its record's line", name, j.id, s)
				}
			}
			for _, a := range j.extra {
				kept++
				if view(a.key) || view(a.value) {
					t.Errorf("%s: job %s keeps its attribute %s=%s as a view of its record's line", name, j.id, a.key, a.value)
				}
			}
		}
		for _, o := range bld.runs {
			kept++
			if view(o.execHost) {
				t.Errorf("%s: a run keeps its exec_host %q as a view of its record's line", name, o.execHost)
			}
			for _, h := range o.hosts {
				if view(h.host) {
					t.Errorf("%s: a run keeps its host %q as a view of its record's line", name, h.host)
				}
			}
		}
		placed, texts = placed+len(lines), texts+kept
		runtime.KeepAlive(alive)
	}
	if placed < 1000 || texts < 1000 {
		t.Fatalf("%d lines placed, %d texts kept: the test saw too little", placed, texts)
	}
}
