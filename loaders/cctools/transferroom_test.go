package cctools

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/jobframe/jobframe/frame/schema"
	"github.com/jobframe/jobframe/loaders/source"
	"github.com/jobframe/jobframe/loaders/sourcetest"
)

// TestTransferRoom loads a log of known size past the 4 MB after which
// the transfers' columns make room for the rest of the input (the
// bundled TaskVine log 300 times over, 300 manager runs): the transfers
// are those of a load of unknown size, whose columns double as they
// fill, and their columns hold less room than a doubling leaves.
func TestTransferRoom(t *testing.T) {
	raw, err := os.ReadFile(sourcetest.Bundled("taskvine/realrun_vine_7.17.1_transactions.log"))
	if err != nil {
		t.Fatal(err)
	}
	in := bytes.Repeat(raw, 300)
	sized, err := loadCctools(&source.SizedReader{Reader: bytes.NewReader(in), Head: in[:64<<10], Size: int64(len(in))}, source.Options{})
	if err != nil {
		t.Fatal(err)
	}
	unsized, err := loadCctools(strings.NewReader(string(in)), source.Options{})
	if err != nil {
		t.Fatal(err)
	}
	got, want := sourcetest.Frame(t, sized, schema.Transfers), sourcetest.Frame(t, unsized, schema.Transfers)
	if a, b := sourcetest.CSV(t, got), sourcetest.CSV(t, want); a != b {
		t.Fatalf("transfers of the sized load differ: %d rows against %d", got.NumRows(), want.NumRows())
	}
	u, c := sourcetest.Held(t, sized, schema.Transfers)
	uu, cu := sourcetest.Held(t, unsized, schema.Transfers)
	t.Logf("%d transfers: %d bytes in %d held (sized), %d in %d (doubling)", got.NumRows(), u, c, uu, cu)
	if c > u+u/5 || c >= cu { // a twentieth more, 1,024 rows, the allocator's rounding
		t.Errorf("the sized load's transfers hold %d bytes for %d (a doubling's: %d)", c, u, cu)
	}
}
