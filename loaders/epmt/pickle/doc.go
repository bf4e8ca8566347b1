// Package pickle decodes Python pickles safely, for EPMT's job_metadata:
// Decode never runs anything.
//
// A safe decoder for EPMT's job_metadata pickle (docs/formats.md).
// It is a stack machine over the pickle opcodes that EPMT's data can
// contain — protocol 0 text (Python 2: (, d, p, g, S, s, c, t, R, I, .)
// and protocols 2 to 5 binary — producing Go values: map[string]any,
// []any, string, []byte, int64, float64, bool, nil and pyDatetime. The
// only globals accepted are datetime.datetime, datetime.date,
// datetime.timedelta and datetime.timezone, and REDUCE/NEWOBJ may only
// call those: nothing is ever executed, and any other opcode or global is
// an error naming it and its offset.
package pickle
