package slurm

import "github.com/jobframe/jobframe/loaders/internal/arena"

// A chunk is one batch of lines decoded on a worker goroutine into
// columns: the rows of its jobs and of its steps apart, each field in its
// slot (slots.go). The builder keeps every chunk to the end of the load
// and then concatenates the runs of rows it took (assemble.go), a column
// per goroutine; reading a row costs the builder's goroutine nothing.

// lineState is what a worker made of one line.
type lineState uint8

const (
	lineJob   lineState = iota // a job row, added to the chunk's job rows
	lineStep                   // a step row, added to its step rows
	lineEmpty                  // an empty line
	lineOther                  // a line that does not read alone (too few or too many fields, a bad field): the builder decides
)

// Sides of a chunk's rows.
const (
	jobSide  = 0
	stepSide = 1
)

type chunk struct {
	state []lineState // per line of the batch
	dicts [][]string  // per text slot: the values its rows hold, each once while the slot is looked up (dedupeFrom)
	hosts [][]string  // the hosts of each NodeList value, by its code
	rows  [2]rowCols  // the job rows and the step rows
	arena arena.Text  // the bytes of the dicts' values
}

// rowCols are the rows of one side of a chunk, column by column.
type rowCols struct {
	n    int
	text [][]int32 // per text slot: each row's code in the chunk's dict, -1 for null
	ints []intVals
	flts []fltVals
	hash []uint64 // of each row's JobID, which numbers attempts
	line []int64  // the line each row starts on
}

type intVals struct {
	v  []int64
	ok []bool
}

type fltVals struct {
	v  []float64
	ok []bool
}

func newChunk(sl *slots, lines int) *chunk {
	return &chunk{state: make([]lineState, 0, lines), dicts: make([][]string, sl.text)}
}
