package loaders

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// formatPackages returns, for each format of Formats, the package
// under loaders/ that defines it, read from formats.go's list itself
// (each entry a call pkg.Func()), so that no second list names them.
func formatPackages(t *testing.T) map[string]string {
	t.Helper()
	file, err := parser.ParseFile(token.NewFileSet(), "formats.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var calls []string
	ast.Inspect(file, func(n ast.Node) bool {
		if fn, ok := n.(*ast.FuncDecl); ok && fn.Name.Name != "Formats" {
			return false
		}
		if lit, ok := n.(*ast.CompositeLit); ok {
			for _, e := range lit.Elts {
				if sel, ok := e.(*ast.CallExpr).Fun.(*ast.SelectorExpr); ok {
					calls = append(calls, sel.X.(*ast.Ident).Name)
				}
			}
			return false
		}
		return true
	})
	all := Formats()
	if len(calls) != len(all) {
		t.Fatalf("formats.go lists %d formats, Formats returns %d", len(calls), len(all))
	}
	out := map[string]string{}
	for i, f := range all {
		out[f.Name] = calls[i]
	}
	return out
}

// TestFormatsAreOneList: Formats is the one list of formats, and every
// other list a user or an engineer reads is checked against it: each
// format is described (name, system, description, sources, frames),
// names are unique and of one style, loaders/doc.go names every format
// package, the README's formats table has a row for every system, and
// cmd/jobframe's package documentation names them.
func TestFormatsAreOneList(t *testing.T) {
	style := regexp.MustCompile(`^[a-z]+(-[a-z]+)*$`)
	canonical := map[string]bool{}
	for _, f := range schema.Frames() {
		canonical[f.Name] = true
	}
	seen := map[string]bool{}
	doc := readRepo(t, "loaders/doc.go")
	pkgOf := formatPackages(t)
	for _, f := range Formats() {
		switch {
		case !style.MatchString(f.Name):
			t.Errorf("format name %q: want lower-case words joined by -", f.Name)
		case seen[f.Name]:
			t.Errorf("format name %q twice: LoadGroup and the lake's manifest would take one for the other", f.Name)
		}
		seen[f.Name] = true
		if f.System == "" || f.Description == "" || len(f.Sources) == 0 || len(f.Frames) == 0 {
			t.Errorf("%s: System %q, Description %q, Sources %v, Frames %v: want each", f.Name, f.System, f.Description, f.Sources, f.Frames)
		}
		for _, fr := range f.Frames {
			if !canonical[fr] {
				t.Errorf("%s: frame %q is not a canonical frame", f.Name, fr)
			}
		}
		if pkg := pkgOf[f.Name]; !strings.Contains(doc, "loaders/"+pkg) {
			t.Errorf("loaders/doc.go does not name loaders/%s (format %s)", pkg, f.Name)
		}
	}
	readme := readRepo(t, "README.md")
	formats, _, _ := strings.Cut(readme[strings.Index(readme, "\n## Formats"):], "\n## Exports")
	mainDoc, _, _ := strings.Cut(readRepo(t, "cmd/jobframe/main.go"), "package main")
	for _, s := range Systems() {
		if !strings.Contains(formats, "\n| "+s+" |") {
			t.Errorf("the README's formats table has no row for %s", s)
		}
		if !strings.Contains(strings.Join(strings.Fields(strings.ReplaceAll(mainDoc, "//", "")), " "), s) {
			t.Errorf("cmd/jobframe's package documentation does not name %s", s)
		}
	}
}

// readRepo reads a file of the repository by its path from the root.
func readRepo(t *testing.T, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestGoldenCasesArePlannedAsTheirFormat: every golden case of every
// format package, given to Plan as a user gives files, is recognised as
// a format of that package, in one group; and loaded by OpenWith, its
// Dataset.Source is one the format declares. The cases that hold no
// input the format accepts (a dump without its header) are an error
// that names the file, in both.
func TestGoldenCasesArePlannedAsTheirFormat(t *testing.T) {
	byName := map[string]source.Format{}
	pkgOf := formatPackages(t)
	pkgs := map[string]bool{}
	for _, f := range Formats() {
		byName[f.Name] = f
		pkgs[pkgOf[f.Name]] = true
	}
	cases := 0
	for pkg := range pkgs {
		var dirs []string // the folders holding an expected.txt, at any depth
		filepath.WalkDir(filepath.Join(pkg, "testdata", "golden"), func(p string, e fs.DirEntry, err error) error {
			if err == nil && e.Name() == "expected.txt" {
				dirs = append(dirs, filepath.Dir(p))
			}
			return nil
		})
		for _, dir := range dirs {
			cases++
			t.Run(filepath.ToSlash(dir), func(t *testing.T) {
				paths, o := sourcetest.CaseInputs(t, dir)
				groups, _, err := Plan(paths...)
				want, _ := os.ReadFile(filepath.Join(dir, "expected.txt"))
				if err != nil {
					if !strings.HasPrefix(string(want), "error: ") {
						t.Fatalf("Plan: %v, and the case loads", err)
					}
					return
				}
				if len(groups) != 1 {
					t.Fatalf("%d groups, want 1: %+v", len(groups), groups)
				}
				f, ok := byName[groups[0].Format]
				if !ok || pkgOf[f.Name] != pkg {
					t.Fatalf("planned as %q, a format of another package than %s", groups[0].Format, pkg)
				}
				d, err := OpenWith(Options{Lenient: o.Lenient}, paths...)
				if err != nil {
					if !strings.HasPrefix(string(want), "error: ") {
						t.Fatalf("OpenWith: %v", err)
					}
					return
				}
				if !slices.Contains(f.Sources, d.Source) {
					t.Errorf("Source %q, not one of %s's %v", d.Source, f.Name, f.Sources)
				}
			})
		}
	}
	if cases < 20 {
		t.Errorf("%d golden cases, want the 20 or more of the format packages", cases)
	}
}
