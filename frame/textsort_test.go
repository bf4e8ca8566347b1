package frame

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestSortByText checks the radix sort against a comparison sort on texts
// built to stress it: empty texts, prefixes of each other, texts equal in
// their first 8 and 16 bytes, NUL bytes (which the zero padding must not
// confuse with a text's end), repeats, and bytes above 0x7f.
func TestSortByText(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []string{"", "\x00", "a", "b", "\xff", "op:", ";op_instance:", "12345678"}
	for trial := range 300 {
		n := rng.IntN(300)
		if trial%10 == 0 { // past the radix sort's threshold, runs of most of the texts
			n = 256 + rng.IntN(3000)
		}
		texts := make([]string, n)
		for i := range texts {
			var b strings.Builder
			if trial%3 == 0 && rng.IntN(10) < 7 { // most texts sharing a chunk, the rest not
				b.WriteString("/home/user/")
			}
			for k := rng.IntN(6); k > 0; k-- {
				b.WriteString(alphabet[rng.IntN(len(alphabet))])
			}
			texts[i] = b.String()
		}
		codes := make([]int32, n)
		for i := range codes {
			codes[i] = int32(i)
		}
		sortByText(codes, func(c int32) string { return texts[c] })
		got := make([]string, n)
		for i, c := range codes {
			got[i] = texts[c]
		}
		want := slices.Clone(texts)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d: got %q, want %q", trial, got, want)
		}
		seen := make([]bool, n)
		for _, c := range codes {
			if seen[c] {
				t.Fatalf("trial %d: code %d twice", trial, c)
			}
			seen[c] = true
		}
	}
}

// epmtTags are n distinct texts shaped as EPMT's tags, in random order.
func epmtTags(n int) []string {
	ops := []string{"dmput", "hsmget", "hsmput", "ncks", "gcp"}
	tags := make([]string, n)
	for i := range tags {
		tags[i] = fmt.Sprintf("op:%s;op_instance:%d;op_sequence:%d", ops[i%len(ops)], i/len(ops), i)
	}
	rand.New(rand.NewPCG(3, 4)).Shuffle(n, func(i, j int) { tags[i], tags[j] = tags[j], tags[i] })
	return tags
}

func BenchmarkSortText(b *testing.B) {
	tags := epmtTags(755_000)
	text := func(c int32) string { return tags[c] }
	codes := make([]int32, len(tags))
	for _, impl := range []struct {
		name string
		sort func([]int32)
	}{
		{"radix", func(c []int32) { sortByText(c, text) }},
		{"compare", func(c []int32) { slices.SortFunc(c, func(x, y int32) int { return strings.Compare(tags[x], tags[y]) }) }},
	} {
		b.Run(impl.name, func(b *testing.B) {
			for range b.N {
				for i := range codes {
					codes[i] = int32(i)
				}
				impl.sort(codes)
			}
		})
	}
}
