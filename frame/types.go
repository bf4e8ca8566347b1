package frame

import (
	"fmt"

	"github.com/apache/arrow/go/v17/arrow"
)

// Type is the logical type of a column.
type Type int

// The column types. Time is a timestamp with microsecond precision in UTC
// (Arrow timestamp[us, tz=UTC]).
const (
	Invalid Type = iota
	Int64
	Float64
	Bool
	String
	Time
)

// String returns the type's name as printed in frame headers: "int64",
// "float64", "bool", "string" or "timestamp[us, UTC]".
func (t Type) String() string {
	switch t {
	case Int64:
		return "int64"
	case Float64:
		return "float64"
	case Bool:
		return "bool"
	case String:
		return "string"
	case Time:
		return "timestamp[us, UTC]"
	}
	return "invalid"
}

// ParseType returns the Type named by s: "int64" (or "int"), "float64"
// (or "float"), "bool", "string", "time" (or "timestamp").
func ParseType(s string) (Type, error) {
	switch s {
	case "int64", "int":
		return Int64, nil
	case "float64", "float", "double":
		return Float64, nil
	case "bool", "boolean":
		return Bool, nil
	case "string", "str":
		return String, nil
	case "time", "timestamp", "timestamp[us, UTC]":
		return Time, nil
	}
	return Invalid, fmt.Errorf("unknown column type %q (want int64, float64, bool, string or time)", s)
}

// timestampType is the Arrow type of every Time column.
var timestampType = &arrow.TimestampType{Unit: arrow.Microsecond, TimeZone: "UTC"}

// dictStringType is the Arrow type of a dictionary-encoded string column.
var dictStringType = &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int32, ValueType: arrow.BinaryTypes.String}

// typeOf returns the logical type of a canonical Arrow array type.
func typeOf(dt arrow.DataType) Type {
	switch dt.ID() {
	case arrow.INT64:
		return Int64
	case arrow.FLOAT64:
		return Float64
	case arrow.BOOL:
		return Bool
	case arrow.STRING:
		return String
	case arrow.DICTIONARY:
		if d, ok := dt.(*arrow.DictionaryType); ok && d.ValueType.ID() == arrow.STRING {
			return String
		}
	case arrow.TIMESTAMP:
		return Time
	}
	return Invalid
}
