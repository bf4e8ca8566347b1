package parsl

import (
	"context"
	"database/sql/driver"
	"errors"
	"io"
	"slices"
	"strings"
)

// scan reads the rows of table, in the table's order, calling fn with
// the values of the columns want names, in that order: NULL for the
// columns the table lacks (an older schema). Values come as SQLite
// stores them (int64, float64, string, []byte or nil): the columns are
// read as expressions (+col), so that the driver does not turn the
// text of a DATETIME column into a time of its own zone. fn's slice is
// reused from row to row.
func (d *database) scan(table string, want []string, fn func(v []driver.Value) error) error {
	have := d.tables[table]
	exprs := make([]string, len(want))
	for i, c := range want {
		exprs[i] = "NULL"
		if slices.Contains(have, c) {
			exprs[i] = "+" + quoteIdent(c)
		}
	}
	query := "SELECT " + strings.Join(exprs, ", ") + " FROM " + quoteIdent(table)
	// the driver's own rows: database/sql's Scan would copy and convert
	// every value once more, under a lock
	return d.conn.Raw(func(dc any) error {
		q, ok := dc.(driver.QueryerContext)
		if !ok {
			return d.bad(table, "a table that can be read", errors.New("the SQLite driver cannot query"))
		}
		rows, err := q.QueryContext(context.Background(), query, nil)
		if err != nil {
			return d.bad(table, "a table that can be read", err)
		}
		defer rows.Close()
		return d.consume(table, len(want), produce(rows, len(want)), fn)
	})
}

// batchRows is how many rows a batch of a table's values holds.
const batchRows = 1024

// batch is the values of up to batchRows rows, row after row, or the
// error that ended the read.
type batch struct {
	vals []driver.Value
	err  error
}

// produce steps SQLite through rows on a goroutine of its own, while the
// caller converts what it read (consume): the two halves of a load take
// about as long each. It stops when the caller closes stop.
func produce(rows driver.Rows, width int) *producer {
	p := &producer{out: make(chan batch, 4), stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(p.done)
		defer close(p.out)
		row := make([]driver.Value, width)
		for {
			b := batch{vals: make([]driver.Value, 0, width*batchRows)}
			for len(b.vals) < width*batchRows {
				if err := rows.Next(row); err != nil {
					if err != io.EOF {
						b.err = err
					}
					p.send(b)
					return
				}
				b.vals = append(b.vals, row...)
			}
			if !p.send(b) {
				return
			}
		}
	}()
	return p
}

// producer is the reading half of scan.
type producer struct {
	out        chan batch
	stop, done chan struct{}
}

// send hands b to the caller; false when the caller has stopped.
func (p *producer) send(b batch) bool {
	select {
	case p.out <- b:
		return true
	case <-p.stop:
		return false
	}
}

// consume calls fn for each row p reads, then waits for p to end.
func (d *database) consume(table string, width int, p *producer, fn func(v []driver.Value) error) error {
	defer func() {
		close(p.stop)
		<-p.done
	}()
	for b := range p.out {
		for i := 0; i < len(b.vals); i += width {
			if err := fn(b.vals[i : i+width]); err != nil {
				return err
			}
		}
		if b.err != nil {
			return d.bad(table, "a table that can be read", b.err)
		}
		if err := d.tick(); err != nil {
			return err
		}
	}
	return nil
}

// count returns the rows of table, for reserving room ahead (0 when it
// cannot tell: the read that follows reports the fault).
func (d *database) count(table string) int {
	if d.tables[table] == nil {
		return 0
	}
	var n int64
	if err := d.conn.QueryRowContext(context.Background(), "SELECT count(*) FROM "+quoteIdent(table)).Scan(&n); err != nil || n < 0 || n > 1<<31 {
		return 0
	}
	return int(n)
}

// quoteIdent quotes a SQL identifier.
func quoteIdent(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }
