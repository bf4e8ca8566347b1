package epmt

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/bytesconv"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

func TestEPMTBadInput(t *testing.T) {
	hdr := "tags,hostname,exename,path,args,exitcode,pid,generation,ppid,pgid,sid,numtids,tid,start,end,usertime,systemtime\n"
	_, err := Load([]File{{Name: "h1-collated-papiex-7-0.csv", R: strings.NewReader(hdr + ",h1,ls,/bin/ls,,0,10,0,1,1,1,1,10,5,9,x,1\n")}}, source.Options{})
	sourcetest.MustContain(t, err, "h1-collated-papiex-7-0.csv:2: field usertime", `got "x"`, "an integer")
	_, err = Load([]File{{Name: "h1-collated-papiex-7-0.csv", R: strings.NewReader(hdr + ",h1,ls,/bin/ls,,0,10,0,1,1,1,2,10,5,9,1,1\n")}}, source.Options{})
	sourcetest.MustContain(t, err, "field numtids", `got "2"`, "the number of rows of the process (1)")
	_, err = Load([]File{{Name: "h1-collated-papiex-7-0.csv", R: strings.NewReader(hdr + ",,,,,,,,,,,,11,5,9,1,1\n")}}, source.Options{})
	sourcetest.MustContain(t, err, "field pid", "a process row before its thread rows")
	_, err = Load([]File{{Name: "h1-collated-papiex-7-0.csv", R: strings.NewReader(hdr + ",h1,ls,/bin/ls,\"open,0,10\n")}}, source.Options{})
	sourcetest.MustContain(t, err, "h1-collated-papiex-7-0.csv:2:", "unterminated quoted field")
	// A last line cut short (the file still being written) is a warning,
	// in both modes; the processes before it load.
	for _, lenient := range []bool{false, true} {
		d, err := Load([]File{{Name: "h1-collated-papiex-7-0.csv", R: strings.NewReader(hdr + ",h1,ls,/bin/ls,,0,10,0,1,1,1,1,10,5,9,1,1\n,h1,ls,/bin/ls,,0,11,0,1,1,1,1,10,5")}}, source.Options{Lenient: lenient})
		if err != nil {
			t.Fatal(err)
		}
		if n := sourcetest.Frame(t, d, schema.Procs).NumRows(); n != 1 {
			t.Errorf("lenient %v: %d processes, want 1", lenient, n)
		}
		if w := fmt.Sprint(d.Warnings); !strings.Contains(w, "h1-collated-papiex-7-0.csv:3: truncated last line") {
			t.Errorf("lenient %v: warnings %s", lenient, w)
		}
	}
	// A quoted field holding a comma and a line end, an escaped comma, CRLF
	// line ends and a blank line: records keep the line they start on.
	d, err := Load([]File{{Name: "h1-collated-papiex-7-0.csv", R: strings.NewReader(strings.ReplaceAll(hdr, "\n", "\r\n") +
		",h1,sh,/bin/sh,\"-c \"\"a,\nb\"\"\",0,10,0,1,1,1,1,10,5,9,1,1\r\n\r\n,h1,ls,/bin/ls,x\\,y,0,11,0,1,1,1,1,11,5,9,2,2\r\n")}}, source.Options{})
	if err != nil {
		t.Fatal(err)
	}
	procs := sourcetest.Frame(t, d, schema.Procs)
	args, _, _ := procs.Strings("args")
	lines, _, _ := procs.Int64s("line")
	if !slices.Equal(args, []string{"-c \"a,\nb\"", "x,y"}) || !slices.Equal(lines, []int64{2, 5}) {
		t.Errorf("args %q at lines %v", args, lines)
	}
	// A process outside the job's window (EPMT: "Corrupted CSV detected").
	meta, _ := os.ReadFile(sourcetest.Bundled("epmt/804280/job_metadata"))
	_, err = Load([]File{{Name: "d/job_metadata", R: bytes.NewReader(meta)},
		{Name: "d/h1-collated-papiex-804280-0.csv", R: strings.NewReader(hdr + ",h1,ls,/bin/ls,,0,10,0,1,1,1,1,10,5,9,1,1\n")}}, source.Options{})
	sourcetest.MustContain(t, err, "h1-collated-papiex-804280-0.csv:2: field start", "inside the job's window", "Corrupted CSV detected")
	d, err = Load([]File{{Name: "d/job_metadata", R: bytes.NewReader(meta)},
		{Name: "d/h1-collated-papiex-804280-0.csv", R: strings.NewReader(hdr + ",h1,ls,/bin/ls,,0,10,0,1,1,1,1,10,5,9,1,1\n")}}, source.Options{Lenient: true})
	if err != nil || sourcetest.Frame(t, d, schema.Procs).NumRows() != 0 || len(d.Warnings) != 2 {
		t.Fatal(err, d.Warnings)
	}
}

