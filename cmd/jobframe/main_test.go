package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
	"github.com/rogpeppe/go-internal/testscript"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders/sourcetest"
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
			env.Setenv("README", filepath.Join(filepath.Dir(data), "README.md"))
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
			// readme-block N OUT writes the N-th fenced block of the
			// README (from 1, any language) to OUT; readme-session N IN
			// OUT splits a REPL transcript block into its input (the
			// lines after "jf> ") and what the session prints.
			"readme-block":   readmeCmd(false),
			"readme-session": readmeCmd(true),
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

// readmeCmd is the readme-block (session false) or readme-session
// command of the scripts.
func readmeCmd(session bool) func(ts *testscript.TestScript, neg bool, args []string) {
	return func(ts *testscript.TestScript, neg bool, args []string) {
		if (!session && len(args) != 2) || (session && len(args) != 3) {
			ts.Fatalf("usage: readme-block N OUT | readme-session N IN OUT")
		}
		b, err := os.ReadFile(ts.Getenv("README"))
		ts.Check(err)
		n, err := strconv.Atoi(args[0])
		ts.Check(err)
		var blocks [][]string
		var cur []string
		in := false
		for _, line := range strings.Split(string(b), "\n") {
			switch {
			case strings.HasPrefix(line, "```") && !in:
				in, cur = true, nil
			case strings.HasPrefix(line, "```"):
				in = false
				blocks = append(blocks, cur)
			case in:
				cur = append(cur, line)
			}
		}
		if n < 1 || n > len(blocks) {
			ts.Fatalf("the README has %d fenced blocks", len(blocks))
		}
		block := blocks[n-1]
		if !session {
			ts.Check(os.WriteFile(ts.MkAbs(args[1]), []byte(strings.Join(block, "\n")+"\n"), 0o644))
			return
		}
		var input, output []string
		for _, line := range block {
			if cmd, ok := strings.CutPrefix(line, "jf> "); ok {
				input = append(input, cmd)
			} else {
				output = append(output, line)
			}
		}
		ts.Check(os.WriteFile(ts.MkAbs(args[1]), []byte(strings.Join(input, "\n")+"\n"), 0o644))
		ts.Check(os.WriteFile(ts.MkAbs(args[2]), []byte(strings.Join(output, "\n")+"\n"), 0o644))
	}
}
