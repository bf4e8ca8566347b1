package lake

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/jobframe/jobframe/loaders/lake/manifest"
)

// FuzzReadManifest: any manifest file either fails to read with an error
// naming it or reads into a manifest that writes and reads back equal.
func FuzzReadManifest(f *testing.F) {
	f.Add([]byte(`{"version":1,"inputs":[{"id":"68bdcedc6747cb42","format":"hyperqueue","source":"hyperqueue","files":[{"path":"/a","size":3,"sha256":"x"}],"rows":{"tasks":56},"parts":["tasks/source=hyperqueue/day=2026-08-04/part-68bdcedc6747cb42-000001.parquet"],"warnings":0,"ingested":"2026-11-24T00:00:00Z","state":"committed"}]}`))
	f.Add([]byte(`{"version":2}`))
	f.Add([]byte(`{`))
	f.Fuzz(func(t *testing.T, b []byte) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, manifest.Name), b, 0o644); err != nil {
			t.Fatal(err)
		}
		m, err := manifest.Read(dir)
		if err != nil {
			return
		}
		if err := m.Write(dir); err != nil {
			t.Fatal(err)
		}
		again, err := manifest.Read(dir)
		if err != nil {
			t.Fatalf("a manifest written does not read back: %v", err)
		}
		if !reflect.DeepEqual(m, again) {
			t.Fatalf("round trip changed the manifest:\n%+v\n%+v", m, again)
		}
	})
}
