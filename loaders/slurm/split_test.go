package slurm

import (
	"bytes"
	"math/rand"
	"slices"
	"testing"
)

// TestTokens holds the word-at-a-time split to a byte loop, on lines of
// every length up to 40 bytes with the delimiter anywhere, and with
// bytes that differ from it in the high bit only (UTF-8 text, 0x80|d).
func TestTokens(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for _, delim := range []byte{'|', '\t', 0} {
		alphabet := []byte{delim, delim, 'a', '0', delim ^ 0x80, 0xff, delim + 1, delim - 1}
		for n := 0; n <= 40; n++ {
			for range 200 {
				line := make([]byte, n)
				for i := range line {
					line[i] = alphabet[rng.Intn(len(alphabet))]
				}
				var want []int
				for i, c := range line {
					if c == delim {
						want = append(want, i)
					}
				}
				want = append(want, len(line))
				if got := tokens(line, delim, nil); !slices.Equal(got, want) {
					t.Fatalf("tokens(%q, %q) = %v, want %v", line, delim, got, want)
				}
			}
		}
	}
	if got := tokens(bytes.Repeat([]byte("ab|"), 100), '|', nil); len(got) != 101 || got[99] != 299 {
		t.Fatalf("long line: %d pieces", len(got))
	}
}

// TestUnquote: fields quoted by a CSV writer lose their quotes; a doubled
// quote inside is one; anything else is left as sacct wrote it.
func TestUnquote(t *testing.T) {
	for in, want := range map[string]string{
		`""`:          ``,
		`"a|b"`:       `a|b`,
		`"say ""x"""`: `say "x"`,
		`"a"b"`:       `"a"b"`,
		`a"`:          `a"`,
		`"`:           `"`,
		`plain`:       `plain`,
	} {
		if got := string(unquote([]byte(in))); got != want {
			t.Errorf("unquote(%s) = %s, want %s", in, got, want)
		}
	}
}
