// Package bytesconv converts bytes without allocating: a byte slice
// viewed as a string (String), a decimal integer of at most 18 digits
// (Atoi), a decimal number on the fast path exact float64s allow
// (ParseDecimal), and a span of a text known from its context (Span).
package bytesconv
