package watch

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/jobframe/jobframe/cmd/jobframe/internal/report"
	"github.com/jobframe/jobframe/frame"
	"github.com/jobframe/jobframe/loaders"
	"github.com/jobframe/jobframe/loaders/lake/lakeread"
	"github.com/jobframe/jobframe/loaders/source"
)

// watchJS keeps the page up to date (assets/watch.js).
//
//go:embed assets/watch.js
var watchJS string

// Options configure a watch.
type Options struct {
	// Load are the options of the loads (lenient, time zone, limits;
	// BatchRows, 4096 when not set, how near its end a streaming log
	// can be gone on from). Without Columns and Omit, the loads keep
	// what the report and the live section read (report.Columns): not
	// the JSON of a journal's every line, nor a transactions log's
	// every record.
	Load source.Options
	// Report are the report's options (title, carbon intensity).
	Report report.Options
	// Interval is the time between two polls of the sources (default 1 s).
	Interval time.Duration
	// Logf, when set, receives what the server notices (loads that
	// failed), one line each.
	Logf func(format string, args ...any)
}

// watchBatchRows is the batch size of a watch's streaming loads: a
// checkpoint comes within two batches of a log's end, so a log that grows
// is gone on from near where it was read to.
const watchBatchRows = 4096

// Server is a watch of some sources: its current report and the pages
// following it.
type Server struct {
	paths []string
	o     Options

	mu     sync.Mutex
	doc    *report.Document // the report shown
	event  []byte           // doc as the pages take it (an SSE data line)
	seq    int              // updates sent
	subs   map[chan struct{}]bool
	st     status
	files  snapshot
	good   *loaders.Dataset  // the last load that succeeded
	groups map[string]*group // the groups of that load, by key
	// scanErr is the last poll's error listing the sources ("" for
	// none): said once, not at every poll
	scanErr string
}

// New returns a watch of the sources at paths (files, folders, lakes).
func New(paths []string, o Options) *Server {
	if o.Interval <= 0 {
		o.Interval = time.Second
	}
	if o.Load.BatchRows <= 0 {
		o.Load.BatchRows = watchBatchRows
	}
	if o.Load.Columns == nil && o.Load.Omit == nil {
		o.Load.Columns, o.Load.Omit = report.Columns(liveReads()...), report.Omit(liveReads()...)
	}
	return &Server{paths: paths, o: o, subs: map[chan struct{}]bool{}}
}

// Run loads the sources, serves the page on l until ctx is done, and
// polls the sources meanwhile. A first load that fails is the error.
func (s *Server) Run(ctx context.Context, l net.Listener) error {
	if err := s.start(); err != nil {
		return err
	}
	srv := &http.Server{Handler: s.Handler(l.Addr()), ReadHeaderTimeout: 10 * time.Second}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(l) }()
	tick := time.NewTicker(s.o.Interval)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			defer cancel()
			s.closeSubs()
			srv.Shutdown(shut) //nolint:errcheck // the server ends either way
			return nil
		case err := <-served:
			return err
		case <-tick.C:
			if err := s.poll(); err != nil {
				return err
			}
		}
	}
}

// start loads the sources a first time and builds their report.
func (s *Server) start() error {
	files, err := scan(s.paths)
	if err != nil {
		return err
	}
	d, err := s.load(files)
	if err != nil {
		return err
	}
	s.files = files
	s.mu.Lock()
	defer s.mu.Unlock()
	s.good, s.st.loaded = d, time.Now()
	return s.publishLocked()
}

