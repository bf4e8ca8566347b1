// Package arena allocates a block at a time what a loader keeps to the
// end of a load: pointers to small records (tasks, attempts, processes;
// Arena) and copies of text (Text), one allocation per block instead of
// one each.
package arena
