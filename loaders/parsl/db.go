package parsl

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"

	"github.com/jobframe/jobframe/loaders/source"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// busyTimeoutMS is how long a read waits for a writer's lock (a live
// Parsl run committing) before it gives up, in ms.
const busyTimeoutMS = 10000

// database is a monitoring.db open for reading, on one connection
// inside one read transaction: every table is read from one snapshot.
type database struct {
	file   string
	busyMS int // how long a read waits for a writer's lock
	db     *sql.DB
	conn   *sql.Conn
	tables map[string][]string // each table's columns, in order
	tick   func() error        // reads on in the input (see Load)
}

// openDatabase opens the database of input r named file. A plain file
// is opened where it lies, read-only, so that a database still being
// written is read in one read transaction; standard input and
// compressed files are read into memory first, up to limit bytes.
func openDatabase(r io.Reader, file string, limit int64, busyMS int) (*database, error) {
	ctx := context.Background()
	d := &database{file: file, busyMS: busyMS, tick: func() error { return nil }}
	var image []byte
	dsn := ""
	if path, ok := plainFile(r, file); ok {
		abs, err := filepath.Abs(path)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
		u := url.URL{Scheme: "file", Path: filepath.ToSlash(abs), RawQuery: fmt.Sprintf("mode=ro&_pragma=busy_timeout(%d)&_pragma=query_only(1)&_pragma=trusted_schema(0)", busyMS)}
		dsn = u.String()
		d.tick = drainer(r)
	} else {
		b, err := io.ReadAll(io.LimitReader(r, limit+1))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
		if int64(len(b)) > limit {
			return nil, d.bad("", fmt.Sprintf("a database of at most %d bytes from standard input or a compressed file (read into memory)", limit), errors.New("give the uncompressed file itself"))
		}
		image = b
		dsn = "file::memory:?_pragma=trusted_schema(0)"
	}
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, d.bad("", "a SQLite database", err)
	}
	db.SetMaxOpenConns(1)
	d.db = db
	if d.conn, err = db.Conn(ctx); err != nil {
		db.Close()
		return nil, d.bad("", "a SQLite database", err)
	}
	if image != nil {
		err = d.conn.Raw(func(c any) error {
			ds, ok := c.(interface{ Deserialize([]byte) error })
			if !ok {
				return errors.New("the SQLite driver cannot read a database from memory")
			}
			return ds.Deserialize(image)
		})
		if err == nil {
			_, err = d.conn.ExecContext(ctx, "PRAGMA query_only = 1")
		}
		if err != nil {
			d.close()
			return nil, d.bad("", "a SQLite database", err)
		}
	}
	if _, err := d.conn.ExecContext(ctx, "BEGIN"); err != nil {
		d.close()
		return nil, d.bad("", "a SQLite database", err)
	}
	if err := d.readSchema(); err != nil {
		d.close()
		return nil, err
	}
	return d, nil
}

// plainFile returns the path of r's file when r reads a plain file
// (not standard input, not decompressed): an input of known size.
func plainFile(r io.Reader, file string) (string, bool) {
	if file == "-" || file == "" || source.InputSize(r) <= 0 {
		return "", false
	}
	st, err := os.Stat(file)
	if err != nil || !st.Mode().IsRegular() {
		return "", false
	}
	return file, true
}

// drainer returns a function that reads on in r a block at a time and
// fails once r does with anything but its end: SQLite reads the file
// itself, and reading its input alongside keeps the load's progress
// moving, lets the input's context stop it, and feeds Options.Tee.
func drainer(r io.Reader) func() error {
	buf := make([]byte, 64<<10)
	done := false
	return func() error {
		if done {
			return nil
		}
		_, err := r.Read(buf)
		if err == io.EOF {
			done = true
			return nil
		}
		return err
	}
}

// finish reads the rest of the input (see drainer) and ends the read.
func (d *database) finish(r io.Reader) error {
	if _, err := io.Copy(io.Discard, r); err != nil {
		return fmt.Errorf("%s: %w", d.file, err)
	}
	return nil
}

// close ends the read transaction and closes the database.
func (d *database) close() {
	if d.conn != nil {
		d.conn.ExecContext(context.Background(), "ROLLBACK")
		d.conn.Close()
	}
	if d.db != nil {
		d.db.Close()
	}
}

// readSchema lists the database's tables and their columns.
func (d *database) readSchema() error {
	ctx := context.Background()
	rows, err := d.conn.QueryContext(ctx, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
	if err != nil {
		return d.bad("", "a SQLite database", err)
	}
	var names []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			rows.Close()
			return d.bad("", "a SQLite database", err)
		}
		names = append(names, n)
	}
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return d.bad("", "a SQLite database", err)
	}
	d.tables = map[string][]string{}
	for _, n := range names {
		cols, err := d.columns(n)
		if err != nil {
			return err
		}
		d.tables[n] = cols
	}
	return nil
}

// columns lists the columns of table name.
func (d *database) columns(name string) ([]string, error) {
	rows, err := d.conn.QueryContext(context.Background(), "SELECT name FROM pragma_table_info(?)", name)
	if err != nil {
		return nil, d.bad(name, "a table whose columns can be read", err)
	}
	defer rows.Close()
	var cols []string
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			return nil, d.bad(name, "a table whose columns can be read", err)
		}
		cols = append(cols, c)
	}
	if err := rows.Err(); err != nil {
		return nil, d.bad(name, "a table whose columns can be read", err)
	}
	return cols, nil
}

// bad is the error of a fault no record can be read past (a file that
// is no SQLite database, a damaged page, a lock held too long), at
// field (a table, or a record of one), with SQLite's reason in words.
func (d *database) bad(field, want string, err error) error {
	return &source.ParseError{File: d.file, Field: field, Want: want, Err: fmt.Errorf("%w: %w", source.ErrBadHeader, explain(err, d.busyMS))}
}

// explain adds what a user can do to SQLite's errors that have a cause
// outside the file's bytes.
func explain(err error, busyMS int) error {
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return err
	}
	switch se.Code() & 0xff {
	case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED:
		return fmt.Errorf("%w: a writer (a live Parsl run?) held the database locked for more than %.3g s; read it again, or a copy once the run ends", err, float64(busyMS)/1000)
	case sqlite3.SQLITE_READONLY:
		return fmt.Errorf("%w: the database needs a write to be read (a hot journal left by a writer that stopped mid-transaction, or a WAL database without its -shm file); open it once with sqlite3 where it can be written", err)
	case sqlite3.SQLITE_NOTADB:
		return fmt.Errorf("%w: not a SQLite database", err)
	case sqlite3.SQLITE_CORRUPT:
		return fmt.Errorf("%w: the database is damaged", err)
	}
	return err
}