// poll looks at the sources; on a change it loads them again and sends
// the new report.
func (s *Server) poll() error {
	files, err := scan(s.paths)
	var what []string
	switch {
	case err != nil && err.Error() == s.scanErr:
		return nil // said already
	case err != nil:
		s.scanErr, what = err.Error(), []string{err.Error()}
	default:
		if what = files.diff(s.files); len(what) == 0 && s.scanErr == "" {
			return nil
		}
		s.files, s.scanErr = files, ""
	}
	now := time.Now()
	var d *loaders.Dataset
	if err == nil {
		d, err = s.load(files)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.st.changed, s.st.what = now, what
	if err != nil {
		s.st.loadErr, s.st.loadErrAt = err, time.Now()
		s.logf("loading the sources again: %v (the page keeps the last report)", err)
	} else {
		s.good, s.st.loaded, s.st.loadErr = d, time.Now(), nil
	}
	return s.publishLocked()
}

// load loads the sources: group by group, keeping or resuming the
// loads of before (groups.go); a lake among them is read again whole.
func (s *Server) load(files snapshot) (*loaders.Dataset, error) {
	ctx := context.Background()
	for _, p := range s.paths {
		if lakeread.IsLake(p) {
			return loaders.OpenContext(ctx, s.o.Load, s.paths...)
		}
	}
	planned, skipped, err := loaders.Plan(s.paths...)
	if err != nil {
		return nil, err
	}
	gs, err := loadGroups(ctx, planned, s.groups, files, s.o.Load)
	if err != nil {
		return nil, err
	}
	sets := make([]*source.Dataset, len(gs))
	s.groups = map[string]*group{}
	for i, g := range gs {
		sets[i] = g.d
		s.groups[key(g.g)] = g
	}
	return loaders.Combine(sets, planned, skipped, s.o.Load)
}

// publishLocked builds the report of the last good load with the live
// section and hands it to the pages. s.mu is held.
func (s *Server) publishLocked() error {
	d := s.good
	s.st.files, s.st.updates, s.st.warnings, s.st.lastRecord = len(s.files), s.seq+1, len(d.Warnings), ""
	if d.HasLogSpan {
		s.st.lastRecord = frame.FormatMicros(d.LogEnd)
	}
	doc := document(d, s.o.Report, s.st)
	p, err := report.NewPatch(doc)
	if err != nil {
		return err
	}
	event, err := json.Marshal(struct {
		Seq   int           `json:"seq"`
		Patch *report.Patch `json:"patch"`
	}{s.seq + 1, p})
	if err != nil {
		return fmt.Errorf("watch: %w", err)
	}
	s.seq++
	s.doc, s.event = doc, event
	for ch := range s.subs {
		select {
		case ch <- struct{}{}:
		default: // it has one pending: it will send the newest
		}
	}
	return nil
}

// document is the page of d: its report with the live section of st
// on top.
func document(d *source.Dataset, o report.Options, st status) *report.Document {
	doc := report.Build(d, o)
	doc.Sections = append([]report.Section{liveSection(d, st)}, doc.Sections...)
	return doc
}

func (s *Server) logf(format string, args ...any) {
	if s.o.Logf != nil {
		s.o.Logf(format, args...)
	}
}

// closeSubs ends every page's event stream.
func (s *Server) closeSubs() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for ch := range s.subs {
		close(ch)
		delete(s.subs, ch)
	}
}

// Handler serves the page (/) and its event stream (/events) to
// requests whose Host is addr's (or localhost's on a loopback address).
func (s *Server) Handler(addr net.Addr) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.page)
	mux.HandleFunc("GET /events", s.events)
	hosts := allowedHosts(addr)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !hosts[r.Host] {
			http.Error(w, "jobframe watch answers requests for "+addr.String()+" only", http.StatusMisdirectedRequest)
			return
		}
		w.Header().Set("Cache-Control", "no-store")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		mux.ServeHTTP(w, r)
	})
}

// allowedHosts are the Host headers the server answers: its address,
// and localhost and the loopback addresses when it listens on one.
func allowedHosts(addr net.Addr) map[string]bool {
	hosts := map[string]bool{addr.String(): true}
	if ta, ok := addr.(*net.TCPAddr); ok {
		port := fmt.Sprint(ta.Port)
		if ta.IP.IsLoopback() {
			for _, h := range []string{"localhost", "127.0.0.1", "[::1]"} {
				hosts[h+":"+port] = true
			}
		}
	}
	return hosts
}

// page serves the current report with the script that keeps it up to
// date.
func (s *Server) page(w http.ResponseWriter, _ *http.Request) {
	s.mu.Lock()
	doc := s.doc
	s.mu.Unlock()
	var b bytes.Buffer
	if err := report.RenderPage(&b, doc, report.PageOptions{Script: watchJS, Connect: true}); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(b.Bytes()) //nolint:errcheck // a page gone is no error of the server's
}

// keepAlive is how often an idle event stream gets a comment, so that
// proxies and browsers keep it open.
const keepAlive = 15 * time.Second

// events streams the report to one page: the current one at once, then
// each new one (the newest, when several came between two sends).
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	flusher, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming is not supported here", http.StatusInternalServerError)
		return
	}
	ch := make(chan struct{}, 1)
	s.mu.Lock()
	s.subs[ch] = true
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		if s.subs[ch] {
			delete(s.subs, ch)
		}
		s.mu.Unlock()
	}()
	w.Header().Set("Content-Type", "text/event-stream")
	sent := -1
	send := func() error {
		s.mu.Lock()
		seq, event := s.seq, s.event
		s.mu.Unlock()
		if seq == sent {
			return nil
		}
		sent = seq
		if _, err := fmt.Fprintf(w, "id: %d\nevent: report\ndata: %s\n\n", seq, event); err != nil {
			return err
		}
		flusher.Flush()
		return nil
	}
	if send() != nil {
		return
	}
	keep := time.NewTicker(keepAlive)
	defer keep.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case _, open := <-ch:
			if !open || send() != nil {
				return
			}
		case <-keep.C:
			if _, err := fmt.Fprint(w, ": keep-alive\n\n"); err != nil {
				return
			}
			flusher.Flush()
		}
	}
}
