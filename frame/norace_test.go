//go:build !race

package frame

// raceEnabled says the tests run under the race detector (race_test.go).
const raceEnabled = false
