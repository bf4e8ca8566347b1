// Package sourcetest is the test harness every format package shares:
// paths to the real files bundled in testdata/ and to ../shared/data,
// helpers that read frames in tests, the strict/lenient fuzz contract
// (Contract), conformance of every frame to the canonical schema
// (Conform), and datadriven goldens over testdata/<case>/ folders
// (Golden, rewritten with -update).
//
// A format's test is then a few lines:
//
//	func TestGolden(t *testing.T) { sourcetest.Golden(t, Format(), "testdata/golden") }
//	func FuzzLoad(f *testing.F) {
//		sourcetest.SeedLines(f, sourcetest.Bundled("hq/synthetic_v0.26_journal.jsonl"), 10)
//		f.Fuzz(func(t *testing.T, in string) { sourcetest.Contract(t, in, loadString) })
//	}
package sourcetest
