package main

import (
	"errors"
	"io"
	"strings"
	"testing"
)

// TestPanicIsInternalError: a panic in a command is an internal error
// carrying its value and stack (which run reports with exit status 3, not
// Go's 2, the usage error's).
func TestPanicIsInternalError(t *testing.T) {
	c := command{name: "boom", run: func([]string, io.Writer, io.Writer) error { panic("index out of range") }}
	err := runCommand(c, nil, io.Discard, io.Discard)
	var ie internalError
	if !errors.As(err, &ie) || ie.value != "index out of range" || !strings.Contains(string(ie.stack), "TestPanicIsInternalError") {
		t.Fatalf("got %v", err)
	}
}
