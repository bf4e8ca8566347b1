// Package words interns the words a log repeats (states, categories,
// result words) as small integer codes, so that records keep a code, not
// a string, until the frames are built.
package words
