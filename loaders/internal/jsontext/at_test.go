package jsontext

import (
	"bytes"
	stdjson "encoding/json"
	"testing"
)

// FuzzAt holds TextAt and FloatAt, which read a value where it starts, to
// ScanValue followed by Text and Float, which scan it and then read it:
// the same text or number, the same end, an error for the same inputs;
// and IntAt and BoolAt to ScanValue followed by encoding/json's decoding
// into *int64 and *bool.
func FuzzAt(f *testing.F) {
	for _, s := range []string{`"abc"`, `"a\u00e9\n\"x"`, "\"\xff\xfe\"", `null`, `nul`, `"unterminated`, `12`, `-0.5e3`, `1e400`, `01`, `-`, `true`, `[1]`, `"a" , `, `3 ]`, `false`, `fals`, `-9223372036854775808`, `9223372036854775808`, `1.0`, `2e3`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		end, scanErr := ScanValue(b, 0, 0)
		text, tEnd, tOK, tErr := TextAt(b, 0)
		want, wOK, wErr := []byte(nil), false, scanErr
		if scanErr == nil {
			want, wOK, wErr = Text(b[:end])
		}
		if (tErr == nil) != (wErr == nil) || tErr == nil && (tOK != wOK || !bytes.Equal(text, want) || tEnd != end) {
			t.Fatalf("TextAt(%q) = %q %v end %d %v; ScanValue+Text %q %v end %d %v", b, text, tOK, tEnd, tErr, want, wOK, end, wErr)
		}
		v, fEnd, fOK, fErr := FloatAt(b, 0)
		wv, wOK, wErr := 0.0, false, scanErr
		if scanErr == nil {
			wv, wOK, wErr = Float(b[:end])
		}
		if (fErr == nil) != (wErr == nil) || fErr == nil && (fOK != wOK || v != wv || fEnd != end) {
			t.Fatalf("FloatAt(%q) = %v %v end %d %v; ScanValue+Float %v %v end %d %v", b, v, fOK, fEnd, fErr, wv, wOK, end, wErr)
		}
		// IntAt and BoolAt read what encoding/json reads into *int64 and *bool
		var ip *int64
		iErrWant := scanErr
		if scanErr == nil {
			iErrWant = stdjson.Unmarshal(b[:end], &ip)
		}
		iv, iEnd, iOK, iErr := IntAt(b, 0)
		if (iErr == nil) != (iErrWant == nil) || iErr == nil && (iOK != (ip != nil) || iOK && iv != *ip || iEnd != end) {
			t.Fatalf("IntAt(%q) = %v %v end %d %v; ScanValue+encoding/json %v end %d %v", b, iv, iOK, iEnd, iErr, ip, end, iErrWant)
		}
		var bp *bool
		bErrWant := scanErr
		if scanErr == nil {
			bErrWant = stdjson.Unmarshal(b[:end], &bp)
		}
		bv, bEnd, bOK, bErr := BoolAt(b, 0)
		if (bErr == nil) != (bErrWant == nil) || bErr == nil && (bOK != (bp != nil) || bOK && bv != *bp || bEnd != end) {
			t.Fatalf("BoolAt(%q) = %v %v end %d %v; ScanValue+encoding/json %v end %d %v", b, bv, bOK, bEnd, bErr, bp, end, bErrWant)
		}
	})
}

// TestNextElement walks what follows an element: a comma, the end of
// the list, or something else.
func TestNextElement(t *testing.T) {
	for _, c := range []struct {
		in         string
		next       int
		more, fail bool
	}{{" , 2", 3, true, false}, {"]", 1, false, false}, {" \n]x", 3, false, false}, {" 2", 1, false, true}, {"", 0, false, true}} {
		next, more, err := NextElement([]byte(c.in), 0)
		if next != c.next || more != c.more || (err != nil) != c.fail {
			t.Errorf("NextElement(%q) = %d %v %v", c.in, next, more, err)
		}
	}
}
