package slurm

import (
	"fmt"
	"hash/maphash"
	"math/rand"
	"testing"
)

// TestAttempts numbers random JobIDs (many repeated) against a map
// counted row by row; then with every row on one hash, the collision
// path, and with a few hashes shared by distinct JobIDs.
func TestAttempts(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	ids := make([]string, 50000)
	for i := range ids {
		ids[i] = fmt.Sprint(rng.Intn(20000))
	}
	count := map[string]int64{}
	want := make([]int64, len(ids))
	for i, id := range ids {
		count[id]++
		want[i] = count[id]
	}
	seed := maphash.MakeSeed()
	textOf := func(r int) string { return ids[r] }
	for _, c := range []struct {
		name string
		hash func(string) uint64
	}{
		{"maphash", func(s string) uint64 { return maphash.String(seed, s) }},
		{"one hash", func(string) uint64 { return 42 }},
		{"shared hashes", func(s string) uint64 { return maphash.String(seed, s) % 97 }},
	} {
		hashes := make([]uint64, len(ids))
		for i, id := range ids {
			hashes[i] = c.hash(id)
		}
		got := attemptsOf(hashes, textOf)
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("%s: row %d (%s): attempt %d, want %d", c.name, i, ids[i], got[i], want[i])
			}
		}
	}
	if len(attemptsOf(nil, textOf)) != 0 {
		t.Error("rows from no rows")
	}
}
