// Package session is jobframe's interactive Go session, shared by the
// REPL (jobframe repl), the Jupyter kernel (jobframe kernel) and the
// script runner (jobframe run): a yaegi interpreter with jobframe's
// packages, gota and the standard library imported, in front of which
// Go's own type checker (package check) rejects what Go rejects.
//
// The files, one concern each: session.go (Session: New, AddDataset,
// Bind, Batch, Interactive, the : commands), lazy.go (AddLazy: a lake's
// variables, loaded when an input first names them), evaluate.go (one input
// evaluated, its value or error), interp.go (the interpreter and its
// error messages), interrupt.go (Ctrl-C and the kernel's interrupt:
// running code stops at its next call, compiled calls finish in the
// background), complete.go (completion by static type and column
// names), docof.go (expr? and :doc), goscan.go (the Go text around the
// cursor), history.go (one history entry per input), panictrace.go
// (yaegi's panic lines), kernel.go (Kernel: a Session as a Jupyter
// kernel's interpreter) and script.go (RunScript).
package session
