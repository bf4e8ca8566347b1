package lake

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// hashFile returns the state of the file at path: its absolute path,
// size and SHA-256; and, when 0 < prefix < size, the SHA-256 of its
// first prefix bytes (hex), read in the same pass: whether the file
// begins with what was ingested before, as a log that has grown does.
func hashFile(path string, prefix int64) (FileState, string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return FileState{}, "", err
	}
	fh, err := os.Open(path)
	if err != nil {
		return FileState{}, "", err
	}
	defer fh.Close()
	h := sha256.New()
	var n int64
	var head string
	if prefix > 0 {
		if n, err = io.CopyN(h, fh, prefix); err == nil {
			head = hex.EncodeToString(h.Sum(nil)) // Sum leaves h as it is
		} else if err != io.EOF {
			return FileState{}, "", fmt.Errorf("%s: %w", path, err)
		}
	}
	rest, err := io.Copy(h, fh)
	if err != nil {
		return FileState{}, "", fmt.Errorf("%s: %w", path, err)
	}
	if n += rest; n == prefix {
		head = "" // not longer than the prefix
	}
	return FileState{Path: abs, Size: n, SHA256: hex.EncodeToString(h.Sum(nil))}, head, nil
}

// groupID names an input group by its files' hashes.
func groupID(files []FileState) string {
	h := sha256.New()
	for _, f := range files {
		io.WriteString(h, f.SHA256)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}
