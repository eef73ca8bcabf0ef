package cudatogo

import (
	"fmt"

	"github.com/peerbook/peerbook/gpu/internal/srcerr"
)

// unsupportedSuffix ends the message of every construct outside the subset.
const unsupportedSuffix = " is not supported on simulated devices (it runs on a GPU)"

// Error is a problem at a position of the cell.
type Error = srcerr.Error

// ErrorList is a list of problems, in source order.
type ErrorList = srcerr.ErrorList

// diag is an error found while translating, at a position of the source (not yet the cell).
type diag struct {
	pos         Pos
	msg         string
	unsupported bool
}

// bail unwinds a function's translation at its first error (recovered per function).
type bail struct{ d *diag }

// recoverBail, deferred, stores a bail's diagnostic in *d (and re-panics anything else).
func recoverBail(d **diag) {
	if r := recover(); r != nil {
		b, ok := r.(bail)
		if !ok {
			panic(r)
		}
		*d = b.d
	}
}

func errUnsupported(pos Pos, what string) *diag {
	return &diag{pos: pos, msg: what + unsupportedSuffix, unsupported: true}
}

func errSource(pos Pos, format string, args ...any) *diag {
	return &diag{pos: pos, msg: fmt.Sprintf(format, args...)}
}
