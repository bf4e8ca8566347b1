// Package arena hands out pointers to values allocated a block at a
// time, for the millions of small records (tasks, attempts, processes) a
// loader keeps to the end of a load: one allocation per Block values
// instead of one each.
package arena
