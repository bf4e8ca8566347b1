//go:build race

package frame

// raceEnabled says the tests run under the race detector (go test
// -race), whose instrumentation makes the budget tests' gigabyte of
// decoded zeros take 25 s rather than 2.
const raceEnabled = true
