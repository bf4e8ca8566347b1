package main

import (
	"bytes"
	"fmt"
	"github.com/jobframe/jobframe/loaders/sourcetest"
	"os"
	"path/filepath"
	"testing"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
	"github.com/rogpeppe/go-internal/testscript"

	"github.com/jobframe/jobframe/frame"
)

// The CLI's golden tests are the scripts in testdata/script (testscript
// format: commands, then the expected stdout/stderr and files). Run
// "go test ./cmd/jobframe -update" to rewrite the expectations after an
// intended change of output.

func TestMain(m *testing.M) {
	// The pseudo-terminal tests run this binary as jobframe itself.
	if os.Getenv("JOBFRAME_TEST_AS_MAIN") == "1" {
		os.Exit(programMain())
	}
	os.Exit(testscript.RunMain(m, map[string]func() int{
		"jobframe": programMain,
	}))
}

func TestScripts(t *testing.T) {
	data, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	// ../shared/data, beside the checkout on CI and developer machines;
	// scripts needing it start with "[!shared] skip".
	shared := filepath.Join(filepath.Dir(filepath.Dir(data)), "shared", "data")
	_, err = os.Stat(shared)
	haveShared := err == nil
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/script",
		UpdateScripts: sourcetest.Updating(),
		Setup: func(env *testscript.Env) error {
			env.Setenv("DATA", data)
			env.Setenv("SCRIPTS", filepath.Join(filepath.Dir(data), "scripts"))
			env.Setenv("SHARED", shared)
			return nil
		},
		Condition: func(cond string) (bool, error) {
			if cond == "shared" {
				return haveShared, nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			// gzip SRC DST and zstd SRC DST compress a file.
			"gzip": compressCmd(func(b []byte) []byte {
				var out bytes.Buffer
				w := gzip.NewWriter(&out)
				w.Write(b)
				w.Close()
				return out.Bytes()
			}),
			"zstd": compressCmd(func(b []byte) []byte {
				enc, _ := zstd.NewWriter(nil)
				return enc.EncodeAll(b, nil)
			}),
			// frameinfo FILE prints what jobframe's own readers find in
			// an exported file: rows, columns and types.
			"frameinfo": func(ts *testscript.TestScript, neg bool, args []string) {
				if len(args) != 1 {
					ts.Fatalf("usage: frameinfo FILE")
				}
				path := ts.MkAbs(args[0])
				var f *frame.Frame
				var err error
				switch filepath.Ext(path) {
				case ".parquet":
					f, err = frame.ReadParquetFile(path, frame.ReadOptions{})
				case ".arrow":
					f, err = frame.ReadIPCFile(path, frame.ReadOptions{})
				default:
					f, err = frame.ReadCSVFile(path, frame.CSVOptions{})
				}
				ts.Check(err)
				fmt.Fprintf(ts.Stdout(), "%d rows\n", f.NumRows())
				for i, n := range f.Names() {
					fmt.Fprintf(ts.Stdout(), "%s %s\n", n, f.Types()[i])
				}
			},
		},
	})
}

func compressCmd(compress func([]byte) []byte) func(ts *testscript.TestScript, neg bool, args []string) {
	return func(ts *testscript.TestScript, neg bool, args []string) {
		if len(args) != 2 {
			ts.Fatalf("usage: gzip|zstd SRC DST")
		}
		b, err := os.ReadFile(ts.MkAbs(args[0]))
		ts.Check(err)
		ts.Check(os.WriteFile(ts.MkAbs(args[1]), compress(b), 0o644))
	}
}
