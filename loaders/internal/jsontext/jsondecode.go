package jsontext

import (
	stdjson "encoding/json"
	"fmt"
	"reflect"

	json "github.com/goccy/go-json"
)

// Unmarshal decodes data into v with goccy/go-json (measured 1.6x
// faster than encoding/json on HyperQueue journals). Fuzzing found that
// it can panic on some malformed input (an index out of range in its
// whitespace skipper, v0.10.3; goccy/go-json#604); the panic becomes an
// ordinary decode error, so bad input stays a bad record with its file
// and line. goccy also accepts some malformed input: it skips the value
// of a member v lacks without checking it ({"x":{""""}} decodes). What
// it accepts is therefore scanned (ScanValue, eight bytes at a time),
// and malformed JSON is an error all the same.
func Unmarshal(data []byte, v any) error {
	if err := goccy(data, v); err != nil {
		return err
	}
	end, err := ScanValue(data, SkipWS(data, 0), 0)
	if err == nil && SkipWS(data, end) < len(data) {
		err = jsonErr(SkipWS(data, end), "the end of the JSON text")
	}
	return err
}

// UnmarshalScanned is Unmarshal of data its caller has found to be one
// well-formed JSON value (ScanValue, or a value inside a text Unmarshal
// read): goccy's decode alone, not scanned again.
func UnmarshalScanned(data []byte, v any) error { return goccy(data, v) }

// goccy is goccy/go-json's Unmarshal, its panic an error.
func goccy(data []byte, v any) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("malformed JSON (decoder failed: %v)", r)
		}
	}()
	return json.Unmarshal(data, v)
}

// UnmarshalExplained decodes data into v (a pointer) with Unmarshal, and
// when that fails, from v's zero value again with encoding/json, whose
// errors give the offset and the member at fault (and which reads some
// documents goccy refuses).
func UnmarshalExplained(data []byte, v any) error {
	if Unmarshal(data, v) == nil {
		return nil
	}
	if rv := reflect.ValueOf(v); rv.Kind() == reflect.Pointer && !rv.IsNil() {
		rv.Elem().SetZero()
	}
	return stdjson.Unmarshal(data, v)
}
