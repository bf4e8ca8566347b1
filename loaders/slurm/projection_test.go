package slurm

import (
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestNamedFields: the fields the package's code looks up by name
// (layout.field, rows.field and findRowFields' present) are exactly
// named, the fields a projection never skips: a lookup of a skipped
// field would find no slot.
func TestNamedFields(t *testing.T) {
	looked := map[string]bool{}
	fset := token.NewFileSet()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			// the lookups themselves pass their names on
			forwards := fd.Name.Name == "field" || fd.Name.Name == "findRowFields"
			namedLookups(t, fset, fd, forwards, looked)
		}
	}
	if got, want := slices.Sorted(maps.Keys(looked)), slices.Sorted(maps.Keys(named)); !slices.Equal(got, want) {
		t.Errorf("fields looked up by name %v, named %v", got, want)
	}
}

// namedLookups adds to looked the names fd looks fields up by; a lookup
// by a name that is not a literal fails the test, unless fd forwards
// its own.
func namedLookups(t *testing.T, fset *token.FileSet, fd *ast.FuncDecl, forwards bool, looked map[string]bool) {
	t.Helper()
	ast.Inspect(fd, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		fn := ""
		switch f := call.Fun.(type) {
		case *ast.SelectorExpr:
			fn = f.Sel.Name
		case *ast.Ident:
			fn = f.Name
		}
		if fn != "field" && fn != "present" {
			return true
		}
		for _, a := range call.Args {
			lit, ok := a.(*ast.BasicLit)
			switch {
			case ok && lit.Kind == token.STRING:
				s, _ := strconv.Unquote(lit.Value)
				looked[s] = true
			case !forwards:
				t.Errorf("%s: %s looks a field up by a name that is not a literal: list it in named and look it up by its literal", fset.Position(call.Pos()), fd.Name.Name)
			}
		}
		return true
	})
}

// TestProjectedFields: a load that keeps some columns of the jobs and
// tasks (Options.Columns, Options.Omit) gives those columns as the
// whole load does, and every other frame whole, on every bundled sacct
// file (sacct with every field among them), though it keeps only the
// fields it reads; and a value that does not read in a field it leaves
// out is the same bad record as in the whole load.
func TestProjectedFields(t *testing.T) {
	paths, err := filepath.Glob(sourcetest.Bundled("slurm/*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	logs, _ := filepath.Glob(sourcetest.Bundled("slurm/*.log"))
	paths = append(paths, logs...)
	if len(paths) < 5 {
		t.Fatalf("%d bundled sacct files", len(paths))
	}
	projections := []source.Options{
		{Columns: map[string][]string{schema.Tasks: {"job", "start?", "end?", "ave_cpu?", "tres_usage_in_ave?"}, schema.Jobs: {"job", "state", "derived_exit_code?", "derived_exit_code_signal?"}}},
		{Columns: map[string][]string{schema.Tasks: {"job", "max_rss_node?"}}},
		{Omit: map[string][]string{schema.Jobs: {"ave_cpu", "qos"}, schema.Tasks: {"qos", "account"}}},
		{Columns: map[string][]string{schema.Jobs: {"job"}, schema.Tasks: {"job"}}, Frames: []string{schema.Tasks}},
	}
	for _, path := range paths {
		for k, o := range projections {
			want, err := o.Project(loadWith(t, path, source.Options{}), nil)
			if err != nil {
				t.Fatal(err)
			}
			got, err := o.Project(loadWith(t, path, o), nil)
			if err != nil {
				t.Fatal(err)
			}
			for name, f := range want.Frames {
				if w := source.WantFrames(o); w != nil && !w[name] {
					continue
				}
				g, ok := got.Frames[name]
				if !ok {
					t.Errorf("%s, projection %d: no %s frame", filepath.Base(path), k, name)
					continue
				}
				if g, w := sourcetest.CSV(t, g), sourcetest.CSV(t, f); g != w {
					t.Errorf("%s, projection %d: the %s frame differs\ngot  %.300s\nwant %.300s", filepath.Base(path), k, name, g, w)
				}
			}
		}
	}
}

// loadWith is Load of the file at path with o.
func loadWith(t *testing.T, path string, o source.Options) *source.Dataset {
	t.Helper()
	return sourcetest.LoadFile(t, path, Load, o)
}

// TestProjectedFieldsChecked: a projection keeps few of the fields of
// sacct with every field, and a value that does not read in a field it
// leaves out is still a bad record, named as the whole load names it
// (strict), or skipped and counted (lenient).
func TestProjectedFieldsChecked(t *testing.T) {
	path := sourcetest.Bundled("slurm/tdhock_sacct-allcols.txt")
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	o := source.Options{Columns: map[string][]string{schema.Tasks: {"job", "start"}, schema.Jobs: {"job"}}}
	head := text[:strings.IndexByte(string(text), '\n')]
	lay, err := readHeader(head, path, nil, keeps(o))
	if err != nil {
		t.Fatal(err)
	}
	if n := len(slices.DeleteFunc(slices.Clone(lay.skip), func(s bool) bool { return !s })); n < 70 {
		t.Errorf("%d of %d fields skipped, want most", n, len(lay.skip))
	}
	// UserCPU, a duration no projection above keeps, of the first job
	lines := strings.Split(string(text), "\n")
	fields := strings.Split(lines[1], "\t")
	at := slices.Index(strings.Split(lines[0], "\t"), "UserCPU")
	if at < 0 || fields[at] == "" {
		t.Fatalf("no UserCPU value in %s", path)
	}
	fields[at] = "12:ab:00"
	lines[1] = strings.Join(fields, "\t")
	bad := filepath.Join(t.TempDir(), "sacct.txt")
	if err := os.WriteFile(bad, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	var errs [2]string
	for k, o := range []source.Options{{}, o} {
		f, err := os.Open(bad)
		if err != nil {
			t.Fatal(err)
		}
		o.Name = bad
		_, err = Load(f, o)
		f.Close()
		if err == nil {
			t.Fatalf("projection %d: the bad UserCPU loaded", k)
		}
		errs[k] = err.Error()
		o.Lenient = true
		d := loadWith(t, bad, o)
		if len(d.Warnings) == 0 {
			t.Errorf("projection %d, lenient: no warning of the bad record", k)
		}
	}
	if errs[0] != errs[1] || !strings.Contains(errs[0], "UserCPU") || !strings.Contains(errs[0], ":2") {
		t.Errorf("the bad record, whole: %s; projected: %s", errs[0], errs[1])
	}
}
