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
// size and SHA-256.
func hashFile(path string) (FileState, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return FileState{}, err
	}
	fh, err := os.Open(path)
	if err != nil {
		return FileState{}, err
	}
	defer fh.Close()
	h := sha256.New()
	n, err := io.Copy(h, fh)
	if err != nil {
		return FileState{}, fmt.Errorf("%s: %w", path, err)
	}
	return FileState{Path: abs, Size: n, SHA256: hex.EncodeToString(h.Sum(nil))}, nil
}

// groupID names an input group by its files' hashes.
func groupID(files []FileState) string {
	h := sha256.New()
	for _, f := range files {
		io.WriteString(h, f.SHA256)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}
