package parsl

import (
	"database/sql/driver"
	"time"

	"github.com/jobframe/jobframe/loaders/source"
)

// reader reads the tables of one database into a model.
type reader struct {
	db    *database
	p     *source.Problems
	loc   *time.Location
	naive bool // a time was read without a zone
	// inferZone: no zone was given; zoneNote says what was used instead
	// of UTC, when the database told (zoneFromVersions).
	inferZone bool
	zoneNote  string
	model
}

// row is one record of a table as a table reader sees it: its fields
// by column index, read through methods that report the first bad
// field, named by the record's key columns (the record id of a
// database). A bad record is an error in strict mode and skipped in
// lenient mode.
type row struct {
	rd    *reader
	table string
	cols  []string
	keys  []int // the columns that identify a record, for messages
	v     []driver.Value
	bad   bool
	err   error
}

// each calls fn for every record of table, with the columns cols (NULL
// where the table lacks one); a record fn found bad is skipped (lenient)
// or stops the read (strict).
func (rd *reader) each(table string, cols []string, keys []int, fn func(r *row)) error {
	if rd.db.tables[table] == nil {
		return nil // a table of a later schema
	}
	r := &row{rd: rd, table: table, cols: cols, keys: keys}
	return rd.db.scan(table, cols, func(v []driver.Value) error {
		r.v, r.bad, r.err = v, false, nil
		fn(r)
		return r.err
	})
}

// fail reports field i bad, wanting want.
func (r *row) fail(i int, want string, err error) {
	if r.bad {
		return
	}
	r.bad = true
	s, _ := text(r.v[i])
	r.err = r.rd.p.Bad(0, record(r.table, r.cols, r.v, r.keys...)+"."+r.cols[i], s, want, err)
}

// str is field i as text, "" for NULL or Python's None.
func (r *row) str(i int) string {
	s, ok := text(r.v[i])
	if !ok || s == "None" {
		return ""
	}
	return s
}

// need is field i as text, which a record must have (its run id).
func (r *row) need(i int) string {
	s := r.str(i)
	if s == "" {
		r.fail(i, "a value (the column is part of the record's key)", nil)
	}
	return s
}

// id is field i as a whole number, which a record must have (a task or
// try id).
func (r *row) id(i int) int64 {
	n, ok, err := integer(r.v[i])
	if err != nil || !ok {
		r.fail(i, "a whole number (the column is part of the record's key)", err)
	}
	return n
}

// whole is field i as an optional whole number.
func (r *row) whole(i int) num {
	n, ok, err := integer(r.v[i])
	if err != nil {
		r.fail(i, "a whole number", err)
	}
	return num{n, ok && err == nil}
}

// real is field i as an optional number.
func (r *row) real(i int) flt {
	f, ok, err := number(r.v[i])
	if err != nil {
		r.fail(i, "a number", err)
	}
	return flt{f, ok && err == nil}
}

// boolean is field i as an optional 0 or 1.
func (r *row) boolean(i int) (bool, bool) {
	b, ok, err := flag(r.v[i])
	if err != nil {
		r.fail(i, "0 or 1", err)
	}
	return b, ok && err == nil
}

// when is field i as an optional time (µs since the epoch).
func (r *row) when(i int) num {
	us, ok, naive, err := moment(r.v[i], r.rd.loc)
	if err != nil {
		r.fail(i, "a time (YYYY-MM-DD HH:MM:SS[.ffffff], or seconds since the epoch)", err)
		return num{}
	}
	r.rd.naive = r.rd.naive || naive
	return num{us, ok}
}
