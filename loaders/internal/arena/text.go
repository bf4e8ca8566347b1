package arena

import "github.com/jobframe/jobframe/loaders/internal/bytesconv"

// Text holds copies of text in blocks that never move: the strings it
// returns view them and stay valid as it grows, with one allocation per
// TextBlock bytes rather than one per string.
type Text struct{ cur []byte }

// TextBlock is the number of bytes a Text allocates at once (more for a
// longer string).
const TextBlock = 32 << 10

// Add returns a string holding a copy of b.
func (a *Text) Add(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if cap(a.cur)-len(a.cur) < len(b) {
		a.cur = make([]byte, 0, max(TextBlock, len(b)))
	}
	start := len(a.cur)
	a.cur = append(a.cur, b...)
	return bytesconv.String(a.cur[start:])
}