func TestEPMTTimeZone(t *testing.T) {
	meta, _ := os.ReadFile(sourcetest.Bundled("epmt/804280/job_metadata"))
	d, err := Load([]File{{Name: "d/job_metadata", R: bytes.NewReader(meta)}}, source.Options{TimeZone: "Europe/Prague"})
	if err != nil {
		t.Fatal(err)
	}
	// 16:58:14.020006 CEST = 14:58:14.020006 UTC
	if got := sourcetest.Cells(t, sourcetest.Frame(t, d, schema.Jobs), "job", "804280", "start", "timezone"); got[0] != "2019-06-22T14:58:14.020006Z Europe/Prague" {
		t.Fatal(got)
	}
	_, err = Load([]File{{Name: "d/job_metadata", R: bytes.NewReader(meta)}}, source.Options{TimeZone: "Mars/Olympus"})
	sourcetest.MustContain(t, err, `time zone "Mars/Olympus"`)
}

// TestDecodeCSVLine: the one-pass split of a papiex line gives the fields
// of strings.Split on ',' and, for each, atoiFast's integer (random lines
// of digits, signs, letters, long numbers and empty fields).
func TestDecodeCSVLine(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"0", "7", "-", "12", "-3", "x", "", "1234567890123456789", "123456789012345678", "-123456789012345678", "1.5", " ", "+4", "--1", "9-"}
	var l csvLine
	for n := 0; n < 20000; n++ {
		var fields []string
		for range 1 + r.IntN(8) {
			f := ""
			for range r.IntN(3) {
				f += pieces[r.IntN(len(pieces))]
			}
			fields = append(fields, f)
		}
		line := strings.Join(fields, ",")
		if line == "" {
			continue // a blank line: no record (csvRecords)
		}
		decodeCSVLine([]byte(line), &l)
		if l.slow || len(l.spans) != len(fields) {
			t.Fatalf("%q: %d fields (slow %v), want %d", line, len(l.spans), l.slow, len(fields))
		}
		for i, f := range fields {
			v, ok := bytesconv.Atoi(f)
			if got := l.spans[i].Of(line); got != f || l.ints[i] != v || l.isInt[i] != ok {
				t.Fatalf("%q field %d: %q %d %v, want %q %d %v", line, i, got, l.ints[i], l.isInt[i], f, v, ok)
			}
		}
	}
}

// A TSV process whose second thread holds a bad value is skipped whole in
// lenient mode: the thread row already read for it is dropped, and the
// next process's threads keep their own values.
func TestEPMTTSVBadThreadLenient(t *testing.T) {
	header, err := os.ReadFile(sourcetest.Bundled("epmt/12340/perftools.org-papiex-header.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(sourcetest.Bundled("epmt/12340/perftools.org-papiex.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	f := strings.Split(lines[1], "\t")
	df := strings.Trim(f[0], "{}")
	f[0] = "{" + df + "," + strings.Replace(df, ",", ",x", 1) + "}" // two threads, the second bad
	f[12] = "2"                                                     // numtids
	tsv := lines[0] + "\n" + strings.Join(f, "\t") + "\n" + lines[2] + "\n"
	d, err := Load([]File{{Name: "j/perftools.org-papiex-header.tsv", R: strings.NewReader(string(header))},
		{Name: "j/perftools.org-papiex.tsv", R: strings.NewReader(tsv)}}, source.Options{Lenient: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Warnings) == 0 || !strings.Contains(fmt.Sprint(d.Warnings), "j/perftools.org-papiex.tsv:2: field threads_df") {
		t.Errorf("warnings %v", d.Warnings)
	}
	// the reader keeps no rows of the skipped process
	metrics, err := readPapiexHeader(strings.NewReader(string(header)), "h")
	if err != nil {
		t.Fatal(err)
	}
	procs, rows, err := readPapiexTSV(strings.NewReader(tsv), metrics, &source.Problems{File: "t", Lenient: true}, newPapiexText([nStrFields]bool{}))
	if err != nil || len(procs) != 2 || rows.n() != 2 || procs[1].row0 != 1 {
		t.Errorf("readPapiexTSV: %d processes, %d rows, err %v", len(procs), rows.n(), err)
	}
	full := loadDir(t, sourcetest.Bundled("epmt/12340"))
	want := sourcetest.Frame(t, full, schema.Threads).Where("pid", "in", []int64{27552, 27554}).Drop("job", "file")
	got := sourcetest.Frame(t, d, schema.Threads).Drop("job", "file")
	if g, w := sourcetest.CSV(t, got), sourcetest.CSV(t, want); g != w {
		t.Errorf("threads\n got %s\nwant %s", g, w)
	}
}

// loadDir loads the EPMT job whose files are in folder dir, as
// loaders.Open loads a job folder.
func loadDir(t *testing.T, dir string) *source.Dataset {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var files []File
	for _, e := range ents {
		if !e.Type().IsRegular() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		f, err := os.Open(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		files = append(files, File{Name: f.Name(), R: f})
	}
	d, err := Load(files, source.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return d
}
