package loaders

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

func openEPMT(t *testing.T, paths ...string) *source.Dataset {
	t.Helper()
	d, err := Open(paths...)
	if err != nil {
		t.Fatal(err)
	}
	if d.Source != "epmt" {
		t.Fatalf("source %s", d.Source)
	}
	return d
}

func TestEPMT12340TSV(t *testing.T) {
	d := openEPMT(t, sourcetest.Bundled("epmt/12340"))
	p := sourcetest.Frame(t, d, schema.Procs)
	if p.NumRows() != 18 || sourcetest.Frame(t, d, schema.Threads).NumRows() != 18 {
		t.Fatal(p.NumRows())
	}
	if got := sourcetest.Render(sourcetest.GroupCounts(t, p, "exename")); got != "cut:1 echo:16 sed:1" {
		t.Fatal(got)
	}
	if got := sourcetest.Render(sourcetest.GroupCounts(t, p, "ppid", "tags", "host", "numtids")); got != "27535  perftools.org 1:18" {
		t.Fatal(got)
	}
	ut, _, _ := p.Int64s("usertime")
	st, _, _ := p.Int64s("systemtime")
	sum := int64(0)
	for i := range ut {
		sum += ut[i] + st[i]
	}
	if sum != 42360 {
		t.Fatal(sum)
	}
	// The args of EPMT's 002-escape.bats, in file order: no escaping in v2.
	args, _, _ := p.Strings("args")
	want := []string{`-d" -f2`, `\\\`, ` b`, `\`, `,`, `'`, `-e \tHello`, `-e \tThereU\nR`, `-e \a`, `-e \a`, `-e \`, `-e some test \b and more text`, `b`, `\b`, `\b`, `-e \. some text`, `-e try\.some more text`, `s/^\.//`}
	if strings.Join(args, "|") != strings.Join(want, "|") {
		t.Fatalf("args\n got %q\nwant %q", args, want)
	}
	// the v2 metric set (30 names) includes cminflt...cstime
	if !p.Has("cutime") || !p.Has("PERF_COUNT_SW_CPU_CLOCK") {
		t.Fatal(p.Names())
	}
}

func TestEPMT615503(t *testing.T) {
	d := openEPMT(t, sourcetest.Bundled("epmt/615503"))
	p := sourcetest.Frame(t, d, schema.Procs)
	want := map[string]string{
		"5652":  "ln 6854 op:dmput;op_instance:2;op_sequence:1317 4998 152 pp053 615503 dmput",
		"30597": "tcsh 6854 op:rm;op_instance:7;op_sequence:709 11997 74524 pp053 615503 rm",
		"18842": "df 18840 op:hsmget;op_instance:7;op_sequence:45 5998 862 pp053 615503 hsmget",
		"28778": "tcsh 28777 op:ncatted;op_instance:17;op_sequence:559 1998 156 pp053 615503 ncatted",
	}
	for pid, w := range want {
		got := sourcetest.Cells(t, p, "pid", pid, "exename", "ppid", "tags", "cpu_time", "duration_us", "host", "job", "tag.op")
		if len(got) != 1 || got[0] != w {
			t.Errorf("pid %s: %q, want %q", pid, got, w)
		}
	}
	if len(d.Warnings) != 1 || !strings.Contains(d.Warnings[0].String(), "no job_metadata") {
		t.Fatal(d.Warnings)
	}
}

func TestEPMT804280(t *testing.T) {
	d := openEPMT(t, sourcetest.Bundled("epmt/804280"))
	if len(d.Warnings) != 0 {
		t.Fatal(d.Warnings)
	}
	j := sourcetest.Frame(t, d, schema.Jobs)
	got := strings.Join(sourcetest.Cells(t, j, "job", "804280", "start", "end", "duration_us", "exit_code", "reason", "user", "timezone", "num_procs", "num_threads", "cpu_time", "root_exitcode"), "")
	if got != "2019-06-22T20:58:14.020006Z 2019-06-22T21:50:44.724533Z 3150704527 0 none Jeffrey.Durachta US/Eastern 435 468 13084584 0" {
		t.Fatal(got)
	}
	if got := strings.Join(sourcetest.Cells(t, j, "job", "804280", "name", "tag.exp_name", "tag.exp_component", "tag.exp_time", "tag.atm_res", "tag.ocn_res"), ""); got != "ESM4_historical_D151_ocean_cobalt_tracers_int_19090101 ESM4_historical_D151 ocean_cobalt_tracers_int 19090101 c96l49 0.5l75" {
		t.Fatal(got)
	}
	p := sourcetest.Frame(t, d, schema.Procs)
	if p.NumRows() != 435 {
		t.Fatal(p.NumRows())
	}
	if got := sourcetest.Render(sourcetest.GroupCounts(t, p.Where("numtids", ">", 1), "exename", "numtids")); got != "host 4:8 uberftp 4:3" {
		t.Fatal(got)
	}
	if got := sourcetest.Render(sourcetest.GroupCounts(t, p, "tags")); got != ":77 op:hsmget;op_instance:1;op_sequence:1:108 op:hsmget;op_instance:1;op_sequence:3:95 op:hsmget;op_instance:3;op_sequence:2:90 op:hsmget;op_instance:3;op_sequence:4:65" {
		t.Fatal(got)
	}
	if n := p.GroupBy("pid").NumGroups(); n != 435 {
		t.Fatalf("%d distinct pids", n)
	}
	first := p.Sort("start").Head(1)
	if got := strings.Join(sourcetest.Cells(t, first, "exename", "tcsh", "pid", "ppid", "start"), ""); got != "19657 19656 2019-06-22T20:58:14.054596Z" {
		t.Fatal(got)
	}
	if got := p.Sort("-end").Head(1).Select("end").FormatValue(0, 0); got != "2019-06-22T21:09:57.070182Z" {
		t.Fatal(got) // 1561237797070182
	}
	vc := p.ValueCounts("exename").Head(5)
	var top []string
	for i := 0; i < 5; i++ {
		top = append(top, vc.FormatValue(0, i)+" "+vc.FormatValue(1, i))
	}
	if strings.Join(top, ",") != "tcsh 124,cut 36,which 30,perl 27,uuidgen 16" || p.ValueCounts("exename").NumRows() != 37 {
		t.Fatal(top)
	}
	// "\," in args is a literal comma that does not split the field.
	if got := p.Where("args", "contains", `printf "%vd", $PERL_VERSION`).NumRows(); got == 0 {
		t.Fatal("the escaped comma was not read as a comma")
	}
}

// A staged job archive: tar -C DIR -cz -f JOB.tgz . (members "./name").
func TestEPMTArchive(t *testing.T) {
	dir := t.TempDir()
	tgz := filepath.Join(dir, "804280.tgz")
	writeTgz(t, tgz, sourcetest.Bundled("epmt/804280"), "./")
	d := openEPMT(t, tgz)
	if p := sourcetest.Frame(t, d, schema.Procs); p.NumRows() != 435 {
		t.Fatal(p.NumRows())
	}
	if got := sourcetest.Cells(t, sourcetest.Frame(t, d, schema.Jobs), "job", "804280", "duration_us"); got[0] != "3150704527" {
		t.Fatal(got)
	}
	evil := filepath.Join(dir, "evil.tgz")
	writeTgz(t, evil, sourcetest.Bundled("epmt/615503"), "../")
	_, err := Open(evil)
	sourcetest.MustContain(t, err, `archive member "../pp053-papiex-615503-0.csv" would be written outside its folder`)
	// A folder of jobs: every job is a row of jobs, procs concatenated.
	many := filepath.Join(dir, "jobs")
	os.Mkdir(many, 0o755)
	os.Rename(tgz, filepath.Join(many, "804280.tgz"))
	for _, sub := range []string{"615503", "12340"} {
		copyDir(t, sourcetest.Bundled("epmt/"+sub), filepath.Join(many, sub))
	}
	all, err := Open(many)
	if err != nil {
		t.Fatal(err)
	}
	if got := sourcetest.Render(sourcetest.GroupCounts(t, sourcetest.Frame(t, all, schema.Jobs), "job")); got != "12340:1 615503:1 804280:1" {
		t.Fatal(got)
	}
	if n := sourcetest.Frame(t, all, schema.Procs).NumRows(); n != 435+4+18 {
		t.Fatal(n)
	}
}

// Options.Frames without threads skips the threads frame; the procs are
// those of a full load.
func TestEPMTWithoutThreads(t *testing.T) {
	full := openEPMT(t, sourcetest.Bundled("epmt/804280"))
	part, err := OpenWith(source.Options{Frames: []string{schema.Procs}}, sourcetest.Bundled("epmt/804280"))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := part.Frames[schema.Threads]; ok {
		t.Fatal("threads frame built although not asked for")
	}
	a, b := sourcetest.Frame(t, full, schema.Procs), sourcetest.Frame(t, part, schema.Procs)
	if a.NumRows() != 435 || sourcetest.CSV(t, a) != sourcetest.CSV(t, b) {
		t.Fatalf("procs differ from the full load (%d rows):\n%s\n%s", a.NumRows(), a, b)
	}
}

func writeTgz(t *testing.T, out, dir, prefix string) {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	tw := tar.NewWriter(zw)
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		tw.WriteHeader(&tar.Header{Name: prefix + e.Name(), Mode: 0o644, Size: int64(len(b)), Typeflag: tar.TypeReg})
		tw.Write(b)
	}
	tw.Close()
	zw.Close()
	if err := os.WriteFile(out, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func copyDir(t *testing.T, from, to string) {
	t.Helper()
	os.MkdirAll(to, 0o755)
	ents, _ := os.ReadDir(from)
	for _, e := range ents {
		b, _ := os.ReadFile(filepath.Join(from, e.Name()))
		os.WriteFile(filepath.Join(to, e.Name()), b, 0o644)
	}
}
