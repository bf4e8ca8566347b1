// Package jsontext scans and reads JSON text without building a tree:
// ScanValue and EachMember walk a record's members, Text, Int and Float
// read one value (an integer may be written 123.0 or 1.23e2: JSON has
// one number type), Int64, Int64s and OptInt decode integers through
// encoding-style decoders, Unmarshal decodes with goccy/go-json,
// turning its rare panics into errors, and Array holds a document's big
// array as text for its elements to be decoded on every core.
package jsontext
