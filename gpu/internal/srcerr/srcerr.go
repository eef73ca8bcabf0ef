// Package srcerr is the one error type for problems found in a cell's kernel source, by the
// Go kernel checker (package gokernel) and by the CUDA C translator (package cudatogo).
package srcerr

import (
	"fmt"
	"sort"
	"strings"
)

// Error is one problem at a position of the cell.
type Error struct {
	File      string
	Line, Col int // the cell's line, and the byte column
	Msg       string
	// Unsupported is set where the source may well be valid CUDA C++ that the simulator
	// can't run (Msg then ends with "is not supported on simulated devices (it runs on a
	// GPU)"); it is clear where the source is wrong (a syntax error, an undeclared name, a
	// type error), as NVRTC would say too. Go kernels never set it.
	Unsupported bool
}

// Error formats the problem as "file:line:col: message".
func (e *Error) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

// ErrorList is every problem found in a definition.
type ErrorList []*Error

// Error returns the problems, one a line.
func (l ErrorList) Error() string {
	lines := make([]string, len(l))
	for i, e := range l {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// Unwrap returns the problems, for errors.As.
func (l ErrorList) Unwrap() []error {
	errs := make([]error, len(l))
	for i, e := range l {
		errs[i] = e
	}
	return errs
}

// Sorted returns a copy of the list in source order (file, line, column) without exact
// duplicates.
func (l ErrorList) Sorted() ErrorList {
	out := append(ErrorList(nil), l...)
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	k := 0
	for i, e := range out {
		if i > 0 && *e == *out[k-1] {
			continue
		}
		out[k] = e
		k++
	}
	return out[:k]
}
