//go:build unix

package lake

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// lockName is the file an ingest holds locked, so that two ingests into
// one lake take turns.
const lockName = "_lock"

// lock takes the lake's lock, waiting for another ingest to finish; the
// returned function releases it.
func lock(dir string) (func(), error) {
	fh, err := os.OpenFile(filepath.Join(dir, lockName), os.O_CREATE|os.O_RDWR|syscall.O_NOFOLLOW, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(fh.Fd()), syscall.LOCK_EX); err != nil {
		fh.Close()
		return nil, fmt.Errorf("locking %s: %w", fh.Name(), err)
	}
	return func() {
		syscall.Flock(int(fh.Fd()), syscall.LOCK_UN)
		fh.Close()
	}, nil
}
