// Package docs holds jobframe's design and format notes; its test checks
// that every citation of them in the repository resolves.
package docs

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// citation matches a mention of one of the notes (its file name under
// docs/, or the bare file name within docs/), with what follows it: an
// anchor, or a numbered section (the form of the notes outside the
// repository, which cannot resolve).
var citation = regexp.MustCompile(`(\.\./)?(shared/)?(docs/)?\b(semantics|formats|design|schema|lake|performance|report-json)\.md(#[a-z0-9_-]+| ?§[0-9.]*)?`)

// slugs returns the anchors of a Markdown file's headings, as GitHub makes
// them, each also without its parenthesised or quoted parts ("Runs
// (`loaders/runs.go`)" answers to #runs too).
func slugs(text string) map[string]bool {
	out := map[string]bool{}
	drop := regexp.MustCompile("\\([^)]*\\)|`[^`]*`")
	for _, line := range strings.Split(text, "\n") {
		h, ok := strings.CutPrefix(line, "#")
		if !ok {
			continue
		}
		h = strings.TrimLeft(h, "#")
		for _, v := range []string{h, drop.ReplaceAllString(h, "")} {
			var b strings.Builder
			for _, r := range strings.ToLower(strings.TrimSpace(v)) {
				switch {
				case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-', r == '_':
					b.WriteRune(r)
				case r == ' ':
					b.WriteRune('-')
				}
			}
			out[strings.Trim(b.String(), "-")] = true
		}
	}
	return out
}

// TestCitationsResolve: every mention of a note in the repository's
// code, tests, scripts and documents names a file of docs/ and, with an
// anchor, one of its headings; a numbered section (a "§" after the name)
// or the notes outside the repository (shared/docs) is refused, since a
// user's clone has neither.
func TestCitationsResolve(t *testing.T) {
	notes := map[string]map[string]bool{}
	cited := 0
	err := filepath.WalkDir("..", func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := e.Name()
		if e.IsDir() {
			if name == ".git" || name == "node_modules" || (name == "testdata" && path != filepath.Join("..", "testdata")) {
				return filepath.SkipDir
			}
			return nil
		}
		switch filepath.Ext(name) {
		case ".go", ".md", ".txtar", ".py", ".sql", ".mjs", ".sh", ".ipynb":
		default:
			if !strings.HasPrefix(path, filepath.Join("..", ".ci")) {
				return nil
			}
		}
		if filepath.Dir(path) == filepath.Join("..", "testdata") && name != "README.md" {
			return nil // the bundled inputs: data, not citations
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(b), "\n") {
			for _, m := range citation.FindAllStringSubmatch(line, -1) {
				cited++
				where := path + ":" + itoa(i+1)
				if m[2] != "" {
					t.Errorf("%s: %q cites the notes outside the repository; cite docs/%s.md", where, m[0], m[4])
					continue
				}
				file := m[4] + ".md"
				if notes[file] == nil {
					text, err := os.ReadFile(file)
					if err != nil {
						t.Errorf("%s: %q: docs/%s does not exist", where, m[0], file)
						continue
					}
					notes[file] = slugs(string(text))
				}
				switch tail := m[5]; {
				case strings.Contains(tail, "§"):
					t.Errorf("%s: %q cites a numbered section; cite docs/%s#heading", where, m[0], file)
				case strings.HasPrefix(tail, "#") && !notes[file][tail[1:]]:
					t.Errorf("%s: %q: docs/%s has no heading %s", where, m[0], file, tail)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if cited < 50 {
		t.Errorf("%d citations found, want the 50 or more the code holds: is the walk reading the repository?", cited)
	}
}

func itoa(n int) string {
	s := ""
	for ; n > 0; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return s
}
