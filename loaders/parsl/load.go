package parsl

import (
	"bytes"

	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/internal/columns"
	"github.com/jobframe/jobframe/loaders/source"
)

// Source is the Dataset.Source of Parsl monitoring loads.
const Source = "parsl"

// magic starts every SQLite 3 database file.
var magic = []byte("SQLite format 3\x00")

// required are the tables every Parsl monitoring database has, from
// the 2019 schema on.
var required = []string{"workflow", "task", "status"}

// Format is Parsl's monitoring database (monitoring.db, SQLite).
func Format() source.Format {
	return source.Format{
		Name:        "parsl-monitoring",
		System:      "Parsl",
		Description: "Parsl's monitoring database (monitoring.db, SQLite: workflow, task, try, status, resource, node and block tables)",
		Sources:     []string{Source},
		Frames: []string{schema.Jobs, schema.Tasks, schema.Placements, schema.Events, schema.Samples, schema.Workers,
			schema.Allocations, schema.Dependencies},
		Sniff: func(_ string, head []byte) bool { return bytes.HasPrefix(head, magic) },
		Load:  func(in []source.Input, o source.Options) (*source.Dataset, error) { return source.LoadOne(in, o, Load) },
	}
}

// Load reads one monitoring database (see the package documentation).
func Load(r io.Reader, o source.Options) (*source.Dataset, error) { return load(r, o, busyTimeoutMS) }

// load is Load with a writer's lock waited for up to busyMS ms.
func load(r io.Reader, o source.Options, busyMS int) (*source.Dataset, error) {
	file := o.InputName()
	loc, err := o.Location()
	if err != nil {
		return nil, err
	}
	db, err := openDatabase(r, file, o.ArchiveLimit(), busyMS)
	if err != nil {
		return nil, err
	}
	defer db.close()
	if err := checkTables(db); err != nil {
		return nil, err
	}
	p := o.Problems(file)
	rd := &reader{db: db, p: p, loc: loc, model: model{runIndex: map[string]int{}, tasks: map[key]*task{},
		tries: map[key]*try{}, orphans: map[string]bool{}}}
	rd.hasTry = db.tables["try"] != nil
	rd.inferZone = o.TimeZone == ""
	for _, step := range []func() error{rd.workflows, rd.taskRows, rd.tryRows, rd.statusRows, rd.resourceRows, rd.nodeRows, rd.blockRows} {
		if err := step(); err != nil {
			return nil, err
		}
	}
	if err := db.finish(r); err != nil {
		return nil, err
	}
	tries := rd.attempts(p)
	if len(tries) == 0 {
		p.Note(0, "task", "", fmt.Sprintf("%d runs and no tasks (runs stopped before their first task, or monitoring was off)", len(rd.runs)))
	}
	rd.noteZone(p)
	d := &source.Dataset{Source: Source, Files: []string{file}, Warnings: p.Finish()}
	rd.sets = columns.NewSets(o.Keeps, schema.Jobs, schema.Tasks, schema.Placements, schema.Events, schema.Samples,
		schema.Workers, schema.Allocations, schema.Dependencies)
	d.Frames = rd.frames(tries, source.WantFrames(o))
	rd.sets.Skip(d)
	return o.Project(d, nil)
}

// checkTables refuses a database that lacks a table of every Parsl
// monitoring database, naming those it lacks and those it has.
func checkTables(db *database) error {
	var lacks []string
	for _, t := range required {
		if db.tables[t] == nil {
			lacks = append(lacks, t)
		}
	}
	if len(lacks) == 0 {
		return nil
	}
	var has []string
	for t := range db.tables {
		has = append(has, t)
	}
	sort.Strings(has)
	what := "no tables"
	if len(has) > 0 {
		what = "the tables " + strings.Join(has, ", ")
	}
	return &source.ParseError{File: db.file, Want: "a Parsl monitoring database (tables workflow, task, status; try, resource, node and block in later Parsl)",
		Err: fmt.Errorf("%w: %w", source.ErrBadHeader, fmt.Errorf("a SQLite database without the tables %s (it has %s)", strings.Join(lacks, ", "), what))}
}
