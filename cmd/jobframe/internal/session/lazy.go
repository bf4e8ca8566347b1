package session

import (
	"context"
	"fmt"
	"go/scanner"
	"go/token"
	"reflect"
	"slices"
	"strings"

	"github.com/traefik/yaegi/interp"

	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders"
)

// LazySource is a SOURCE whose frames load on first use (a lake: its
// manifest names its frames without reading them).
type LazySource struct {
	// Name is the SOURCE as given on the command line.
	Name string
	// Frames are the names of the frames it holds.
	Frames []string
	// Load loads the frames named (nil: all, the dataset whole) under
	// ctx, which an interrupt cancels.
	Load func(ctx context.Context, frames []string) (*loaders.Dataset, error)
}

// lazyVar is a variable of a LazySource not bound yet: its dataset (d,
// d2, ...) when frame is "", else one of its frames.
type lazyVar struct {
	src   *LazySource
	frame string
}

var (
	datasetType = reflect.TypeOf((*loaders.Dataset)(nil))
	frameType   = reflect.TypeOf((*frame.Frame)(nil))
)

// AddLazy declares the variables of SOURCE number k (from 0) as
// AddDataset binds them, d (d2, ...) and, for the first, its frames by
// name, without loading anything: an input that names one of them loads
// what it names first (a frame alone, or the dataset whole for d).
func (s *Session) AddLazy(k int, src *LazySource) {
	name := datasetName(k)
	s.declareLazy(name, &lazyVar{src: src}, datasetType)
	if k == 0 {
		for _, f := range src.Frames {
			s.declareLazy(f, &lazyVar{src: src, frame: f}, frameType)
		}
	}
	fmt.Fprintf(s.stdout, "%s = %s: a lake of %s, each loaded on first use\n", name, src.Name, strings.Join(src.Frames, ", "))
	if k == 0 && len(src.Frames) > 0 {
		fmt.Fprintf(s.stdout, "    frames as variables: %s\n", strings.Join(src.Frames, " "))
	}
}

// datasetName is the variable of SOURCE number k: d, d2, d3, ...
func datasetName(k int) string {
	if k == 0 {
		return "d"
	}
	return fmt.Sprintf("d%d", k+1)
}

func (s *Session) declareLazy(name string, v *lazyVar, t reflect.Type) {
	if s.lazy == nil {
		s.lazy = map[string]*lazyVar{}
	}
	s.lazy[name] = v
	s.lazyTypes[name] = t
	s.chk.Declare(name, t)
	s.vars = append(s.vars, name)
}

// loadLazy loads and binds the lazy variables src names (any identifier
// of that name: at worst a frame loads early), under ctx.
func (s *Session) loadLazy(ctx context.Context, src string) error {
	if len(s.lazy) == 0 {
		return nil
	}
	wanted := map[*LazySource][]string{} // nil: the dataset whole
	whole := map[*LazySource]bool{}
	var sources []*LazySource
	for _, id := range identifiers(src) {
		v, ok := s.lazy[id]
		if !ok {
			continue
		}
		if _, met := wanted[v.src]; !met && !whole[v.src] {
			sources = append(sources, v.src)
		}
		if v.frame == "" {
			whole[v.src] = true
		} else if !slices.Contains(wanted[v.src], v.frame) {
			wanted[v.src] = append(wanted[v.src], v.frame)
		}
	}
	values := map[string]reflect.Value{}
	for _, ls := range sources {
		frames := wanted[ls]
		if whole[ls] {
			frames = nil
		}
		d, err := ls.Load(ctx, frames)
		if err != nil {
			return err
		}
		for name, v := range s.lazy {
			if v.src != ls {
				continue
			}
			switch {
			case v.frame == "" && whole[ls]:
				values[name] = reflect.ValueOf(d)
			case v.frame != "" && d.Frames[v.frame] != nil:
				values[name] = reflect.ValueOf(d.Frames[v.frame])
			}
		}
	}
	if len(values) == 0 {
		return nil
	}
	for name := range values {
		delete(s.lazy, name)
	}
	s.binds++
	return s.bindAs(fmt.Sprintf("jobframe.session%d/session", s.binds), fmt.Sprintf("jobframe_session%d", s.binds), values)
}

// identifiers are the identifiers of src, once each.
func identifiers(src string) []string {
	var sc scanner.Scanner
	fs := token.NewFileSet()
	sc.Init(fs.AddFile("", fs.Base(), len(src)), []byte(src), func(token.Position, string) {}, 0)
	var out []string
	for {
		_, tok, lit := sc.Scan()
		if tok == token.EOF {
			return out
		}
		if tok == token.IDENT && !slices.Contains(out, lit) {
			out = append(out, lit)
		}
	}
}

// bindAs makes Go values into interpreter variables of their own type,
// through an import of path under alias (a path of its own per call:
// the interpreter imports a package once).
func (s *Session) bindAs(path, alias string, values map[string]reflect.Value) error {
	names := make([]string, 0, len(values))
	for n := range values {
		names = append(names, n)
	}
	slices.Sort(names)
	exports := map[string]reflect.Value{}
	for _, n := range names {
		v := values[n]
		p := reflect.New(v.Type())
		p.Elem().Set(v)
		exports["V_"+n] = p.Elem()
		s.bindings[n] = v
		s.chk.Declare(n, v.Type())
	}
	if err := s.in.Use(interp.Exports{path: exports}); err != nil {
		return err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "import %s %q\n", alias, strings.TrimSuffix(path, "/session"))
	for _, n := range names {
		fmt.Fprintf(&b, "var %s = %s.V_%s\n", n, alias, n)
		if !slices.Contains(s.vars, n) {
			s.vars = append(s.vars, n)
		}
	}
	if _, err := s.in.Eval(b.String()); err != nil {
		return fmt.Errorf("binding %v: %w", names, err)
	}
	return nil
}
