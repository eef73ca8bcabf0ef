package cudatogo

import (
	"fmt"
	"sort"
	"strings"
)

// unsupportedSuffix ends the message of every construct outside the subset.
const unsupportedSuffix = " is not supported on simulated devices (it runs on a GPU)"

// Error is a problem at a position of the cell.
type Error struct {
	File      string
	Line, Col int // the cell's line, and the byte column
	Msg       string
	// Unsupported is set where the source may well be valid CUDA C++ that the simulator
	// can't run (Msg then ends with "is not supported on simulated devices (it runs on a
	// GPU)"); it is clear where the source is wrong (a syntax error, an undeclared name, a
	// type error), as NVRTC would say too.
	Unsupported bool
}

// Error formats the problem as "file:line:col: message".
func (e *Error) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

// ErrorList is a list of problems, in source order.
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
	out := make([]error, len(l))
	for i, e := range l {
		out[i] = e
	}
	return out
}

// sorted returns the list in source order without duplicates.
func (l ErrorList) sorted() ErrorList {
	out := append(ErrorList(nil), l...)
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Line != out[j].Line {
			return out[i].Line < out[j].Line
		}
		return out[i].Col < out[j].Col
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

// diag is an error found while translating, at a position of the source (not yet the cell).
type diag struct {
	pos         Pos
	msg         string
	unsupported bool
}

// bail unwinds a function's translation at its first error (recovered per function).
type bail struct{ d *diag }

func errUnsupported(pos Pos, what string) *diag {
	return &diag{pos: pos, msg: what + unsupportedSuffix, unsupported: true}
}

func errSource(pos Pos, format string, args ...any) *diag {
	return &diag{pos: pos, msg: fmt.Sprintf(format, args...)}
}
